/**
 * Credential values for the v8 holdout, drawn with each vendor's published prefix, length,
 * alphabet and (where the vendor publishes one) checksum. Written from public format
 * descriptions only; nothing here reads the redaction engine.
 */
import { B64, B64URL, BASE62, base62, crc32, DIGITS, HEX, LOWER, UPPER, b64url } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';
import { b64Of64Bytes } from './scene.js';

const ALNUM = UPPER + LOWER + DIGITS;

/** A credential as a session meets it: which service, the variable people keep it in, the value. */
export interface Credential {
  service: string;
  env: string;
  value: string;
}

function withCrc(prefix: string, rng: RandomDraws): string {
  const body = rng.str(BASE62, 30);
  return `${prefix}${body}${base62(crc32(body), 6)}`;
}

export const githubPat = (rng: RandomDraws): string => withCrc('ghp_', rng);
export const githubFineGrained = (rng: RandomDraws): string => `github_pat_11${rng.str(UPPER + DIGITS, 20)}_${rng.str(ALNUM, 59)}`;
export const npmToken = (rng: RandomDraws): string => withCrc('npm_', rng);
export const gitlabPat = (rng: RandomDraws): string => `glpat-${rng.str(ALNUM + '_-', 20)}`;
export const awsKeyId = (rng: RandomDraws): string => `${rng.pick(['AKIA', 'ASIA'])}${rng.str(UPPER + '234567', 16)}`;
export const awsSecret = (rng: RandomDraws): string => rng.str(ALNUM + '+/', 40);
export const stripeLive = (rng: RandomDraws): string => `${rng.pick(['sk_live_', 'rk_live_'])}${rng.str(ALNUM, rng.pick([24, 99]))}`;
export const stripeWebhook = (rng: RandomDraws): string => `whsec_${rng.str(ALNUM, 32)}`;
export const slackBot = (rng: RandomDraws): string => `xoxb-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 13)}-${rng.str(ALNUM, 24)}`;
export const slackUser = (rng: RandomDraws): string => `xoxp-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 13)}-${rng.str(HEX, 32)}`;
export const slackWebhookPath = (rng: RandomDraws): string => `T${rng.str(UPPER + DIGITS, 10)}/B${rng.str(UPPER + DIGITS, 10)}/${rng.str(ALNUM, 24)}`;
export const openaiKey = (rng: RandomDraws): string => `sk-proj-${rng.str(ALNUM + '_-', 74)}T3BlbkFJ${rng.str(ALNUM + '_-', 74)}`;
export const anthropicKey = (rng: RandomDraws): string => `sk-ant-api03-${rng.str(ALNUM + '_-', 93)}AA`;
export const sendgridKey = (rng: RandomDraws): string => `SG.${rng.str(ALNUM + '_-', 22)}.${rng.str(ALNUM + '_-', 43)}`;
export const twilioSid = (rng: RandomDraws): string => `AC${rng.str(HEX, 32)}`;
export const twilioToken = (rng: RandomDraws): string => rng.str(HEX, 32);
export const mailgunKey = (rng: RandomDraws): string => `key-${rng.str(HEX, 32)}`;
export const shopifyToken = (rng: RandomDraws): string => `shpat_${rng.str(HEX, 32)}`;
export const shopifySharedSecret = (rng: RandomDraws): string => `shpss_${rng.str(HEX, 32)}`;
export const digitalOcean = (rng: RandomDraws): string => `dop_v1_${rng.str(HEX, 64)}`;
export const huggingFace = (rng: RandomDraws): string => `hf_${rng.str(UPPER + LOWER, 34)}`;
export const googleApiKey = (rng: RandomDraws): string => `AIza${rng.str(ALNUM + '_-', 35)}`;
export const googleOauthSecret = (rng: RandomDraws): string => `GOCSPX-${rng.str(ALNUM + '_-', 28)}`;
export const dopplerToken = (rng: RandomDraws): string => `dp.st.${rng.pick(['prd', 'stg', 'dev'])}.${rng.str(ALNUM, 43)}`;
export const databricksToken = (rng: RandomDraws): string => `dapi${rng.str(HEX, 32)}`;
export const linearKey = (rng: RandomDraws): string => `lin_api_${rng.str(ALNUM, 40)}`;
export const newRelicKey = (rng: RandomDraws): string => `NRAK-${rng.str(UPPER + DIGITS, 27)}`;
export const pulumiToken = (rng: RandomDraws): string => `pul-${rng.str(HEX, 40)}`;
export const terraformCloud = (rng: RandomDraws): string => `${rng.str(ALNUM, 14)}.atlasv1.${rng.str(ALNUM, 67)}`;
export const datadogApiKey = (rng: RandomDraws): string => rng.str(HEX, 32);
export const squareToken = (rng: RandomDraws): string => `EAAA${rng.str(ALNUM + '-_', 60)}`;
export const pypiToken = (rng: RandomDraws): string => `pypi-AgEIcHlwaS5vcmc${rng.str(B64URL, 120)}`;
export const grafanaToken = (rng: RandomDraws): string => `glsa_${rng.str(ALNUM, 32)}_${rng.str(HEX, 8)}`;
export const azureStorageKey = (rng: RandomDraws): string => b64Of64Bytes(rng);
export const telegramBot = (rng: RandomDraws): string => `${rng.int(1000000000, 7999999999)}:AA${rng.str(ALNUM + '_-', 33)}`;
export const discordBot = (rng: RandomDraws): string => `${b64url(`${rng.int(1, 9)}${rng.str(DIGITS, 17)}`).replace(/=+$/, '')}.${rng.str(ALNUM + '_-', 6)}.${rng.str(ALNUM + '_-', 38)}`;
export const djangoSecret = (rng: RandomDraws): string => `${rng.chance(0.5) ? 'django-insecure-' : ''}${rng.str(LOWER + DIGITS + '!@#$%^&*(-_=+)', 50)}`;
export const railsSecretBase = (rng: RandomDraws): string => rng.str(HEX, 128);
/** `base64:` and 32 random bytes in base64 (the last character before `=` carries 4 bits). */
export const laravelAppKey = (rng: RandomDraws): string => `base64:${rng.str(B64, 42)}${rng.pick([...'AEIMQUYcgkosw048'])}=`;

/** An HS256-shaped JWT: real JSON header and claims, a random 43-character signature. */
export function jwt(rng: RandomDraws): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ sub: String(rng.int(10000, 9999999)), role: rng.pick(['service', 'admin', 'deploy', 'authenticated']), iat: rng.int(1730000000, 1790000000) }));
  return `${header}.${claims}.${rng.str(B64URL, 43)}`;
}

const PASSWORD_PUNCT = '!#%*-_.~+^';

/** A password as people and generators make them: letters, digits and some punctuation, never URL-breaking. */
export function password(rng: RandomDraws, length = rng.int(14, 26)): string {
  if (rng.chance(0.3)) {
    const words = ['harbor', 'falcon', 'quartz', 'meadow', 'copper', 'lantern', 'glacier', 'orchid', 'saffron', 'thistle', 'juniper', 'cobalt'];
    const w = rng.pickMany(words, 2).map((s) => s[0]!.toUpperCase() + s.slice(1));
    return `${w[0]}${rng.pick(['-', '.', '_', '!'])}${w[1]}${rng.int(10, 9999)}${rng.pick(['!', '#', '%', '*'])}`;
  }
  let out = rng.str(UPPER, 1) + rng.str(LOWER, 2) + rng.str(DIGITS, 1);
  out += rng.str(ALNUM + PASSWORD_PUNCT, length - 5) + rng.str(PASSWORD_PUNCT, 1);
  return out;
}

/** A random private key body line (64 base64 characters), as in a PEM block. */
export const pemLine = (rng: RandomDraws): string => rng.str(B64, 64);

/** A PEM private key of `lines` body lines; its second body line is what a case targets. */
export function privateKeyPem(rng: RandomDraws, kind: 'RSA PRIVATE KEY' | 'PRIVATE KEY' | 'OPENSSH PRIVATE KEY' | 'EC PRIVATE KEY', lines = rng.int(4, 7)): { pem: string; target: string } {
  const body = Array.from({ length: lines }, () => pemLine(rng));
  body.push(rng.str(B64, rng.int(12, 40)) + rng.pick(['', '=', '==']));
  return { pem: `-----BEGIN ${kind}-----\n${body.join('\n')}\n-----END ${kind}-----`, target: body[1]! };
}

const MAKERS: readonly [string, string, (rng: RandomDraws) => string][] = [
  ['GitHub', 'GITHUB_TOKEN', githubPat],
  ['GitHub', 'GH_TOKEN', githubFineGrained],
  ['npm', 'NPM_TOKEN', npmToken],
  ['GitLab', 'GITLAB_TOKEN', gitlabPat],
  ['Stripe', 'STRIPE_SECRET_KEY', stripeLive],
  ['Stripe', 'STRIPE_WEBHOOK_SECRET', stripeWebhook],
  ['Slack', 'SLACK_BOT_TOKEN', slackBot],
  ['Slack', 'SLACK_USER_TOKEN', slackUser],
  ['OpenAI', 'OPENAI_API_KEY', openaiKey],
  ['Anthropic', 'ANTHROPIC_API_KEY', anthropicKey],
  ['SendGrid', 'SENDGRID_API_KEY', sendgridKey],
  ['Twilio', 'TWILIO_AUTH_TOKEN', twilioToken],
  ['Mailgun', 'MAILGUN_API_KEY', mailgunKey],
  ['Shopify', 'SHOPIFY_ACCESS_TOKEN', shopifyToken],
  ['DigitalOcean', 'DIGITALOCEAN_TOKEN', digitalOcean],
  ['Hugging Face', 'HF_TOKEN', huggingFace],
  ['Google', 'GOOGLE_API_KEY', googleApiKey],
  ['Google OAuth', 'GOOGLE_CLIENT_SECRET', googleOauthSecret],
  ['Doppler', 'DOPPLER_TOKEN', dopplerToken],
  ['Databricks', 'DATABRICKS_TOKEN', databricksToken],
  ['Linear', 'LINEAR_API_KEY', linearKey],
  ['New Relic', 'NEW_RELIC_API_KEY', newRelicKey],
  ['Pulumi', 'PULUMI_ACCESS_TOKEN', pulumiToken],
  ['Terraform Cloud', 'TFE_TOKEN', terraformCloud],
  ['Datadog', 'DD_API_KEY', datadogApiKey],
  ['Square', 'SQUARE_ACCESS_TOKEN', squareToken],
  ['PyPI', 'TWINE_PASSWORD', pypiToken],
  ['Grafana', 'GRAFANA_SERVICE_ACCOUNT_TOKEN', grafanaToken],
  ['AWS', 'AWS_SECRET_ACCESS_KEY', awsSecret],
  ['Telegram', 'TELEGRAM_BOT_TOKEN', telegramBot],
  ['Discord', 'DISCORD_BOT_TOKEN', discordBot],
];

/** Any of the vendor credentials above. */
export function anyCredential(rng: RandomDraws): Credential {
  const [service, env, make] = rng.pick(MAKERS);
  return { service, env, value: make(rng) };
}

/** A vendor credential whose shape alone says what it is (no keyword needed). */
export function distinctiveCredential(rng: RandomDraws): Credential {
  for (;;) {
    const c = anyCredential(rng);
    if (!['DD_API_KEY', 'TWILIO_AUTH_TOKEN', 'AWS_SECRET_ACCESS_KEY'].includes(c.env)) return c;
  }
}
