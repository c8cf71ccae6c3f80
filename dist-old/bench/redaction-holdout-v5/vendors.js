/**
 * Credential shapes, written from each vendor's public description of its key format (prefix,
 * length, alphabet, checksum). Values are drawn at run time; nothing here is a real key.
 * `env` is the variable name the vendor's own docs or SDK read the value from.
 */
import { b64, B64, BASE32, DIGITS, LOWER, UPPER } from '../corpus-kit.js';
import { ALNUM, crcToken, hexOf, mixed, password, randomBytes, URL_SAFE } from './rng.js';
function jwtLike(rng, claims) {
    const head = Buffer.from(JSON.stringify({ alg: rng.pick(['HS256', 'RS256']), typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${head}.${body}.${randomBytes(rng, rng.pick([32, 64])).toString('base64url')}`;
}
const SHAPES = [
    { vendor: 'github-classic', env: ['GITHUB_TOKEN', 'GH_TOKEN'], draw: (rng) => crcToken(rng, 'ghp_') },
    { vendor: 'github-oauth', env: ['GH_TOKEN', 'GITHUB_OAUTH_TOKEN'], draw: (rng) => crcToken(rng, 'gho_') },
    { vendor: 'github-app', env: ['GITHUB_INSTALLATION_TOKEN'], draw: (rng) => crcToken(rng, 'ghs_') },
    { vendor: 'github-fine-grained', env: ['GITHUB_PAT', 'GH_PAT'], draw: (rng) => `github_pat_11${mixed(rng, 20, UPPER + DIGITS)}_${mixed(rng, 59)}` },
    { vendor: 'gitlab', env: ['GITLAB_TOKEN', 'CI_JOB_TOKEN_OVERRIDE'], draw: (rng) => `glpat-${mixed(rng, 20, URL_SAFE)}` },
    { vendor: 'npm', env: ['NPM_TOKEN', 'NODE_AUTH_TOKEN'], draw: (rng) => crcToken(rng, 'npm_') },
    { vendor: 'pypi', env: ['PYPI_API_TOKEN', 'TWINE_PASSWORD'], draw: (rng) => `pypi-AgEIcHlwaS5vcmc${mixed(rng, rng.int(140, 170), URL_SAFE)}` },
    { vendor: 'aws-secret', env: ['AWS_SECRET_ACCESS_KEY'], draw: (rng) => mixed(rng, 40, ALNUM + '/+') },
    { vendor: 'aws-session', env: ['AWS_SESSION_TOKEN'], draw: (rng) => `IQoJb3JpZ2luX2Vj${mixed(rng, rng.int(300, 360), B64)}` },
    { vendor: 'openai', env: ['OPENAI_API_KEY'], draw: (rng) => `sk-proj-${mixed(rng, 74, URL_SAFE)}T3BlbkFJ${mixed(rng, 74, URL_SAFE)}` },
    { vendor: 'anthropic', env: ['ANTHROPIC_API_KEY'], draw: (rng) => `sk-ant-api03-${mixed(rng, 93, URL_SAFE)}AA` },
    { vendor: 'google-api', env: ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'FIREBASE_API_KEY'], draw: (rng) => `AIza${mixed(rng, 35, URL_SAFE)}` },
    { vendor: 'stripe-secret', env: ['STRIPE_SECRET_KEY', 'STRIPE_API_KEY'], draw: (rng) => `sk_live_51${mixed(rng, 97)}` },
    { vendor: 'stripe-restricted', env: ['STRIPE_RESTRICTED_KEY'], draw: (rng) => `rk_live_51${mixed(rng, 97)}` },
    { vendor: 'stripe-webhook', env: ['STRIPE_WEBHOOK_SECRET'], draw: (rng) => `whsec_${mixed(rng, 32)}` },
    { vendor: 'slack-bot', env: ['SLACK_BOT_TOKEN'], draw: (rng) => `xoxb-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 13)}-${mixed(rng, 24)}` },
    { vendor: 'slack-user', env: ['SLACK_USER_TOKEN'], draw: (rng) => `xoxp-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 13)}-${hexOf(rng, 32)}` },
    { vendor: 'sendgrid', env: ['SENDGRID_API_KEY'], draw: (rng) => `SG.${mixed(rng, 22, URL_SAFE)}.${mixed(rng, 43, URL_SAFE)}` },
    { vendor: 'twilio-auth', env: ['TWILIO_AUTH_TOKEN'], draw: (rng) => hexOf(rng, 32) },
    { vendor: 'twilio-api-key-secret', env: ['TWILIO_API_SECRET'], draw: (rng) => mixed(rng, 32) },
    { vendor: 'huggingface', env: ['HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN'], draw: (rng) => `hf_${mixed(rng, 34, UPPER + LOWER)}` },
    { vendor: 'shopify', env: ['SHOPIFY_ACCESS_TOKEN'], draw: (rng) => `shpat_${hexOf(rng, 32)}` },
    { vendor: 'digitalocean', env: ['DIGITALOCEAN_ACCESS_TOKEN', 'DO_TOKEN'], draw: (rng) => `dop_v1_${hexOf(rng, 64)}` },
    { vendor: 'vault', env: ['VAULT_TOKEN'], draw: (rng) => `hvs.CAESI${mixed(rng, rng.int(80, 90), URL_SAFE)}` },
    { vendor: 'docker-hub', env: ['DOCKERHUB_TOKEN', 'DOCKER_PASSWORD'], draw: (rng) => `dckr_pat_${mixed(rng, 27, URL_SAFE)}` },
    { vendor: 'datadog-api', env: ['DD_API_KEY', 'DATADOG_API_KEY'], draw: (rng) => hexOf(rng, 32) },
    { vendor: 'datadog-app', env: ['DD_APP_KEY'], draw: (rng) => hexOf(rng, 40) },
    { vendor: 'sentry', env: ['SENTRY_AUTH_TOKEN'], draw: (rng) => `sntryu_${hexOf(rng, 64)}` },
    { vendor: 'azure-storage', env: ['AZURE_STORAGE_KEY', 'AZURE_STORAGE_ACCOUNT_KEY'], draw: (rng) => randomBytes(rng, 64).toString('base64') },
    { vendor: 'telegram', env: ['TELEGRAM_BOT_TOKEN'], draw: (rng) => `${rng.int(1, 7)}${rng.str(DIGITS, 9)}:AA${mixed(rng, 33, URL_SAFE)}` },
    { vendor: 'discord', env: ['DISCORD_TOKEN', 'DISCORD_BOT_TOKEN'], draw: (rng) => `${b64(String(rng.int(1, 9)) + rng.str(DIGITS, 17)).replace(/=+$/, '')}.${mixed(rng, 6, URL_SAFE)}.${mixed(rng, 38, URL_SAFE)}` },
    { vendor: 'mailgun', env: ['MAILGUN_API_KEY'], draw: (rng) => `key-${hexOf(rng, 32)}` },
    { vendor: 'linear', env: ['LINEAR_API_KEY'], draw: (rng) => `lin_api_${mixed(rng, 40)}` },
    { vendor: 'notion', env: ['NOTION_TOKEN', 'NOTION_API_KEY'], draw: (rng) => `ntn_${rng.str(DIGITS, 11)}${mixed(rng, 35)}` },
    { vendor: 'supabase-service-role', env: ['SUPABASE_SERVICE_ROLE_KEY'], draw: (rng) => jwtLike(rng, { iss: 'supabase', ref: rng.str(LOWER, 20), role: 'service_role', iat: 1_760_000_000 + rng.int(0, 9_999_999), exp: 2_075_000_000 + rng.int(0, 9_999_999) }) },
    { vendor: 'supabase-access', env: ['SUPABASE_ACCESS_TOKEN'], draw: (rng) => `sbp_${hexOf(rng, 40)}` },
    { vendor: 'cloudflare', env: ['CLOUDFLARE_API_TOKEN', 'CF_API_TOKEN'], draw: (rng) => mixed(rng, 40, URL_SAFE) },
    { vendor: 'grafana', env: ['GRAFANA_SERVICE_ACCOUNT_TOKEN'], draw: (rng) => `glsa_${mixed(rng, 32)}_${hexOf(rng, 8)}` },
    { vendor: 'planetscale', env: ['PLANETSCALE_PASSWORD'], draw: (rng) => `pscale_pw_${mixed(rng, 43, URL_SAFE)}` },
    { vendor: 'doppler', env: ['DOPPLER_TOKEN'], draw: (rng) => `dp.st.${rng.pick(['dev', 'prd', 'stg'])}.${mixed(rng, 40)}` },
    { vendor: 'tailscale', env: ['TS_AUTHKEY', 'TAILSCALE_AUTHKEY'], draw: (rng) => `tskey-auth-${mixed(rng, 12)}CNTRL-${mixed(rng, 33)}` },
    { vendor: 'groq', env: ['GROQ_API_KEY'], draw: (rng) => `gsk_${mixed(rng, 52)}` },
    { vendor: 'replicate', env: ['REPLICATE_API_TOKEN'], draw: (rng) => `r8_${mixed(rng, 37)}` },
    { vendor: 'databricks', env: ['DATABRICKS_TOKEN'], draw: (rng) => `dapi${hexOf(rng, 32)}` },
    { vendor: 'postman', env: ['POSTMAN_API_KEY'], draw: (rng) => `PMAK-${hexOf(rng, 24)}-${hexOf(rng, 34)}` },
    { vendor: 'new-relic', env: ['NEW_RELIC_API_KEY'], draw: (rng) => `NRAK-${mixed(rng, 27, UPPER + DIGITS)}` },
    { vendor: 'age', env: ['SOPS_AGE_KEY'], draw: (rng) => `AGE-SECRET-KEY-1${rng.str(UPPER.replace(/[BIO]/g, '') + '023456789', 58)}` },
    { vendor: 'heroku', env: ['HEROKU_API_KEY'], draw: (rng) => `HRKU-AA${mixed(rng, 58, URL_SAFE)}` },
    { vendor: 'jwt-secret', env: ['JWT_SECRET', 'SESSION_SECRET', 'NEXTAUTH_SECRET'], draw: (rng) => randomBytes(rng, 32).toString('base64') },
    { vendor: 'app-key', env: ['SECRET_KEY_BASE', 'APP_SECRET'], draw: (rng) => hexOf(rng, rng.pick([64, 128])) },
    { vendor: 'database-password', env: ['DB_PASSWORD', 'POSTGRES_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'REDIS_PASSWORD', 'PGPASSWORD'], draw: password },
    { vendor: 'totp-seed', env: ['MFA_TOTP_SEED', 'OTP_SECRET'], draw: (rng) => rng.str(BASE32, 32) },
    { vendor: 'encryption-key', env: ['ENCRYPTION_KEY', 'FIELD_ENCRYPTION_KEY'], draw: (rng) => `base64:${randomBytes(rng, 32).toString('base64')}` },
    { vendor: 'webhook-secret', env: ['WEBHOOK_SECRET', 'GITHUB_WEBHOOK_SECRET'], draw: (rng) => hexOf(rng, 40) },
];
/** A credential of a shape picked at random (every shape is as likely). */
export function credential(rng) {
    const shape = rng.pick(SHAPES);
    return { vendor: shape.vendor, env: rng.pick(shape.env), value: shape.draw(rng) };
}
/** A credential of the named vendor. */
export function credentialOf(rng, vendor) {
    const shape = SHAPES.find((s) => s.vendor === vendor);
    if (!shape)
        throw new Error(`no credential shape ${vendor}`);
    return { vendor, env: rng.pick(shape.env), value: shape.draw(rng) };
}
/** A credential whose vendor prefix alone makes it recognisable (no keyword needed). */
export function prefixedCredential(rng) {
    return credentialOf(rng, rng.pick(['github-classic', 'github-fine-grained', 'gitlab', 'npm', 'openai', 'anthropic', 'stripe-secret', 'slack-bot', 'sendgrid', 'huggingface', 'shopify', 'digitalocean', 'docker-hub', 'sentry', 'linear', 'grafana', 'groq', 'databricks', 'postman']));
}
/** An AWS access key id: AKIA (long-term) or ASIA (temporary) and 16 base32 characters. */
export function awsKeyId(rng, temporary = false) {
    return `${temporary ? 'ASIA' : 'AKIA'}${rng.str(BASE32, 16)}`;
}
//# sourceMappingURL=vendors.js.map