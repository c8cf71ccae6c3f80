/**
 * A credential named after its service and nothing else: `ALGOLIA_ADMIN=<hex>`, `MISTRAL=…`,
 * `wandb: "<hex>"`, `Deepgram = "…"`. No word of the name says "key" or "token", so the other
 * assignment rules pass it by; what gives it away is a service that hands out API keys, and a
 * value that is random (long hex, a UUID, or letters and digits mixed with no word in them).
 * Names that say what else the value is (`_ID`, `_URL`, `_REGION`, `_PROJECT`, `_VERSION`, a
 * commit or a hash) are left alone, as are values that are not random.
 */
import { looksGenerated, shannonEntropy } from '../entropy.js';
import { isShielded } from '../shields.js';
import type { Rule, Span } from '../types.js';
import { classifyName, EXEMPT_LAST_WORDS, LOOKUP_KEY_WORDS, nameWords } from './assignment.js';

/**
 * Services that hand out API keys, as they are written in variable names (lower case). Not the
 * vendors whose keys carry their own prefix (OpenAI, Anthropic, GitHub, Slack, Stripe, ...: their
 * rules find the key anywhere) and whose names fill every agent session.
 */
const SERVICES = [
  // AI and ML
  'mistral', 'cohere', 'groq', 'together', 'fireworks', 'replicate', 'huggingface', 'perplexity',
  'deepseek', 'voyage', 'anyscale', 'deepgram', 'assemblyai', 'elevenlabs', 'stability', 'runway', 'wandb', 'neptune', 'comet',
  'langsmith', 'langfuse', 'pinecone', 'weaviate', 'qdrant', 'cerebras', 'xai', 'baseten',
  // messaging, mail, phone
  'twilio', 'sendgrid', 'mailgun', 'mailchimp', 'mandrill', 'postmark', 'sparkpost', 'mailjet', 'brevo', 'sendinblue', 'resend',
  'vonage', 'nexmo', 'plivo', 'messagebird', 'sinch', 'telnyx', 'pusher', 'ably', 'agora', 'livekit', 'sendbird',
  'intercom', 'zendesk', 'freshdesk', 'helpscout', 'onesignal',
  // analytics, product
  'mixpanel', 'amplitude', 'heap', 'posthog', 'braze', 'klaviyo', 'customerio', 'iterable', 'hotjar', 'fullstory',
  'launchdarkly', 'optimizely', 'statsig', 'flagsmith', 'bugsnag', 'rollbar', 'honeybadger', 'raygun',
  'datadog', 'newrelic', 'honeycomb', 'logdna', 'loggly', 'papertrail', 'logtail', 'axiom', 'grafana', 'dynatrace', 'opsgenie',
  'pagerduty', 'checkly', 'pingdom',
  // media, content, search
  'cloudinary', 'uploadcare', 'imgix', 'mux', 'vimeo', 'youtube', 'unsplash', 'giphy', 'contentful', 'contentstack', 'sanity',
  'storyblok', 'strapi', 'prismic', 'datocms', 'algolia', 'typesense', 'meilisearch', 'elastic', 'mapbox',   // data and backends
  'supabase', 'firebase', 'neon', 'turso', 'upstash', 'fauna', 'convex', 'planetscale', 'mongodb', 'redislabs', 'xata',
  'airtable', 'notion', 'hasura', 'appwrite', 'nhost', 'pocketbase',
  // identity
  'auth0', 'okta', 'clerk', 'workos', 'kinde', 'stytch', 'descope', 'cognito', 'onelogin',   // payments and commerce
  'paddle', 'lemonsqueezy', 'chargebee', 'recurly', 'braintree', 'adyen', 'mollie', 'razorpay', 'paystack',
  'flutterwave', 'paypal', 'klarna', 'coinbase', 'plaid', 'shopify', 'bigcommerce', 'gumroad', 'revenuecat',
  // web3
  'alchemy', 'infura', 'moralis', 'quicknode', 'etherscan', 'ankr', 'helius',
  // developer tools and infrastructure
  'bitbucket', 'snyk', 'sonar', 'codecov', 'circleci', 'travis', 'buildkite', 'netlify', 'vercel', 'heroku',
  'railway', 'flyio', 'digitalocean', 'linode', 'vultr', 'hetzner', 'cloudflare', 'fastly', 'akamai', 'doppler',
  'pulumi', 'terraform', 'pypi', 'dockerhub', 'jfrog', 'artifactory', 'figma', 'jira', 'confluence', 'atlassian',
  'asana', 'trello', 'clickup', 'monday', 'basecamp', 'hubspot', 'salesforce', 'pipedrive', 'zapier', 'ifttt', 'dropbox',
  'docusign', 'typeform', 'calendly', 'airship', 'expo', 'browserstack', 'saucelabs', 'postman', 'ngrok', 'tailscale',
];
/** Words that name a secret alone, without a service: `const signing = "<hex>"`, `shh: "…"`. */
const SECRET_ALONE_WORDS = ['signing', 'shh'];
/** Last words that say the value is something else: an id, an address, a place, a version, a setting. */
const OTHER_LAST_WORDS = new Set([
  'id', 'ids', 'uid', 'uuid', 'sid', 'org', 'organization', 'project', 'account', 'acct', 'region', 'zone', 'host', 'hostname', 'domain',
  'url', 'uri', 'endpoint', 'base', 'user', 'username', 'login', 'email', 'name', 'team', 'workspace', 'site', 'app', 'bucket',
  'channel', 'model', 'env', 'environment', 'cluster', 'index', 'db', 'database', 'port', 'dataset', 'table', 'queue', 'topic',
  'tag', 'tenant', 'instance', 'repo', 'owner', 'slug', 'sender', 'from', 'to', 'phone', 'number', 'plan', 'tier', 'level', 'timeout',
  'locale', 'lang', 'language', 'theme', 'color', 'size', 'width', 'height', 'mode', 'version', 'release', 'build', 'commit', 'sha',
  'hash', 'digest', 'checksum', 'etag', 'revision', 'date', 'time', 'stage', 'audience', 'issuer', 'scope', 'scopes', 'list', 'form',
  'widget', 'pixel', 'measurement', 'container', 'property', 'publishable', 'public', 'client', 'dsn', 'webhook', 'callback', 'redirect',
]);

/** Public by design: a browser or app ships it. */
const PUBLIC_WORDS = new Set(['public', 'publishable', 'pub', 'anon', 'browser', 'frontend', 'web', 'next', 'vite', 'expo']);
const NAME_CHAR = /[A-Za-z0-9_.-]/;
/**
 * After the name: a closing quote or bracket, or a label's qualifier in brackets (`Datadog (staging):`),
 * then `=`, `:`, `:=`, `=>` or ` = `, then an optional opening quote.
 */
const SEPARATOR = /^(?:\\?["'])?\]?(?:[ \t]{1,3}\(([\w .-]{1,30})\))?[ \t]{0,8}(?::=|=>|=(?!=)|:(?![:/]))[ \t]{0,8}(\\?["'`]?)/;
const VALUE = /^[A-Za-z0-9+/=_.:-]{8,300}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Random enough to be a key: long hex, a UUID, or letters and digits as a generator writes them. */
function randomValue(value: string): boolean {
  if (/^[0-9a-f]{32,128}$/i.test(value) && shannonEntropy(value) >= 3.2) return true;
  return UUID.test(value) || looksGenerated(value.replace(/[+/=_.:-]/g, ''));
}

function nameAround(text: string, at: number): Span | null {
  let start = at;
  while (start > 0 && at - start < 60 && NAME_CHAR.test(text[start - 1]!)) start -= 1;
  let end = at;
  while (end < text.length && end - start < 80 && NAME_CHAR.test(text[end]!)) end += 1;
  // a name stands alone: not inside a path, a URL or an expression (`a/b`, `x.y(`)
  if (start > 0 && /[/@$\\]/.test(text[start - 1]!) && !(text[start - 1] === '\\' && /[nrt]/.test(text[start]!))) return null;
  if (start > 0 && text[start - 1] === '\\') start += 1;
  return { start, end };
}

function serviceNamedValues(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  let after = -1;
  for (const at of keywordStarts ?? []) {
    if (at < after) continue;
    const name = nameAround(text, at);
    if (!name) continue;
    after = name.end;
    // most mentions of a service are not assignments: the separator is the cheapest test
    const separator = SEPARATOR.exec(text.slice(name.end, name.end + 24));
    if (!separator) continue;
    // a qualifier that says what else the value is (`Datadog (org id):`) names no key
    const qualifier = separator[1] ? nameWords(separator[1]) : [];
    if (qualifier.some((word) => OTHER_LAST_WORDS.has(word) || LOOKUP_KEY_WORDS.has(word) || PUBLIC_WORDS.has(word))) continue;
    const words = nameWords(text.slice(name.start, name.end));
    const last = words[words.length - 1];
    if (!last || words.length > 5 || !words.some((word) => SERVICE_SET.has(word))) continue;
    if (OTHER_LAST_WORDS.has(last) || EXEMPT_LAST_WORDS.has(last) || words.some((word) => LOOKUP_KEY_WORDS.has(word) || PUBLIC_WORDS.has(word))) continue;
    // a name with a word for a secret is the assignment rules' to judge (they know `ANON_KEY`, `*_KEY=<hash>`)
    if (classifyName(text.slice(name.start, name.end))) continue;
    const valueStart = name.end + separator[0].length;
    const value = VALUE.exec(text.slice(valueStart, valueStart + 300))?.[0];
    if (!value) continue;
    const quote = separator[2]!.replace('\\', '');
    const next = text[valueStart + value.length];
    // a bare value ends the line or the field; a quoted one ends at its quote
    if (quote ? next !== quote && next !== '\\' : next !== undefined && !/[\s,;}\]]/.test(next)) continue;
    if (!randomValue(value) || isShielded(value, 'values')) continue;
    spans.push({ start: valueStart, end: valueStart + value.length });
    after = valueStart + value.length;
  }
  return spans;
}

const SERVICE_SET = new Set([...SERVICES, ...SECRET_ALONE_WORDS]);

export const SERVICE_NAMED_RULES: readonly Rule[] = [
  {
    id: 'service-named-secret',
    type: 'secret',
    label: 'secret',
    description: 'a random value assigned to a name that is a service and little else (`ALGOLIA_ADMIN=<hex>`, `MISTRAL=…`, `wandb: "<hex>"`): services that hand out API keys, names that do not say id, url, region, project or version',
    keywords: [...SERVICE_SET],
    keywordStarts: true,
    detector: serviceNamedValues,
    examples: {
      match: [
        'ALGOLIA_APP=K3Q9ZP7WTV\nALGOLIA_ADMIN=4c1f9a7e2b8d3065b1c9e4f7a2d8b3c6',
        'MISTRAL="Zq8Lm2Xv7Rt9Wn3Hb6Jd1Fg5Ks0Pc"',
        '[tracking]\nwandb = "25c04e7f2a8d3065b1c9e4f7a2d8b3c61e9f0a4d"',
        'export SLACK_SIGNING=8f14e45fceea167a5a36dedd4bea2543',
        '- Mailgun (sandbox): `3f9a1c7e5b2d8046a1e9c3f7b5d20e84`',
      ],
      noMatch: [
        'ALGOLIA_APP_ID=K3Q9ZP7WTV2B',
        'SENTRY_ORG=acme-platform',
        'STRIPE_ACCOUNT=acct_1NqLm2Zx7Vb3Kp8Nd6Hc1',
        'GITHUB_SHA=4c1f9a7e2b8d3065b1c9e4f7a2d8b3c61e9f0a4d',
        'MIXPANEL_PROJECT=2291834',
        'HEAP_SIZE=512m',
        'render: "https://api.render.com/v1/services"',
        'SLACK_WEBHOOK=https://hooks.slack.com/services/T000/B000/XXXX',
        'Amplitude (org id): 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f',
      ],
    },
  },
];
