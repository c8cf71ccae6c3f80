/**
 * Documentation examples (counted apart by the scorer): values that vendors publish in their own
 * documentation, met in the same kinds of turns as the real secrets. Two categories of eight.
 */
import type { RandomDraws } from '../random.js';
import { envName, historyLines, plainCommands, project, shortSha } from './scene.js';
import { situation, turn, type Turn } from './turn.js';

/** The secret half of AWS's documented example access key pair. */
const AWS_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
/** Azurite's (the storage emulator's) documented well-known account key. */
const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
/** The secret test key in Stripe's API reference. */
const STRIPE_DOC_KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
/** The example token on jwt.io. */
const JWT_IO = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

type Slot = (rng: RandomDraws, name: string, value: string, service: string) => Turn;

/** The four kinds of turn every documented value is placed in. */
const SLOTS: readonly Slot[] = [
  (rng, name, value) => turn(`my history from setting this up:\n\n${historyLines(rng.int(300, 900), [...plainCommands(rng, rng.int(3, 5)), `export ${name}=${value}`, ...plainCommands(rng, rng.int(2, 4))])}\n`, value),
  (rng, name, value, service) => turn(`${service} client fails in the tests:\n\nError: request failed with status 401 (${rng.pick(['invalid_request_error', 'Unauthorized', 'AuthenticationFailed'])})\n    at Client.send (src/${project(rng)}/client.ts:${rng.int(10, 99)}:${rng.int(5, 30)})\n\n.env.test:\nAPP_ENV=test\n${name}=${value}\nLOG_LEVEL=warn\n`, value),
  (rng, name, value, service) => turn(`I found the ${service} setting in \`config/${envName(rng)}.env\`: \`${name}\` is \`${value}\`, which is the example value from the ${service} documentation, not a working credential. That explains the authentication error in the integration test (run ${shortSha(rng)}). Replace it with a real value from your secret store.`, value),
  (rng, name, value) => {
    const at = rng.int(5, 50);
    return turn(`I edited the README so a new contributor can run ${project(rng)} locally:\n\n@@ -${at},3 +${at},6 @@ ## Running locally\n Install the dependencies, then\n+\n+    export ${name}="${value}"\n+\n run \`make dev\` and open http://localhost:${rng.pick([3000, 8000, 8080])}.\n`, value);
  },
];

function documented(entries: readonly [string, string, string][]): (rng: RandomDraws) => Turn {
  let n = 0;
  return (rng) => {
    const [name, value, service] = entries[n % entries.length]!;
    const slot = SLOTS[Math.floor(n / entries.length) % SLOTS.length]!;
    n++;
    return slot(rng, name, value, service);
  };
}

/** Built afresh for each generation, so the round-robin counters start at zero. */
export function docExampleCategories() {
  return [
    situation('doc-example-cloud-keys', 8, documented([['AWS_SECRET_ACCESS_KEY', AWS_EXAMPLE_SECRET, 'AWS'], ['AZURE_STORAGE_KEY', AZURITE_KEY, 'Azure Storage']])),
    situation('doc-example-api-tokens', 8, documented([['STRIPE_SECRET_KEY', STRIPE_DOC_KEY, 'Stripe'], ['AUTH_TOKEN', JWT_IO, 'API']])),
  ];
}
