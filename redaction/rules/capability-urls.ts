/**
 * Family `generic`: URLs and paths whose unguessable part is itself the credential. Whoever knows
 * the address of an incoming webhook can post to it, whoever knows a magic or reset link can sign
 * in with it: there is no key beside the address to redact. Two places say a segment is one:
 *
 * - the path after a hook's own word (`/hooks/<id>`, `/webhook/<uuid>`, `/api/webhook/<id>`,
 *   `/build_hooks/<id>`, `/hooks/<id>/<token>`) or a sign-in link's (`/magic-link/<token>`,
 *   `/reset-password/<token>`): Mattermost, Rocket.Chat, n8n, Home Assistant, Feishu, Netlify,
 *   Cloudflare Pages, Webex, self-hosted hook relays;
 * - a setting whose name says it holds a hook's or a callback's secret path or address
 *   (`INBOUND_HOOK_PATH=`, `webhookPath:`, `CALLBACK_SECRET_PATH=`, `ALERT_WEBHOOK_URL=`).
 *
 * Either way only a segment drawn at random is taken (a UUID, hex, letters and digits mixed as a
 * generator mixes them, or letters with too few vowels to be words): `/hooks/github`,
 * `/webhooks/stripe-events`, `WEBHOOK_PATH=/api/v1/webhooks/payments` stay. Once one occurrence
 * is found, the literal registry removes the value elsewhere (a route's file name, prose).
 */
import { shannonEntropy } from '../entropy.js';
import type { Rule, Span } from '../types.js';
import { caseChanges } from '../validators.js';
import { DOC_RUNS, UUID } from './vendors/shared.js';

const SEGMENT_CHARS = /^[A-Za-z0-9_-]+$/;
const WHOLE_UUID = new RegExp(`^${UUID}$`, 'i');

/** A path segment drawn at random, long enough to be unguessable (16 characters or more). */
export function unguessableSegment(segment: string): boolean {
  if (segment.length < 16 || segment.length > 256 || !SEGMENT_CHARS.test(segment)) return false;
  if (DOC_RUNS.some((doc) => doc.test(segment))) return false;
  if (WHOLE_UUID.test(segment)) return true;
  const body = segment.replace(/[-_]/g, '');
  if (body.length < 16) return false;
  // words joined by separators (`stripe-payment-events`, `order_created_v2`) are a route's name
  if (/[-_]/.test(segment) && segment.split(/[-_]+/).every((part) => /^(?:[A-Za-z][a-z]{1,15}|[A-Z]{2,8}|v?\d{1,4})$/.test(part))) return false;
  const digits = body.replace(/\D/g, '').length;
  const letters = body.replace(/[^A-Za-z]/g, '');
  const vowels = letters.replace(/[^aeiouyAEIOUY]/g, '').length;
  // words hold about two vowels in five letters (y counted), letters drawn at random about one in four
  const fewVowels = letters.length > 0 && vowels / letters.length < (letters.length >= 30 ? 0.34 : 0.3);
  // words joined in camel or Pascal case, a number among them (`CreateWebhookRequest`, `handleStripeEvent2024v2`)
  if (/[A-Z]/.test(body) && /^(?:[A-Z]?[a-z]{2,}|[A-Z]{2,}(?![a-z])|[A-Za-z]?\d{1,4})+$/.test(body) && vowels / letters.length >= 0.25) return false;
  if (/^[0-9a-f]+$/i.test(body)) return digits >= 3 && letters.length >= 3 && shannonEntropy(body) >= 3;
  // letters of both cases changing case often (`JhdPjgqwtoiTEYFE`), not words in camel case
  if (/[a-z]/.test(letters) && /[A-Z]/.test(letters) && caseChanges(letters) >= letters.length / 4 && shannonEntropy(body) >= 3.5) return true;
  if (digits === 0) return body.length >= 20 && fewVowels && shannonEntropy(body) >= 3.5;
  const digitRuns = body.match(/\d+/g)?.length ?? 0;
  // a word and a number (`release2024`, `handleWebhook2`) keeps its digits in one or two runs
  return letters.length >= 6 && shannonEntropy(body) >= 3.5 && (digitRuns >= 4 || (digitRuns >= 2 && fewVowels));
}

/** The random path segments of a value (a bare segment, a path or a URL), and where each starts in it. */
function* unguessableSegmentsOf(value: string): Generator<Span> {
  const hostEnd = /^[a-z][a-z0-9+.-]*:\/\/[^/\s]*/i.exec(value)?.[0].length ?? 0;
  const pathEnd = value.slice(hostEnd).search(/[?#]/);
  const path = pathEnd === -1 ? value.slice(hostEnd) : value.slice(hostEnd, hostEnd + pathEnd);
  const segment = /[^/]+/g;
  for (let m = segment.exec(path); m !== null; m = segment.exec(path)) {
    // a route file named after the segment: `<segment>.js`
    const name = m[0].replace(/\.[a-z]{1,4}$/, '');
    if (unguessableSegment(name)) yield { start: hostEnd + m.index, end: hostEnd + m.index + name.length };
  }
}

/** A hook's or a sign-in link's word, then the segment (Rocket.Chat's `/hooks/<id>/<token>`: two). */
const CAPABILITY_PATH = /\/(?:(?:web)?hooks?(?:-test)?|build_hooks|deploy_hooks|magic[-_]?links?|(?:reset|forgot)[-_]password|password[-_]reset)\/(?:incoming\/)?(?<segment>[A-Za-z0-9_-]{16,256})(?:\/(?<segment2>[A-Za-z0-9_-]{16,256}))?(?![A-Za-z0-9_-])/gi;

function* capabilityPaths(text: string): Generator<Span> {
  CAPABILITY_PATH.lastIndex = 0;
  for (let m = CAPABILITY_PATH.exec(text); m !== null; m = CAPABILITY_PATH.exec(text)) {
    const first = m.groups!.segment!;
    const second = m.groups!.segment2;
    const start = m.index + m[0].length - (second === undefined ? first.length : first.length + 1 + second.length);
    if (unguessableSegment(first)) yield { start, end: start + first.length };
    if (second !== undefined && unguessableSegment(second)) yield { start: start + first.length + 1, end: start + first.length + 1 + second.length };
  }
}

/**
 * A setting named for a hook's or a callback's path, route, id or address, its separator, then its
 * value (quoted or not): `INBOUND_HOOK_PATH=`, `"webhookPath": "`, `callback_secret_path: `. The
 * match starts at the hook's word (a name's first part is checked after: see nameStartsNear), so
 * the text is not tried name by name at every position.
 */
const CAPABILITY_SETTING = /(?:hook|callback)[_-]?(?:secret[_-]?)?(?:path|route|slug|id|url|uri|endpoint)\\?["']?[ \t]*(?::=|[:=])[ \t]*(?:\\?["'])?(?<value>[^\s"'\x60\\,;<>()[\]{}]{16,512})/gi;

/** A name's first part before the word at `at` is at most this long (`INBOUND_`, `alertmanager.web`). */
const MAX_NAME_PREFIX = 40;

const isAlphanumeric = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** The word at `at` is in a name that starts at most MAX_NAME_PREFIX letters and digits before it. */
function nameStartsNear(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && isAlphanumeric(text.charCodeAt(start - 1))) start -= 1;
  return at - start <= MAX_NAME_PREFIX;
}

function* capabilitySettings(text: string): Generator<Span> {
  CAPABILITY_SETTING.lastIndex = 0;
  for (let m = CAPABILITY_SETTING.exec(text); m !== null; m = CAPABILITY_SETTING.exec(text)) {
    if (!nameStartsNear(text, m.index)) {
      CAPABILITY_SETTING.lastIndex = m.index + 1;
      continue;
    }
    const value = m.groups!.value!;
    const at = m.index + m[0].length - value.length;
    for (const span of unguessableSegmentsOf(value)) yield { start: at + span.start, end: at + span.end };
  }
}

export const CAPABILITY_URL_RULES: readonly Rule[] = [
  {
    id: 'capability-url-path',
    type: 'secret',
    label: 'capability-url',
    description: "the random segment after a hook's or a sign-in link's word in a URL or a path: `/hooks/<id>` (Mattermost, Rocket.Chat's `/hooks/<id>/<token>`), `/webhook/<uuid>` (n8n, Home Assistant), `/build_hooks/<id>`, `/magic-link/<token>`, `/reset-password/<token>`",
    keywords: ['hook', 'magic', 'password'],
    detector: capabilityPaths,
    examples: {
      match: [
        'curl -X POST -d \'{"text":"nightly ok"}\' https://chat.example.org/hooks/3kq9zt1mxw8pd7ycv2hb6nr4fa',
        'ROCKET_URL=https://rc.example.net/hooks/Wd8sK2mQpL7xZr4Tb/nF3vG9hJ2kL5qR8tY1wX4zC7bM0pS6dA3eH9uV2iO5yN8',
        'automation: POST https://hass.example.lan/api/webhook/7e4c1a9b2f6d8e03c5b7a1f4d9e2c6b8 -> 200',
        'n8n: workflow activated, production URL https://flows.example.com/webhook/9b1e4f2a-6c3d-4e8a-b5f7-0d2c1a9e8b4f',
        '"POST /build_hooks/64f2a9c1e7b3d5f80a6c4e21 HTTP/1.1" 200',
        'Your sign-in link: https://app.example.com/auth/magic-link/kR7zQ2vN9xW4pL8mT3bY6cH1dF5gJ0sA',
        'src/routes/hooks/q7wmz2kx9vb4tn8yr3pd6hf1lc5gj0sa.js',
      ],
      noMatch: [
        'https://chat.example.org/hooks/',
        'app.post("/webhooks/stripe-payment-events", handler)',
        'https://api.github.com/repos/acme/app/hooks/412398127/deliveries',
        'see .git/hooks/pre-commit.sample and .git/hooks/prepare-commit-msg',
        'https://docs.example.com/webhook/getting-started-with-outgoing',
        'https://hass.example.lan/api/webhook/{webhook_id}',
        'https://hooks.example.com/hooks/xxxxxxxxxxxxxxxxxxxxxxxx',
        'import { useWebhookSubscriptions } from "./hooks/useWebhookSubscriptions"',
        'POST /reset-password/request-new-password-link',
      ],
    },
  },
  {
    id: 'capability-path-setting',
    type: 'secret',
    label: 'capability-url',
    description: "the random segment of a setting named for a hook's or a callback's secret path, id or address: `INBOUND_HOOK_PATH=<random>`, `webhookPath: /hooks/<random>`, `CALLBACK_SECRET_PATH=`, `ALERT_WEBHOOK_URL=https://host/<random>`",
    keywords: ['hook', 'callback'],
    detector: capabilitySettings,
    examples: {
      match: [
        'ORDERS_HOOK_PATH=v4n8q2zk7xw1m9tb3rc6yp5ld0hg8fsj',
        "export WEBHOOK_PATH='/inbound/Tq8mZ2xV7kR4pW9nL3bY6cJ1'",
        'callback_secret_path: 5hx9kq2w7zm4vn8tb1rc3yp6',
        '  "webhookUrl": "https://relay.example.net/in/hq3z8vk2mx7wt9pb4nr6yc1d",',
        'PAGER_WEBHOOK_ID=gkzw8x2q7vm4t9nb3r6c',
      ],
      noMatch: [
        'WEBHOOK_PATH=/api/v1/webhooks/payments',
        'CALLBACK_URL=https://app.example.com/auth/callback',
        'GITHUB_HOOK_ID=412398127',
        'ALERT_WEBHOOK_URL=https://alerts.example.com/hooks/${ALERT_HOOK_TOKEN}',
        'webhook_path: /hooks/deployments/production-notifications',
        'PRE_COMMIT_HOOK_PATH=.githooks/pre-commit-validate-everything',
      ],
    },
  },
];

/** Hosts whose address is the credential with no hook word in the path (the vendors' documented shapes). */
export const CAPABILITY_HOST_RULES: readonly Rule[] = [
  {
    id: 'capability-host-url',
    type: 'secret',
    label: 'capability-url',
    description: "a service's incoming address whose path or host is the credential: Make (`hook.<zone>.make.com/<32>`), smee.io channels, webhook.site and Pipedream request bins, Vercel and Render deploy hooks, PagerDuty's `/integration/<key>/enqueue`, Grafana OnCall's `/integrations/v1/<kind>/<token>/`",
    keywords: ['make.com', 'integromat.com', 'smee.io', 'webhook.site', 'pipedream.net', 'api.vercel.com', 'api.render.com', 'events.pagerduty.com', '/integrations/v1/'],
    pattern: new RegExp(
      [
        String.raw`\bhook\.(?:[a-z]{2,3}\d{1,2}\.)?(?:make|integromat)\.com/(?<secret>[a-z0-9]{24,40})(?![A-Za-z0-9_-])`,
        String.raw`\bsmee\.io/(?<secret2>[A-Za-z0-9]{12,32})(?![A-Za-z0-9_-])`,
        String.raw`\bwebhook\.site/(?:#!/)?(?<secret3>${UUID})`,
        String.raw`(?<![A-Za-z0-9-])(?<secret4>e[no][a-z0-9]{10,24})\.m\.pipedream\.net`,
        String.raw`\bapi\.vercel\.com/v1/integrations/deploy/(?<secret5>prj_[A-Za-z0-9]{16,40}/[A-Za-z0-9]{6,20})(?![A-Za-z0-9_-])`,
        String.raw`\bapi\.render\.com/deploy/srv-[a-z0-9]{16,32}\?key=(?<secret6>[A-Za-z0-9_-]{8,40})`,
        String.raw`\bevents\.pagerduty\.com/integration/(?<secret7>[0-9a-f]{32})/`,
        String.raw`/integrations/v1/[a-z_]{3,40}/(?<secret8>[A-Za-z0-9]{20,40})/`,
      ].join('|'),
    ),
    entropy: 3,
    allow: DOC_RUNS,
    examples: {
      match: [
        'MAKE_SCENARIO_URL=https://hook.eu2.make.com/p4k8x2vq9zm7wt3nb6rc1yh5ld0gf8sj',
        'smee --url https://smee.io/Qz7pK2vX9mW4tL8n --target http://127.0.0.1:3000/events',
        'curl -d ok https://webhook.site/3f9c2a7e-1b4d-4c8e-a6f0-9d2b7e5c1a8f',
        'POST https://eo3kq9x7vz2mw8t.m.pipedream.net',
        'curl -X POST https://api.vercel.com/v1/integrations/deploy/prj_Zk4qP9vW2xR7mT3nL8bY6cH1/Qx7Lm2Vz9K',
        'curl https://api.render.com/deploy/srv-c8k2q9x7vz3mw4tb1nr6?key=Zq7pK2vX9mW',
        'https://events.pagerduty.com/integration/7c2e9a4f1b8d6e3a5c0f9b2d4e7a1c6f/enqueue',
        'url: https://oncall.example.com/integrations/v1/alertmanager/Kq7zP2xW9vM4tR8nB3yL6cJ1d/',
      ],
      noMatch: [
        'https://www.make.com/en/help/tools/webhooks',
        'https://smee.io/new',
        'https://webhook.site/#!/view',
        'https://api.vercel.com/v1/integrations/deploy/prj_xxxxxxxxxxxxxxxxxxxxxxxx/xxxxxxxxxx',
        'https://events.pagerduty.com/integration/YOUR_INTEGRATION_KEY/enqueue',
        'https://oncall.example.com/integrations/v1/alertmanager/',
      ],
    },
  },
];
