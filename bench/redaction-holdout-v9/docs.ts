/**
 * Documentation examples (counted apart from recall): the published example credentials of AWS,
 * Stripe's API reference and the Azurite emulator, and jwt.io's sample token, pasted in the same
 * idioms as the rest of the corpus.
 */
import type { RandomDraws } from '../random.js';
import { idiom, isoTime, ORGS, paste, REPOS, type PasteCategory } from './kit.js';

const AWS_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const STRIPE_DOC_KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const JWT_IO = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

const repo = (rng: RandomDraws) => `${rng.pick(ORGS)}/${rng.pick(REPOS)}`;

const docExamplesConfig = idiom(
  'doc-example-config',
  8,
  (rng) => paste(`my ~/.aws/credentials for the localstack test (${repo(rng)}):\n\n[localstack]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = ${AWS_EXAMPLE_SECRET}\nregion = us-east-1`, AWS_EXAMPLE_SECRET),
  (rng) => paste(`.env.test in ${repo(rng)}:\n\nSTRIPE_SECRET_KEY=${STRIPE_DOC_KEY}\nSTRIPE_API_BASE=http://localhost:${rng.int(12000, 12999)}`, STRIPE_DOC_KEY),
  (rng) => paste(`AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${AZURITE_KEY};BlobEndpoint=http://127.0.0.1:${rng.pick([10000, 10100])}/devstoreaccount1;"`, AZURITE_KEY),
);

const docExamplesLogs = idiom(
  'doc-example-logs',
  8,
  (rng) => paste(`${isoTime(rng)} DEBUG auth middleware: verifying Authorization: Bearer ${JWT_IO} -> invalid signature (secret mismatch)`, JWT_IO),
  (rng) => paste(`$ curl https://api.stripe.com/v1/charges -u ${STRIPE_DOC_KEY}: -d amount=${rng.int(100, 9999)} -d currency=usd\n{"error": {"type": "invalid_request_error"}}`, STRIPE_DOC_KEY),
  (rng) => paste(`+ export AWS_SECRET_ACCESS_KEY=${AWS_EXAMPLE_SECRET}\n+ aws --endpoint-url=http://localhost:4566 s3 mb s3://test-${rng.int(1, 999)}`, AWS_EXAMPLE_SECRET),
);

export const DOC_EXAMPLE_CATEGORIES: readonly PasteCategory[] = [docExamplesConfig, docExamplesLogs];
