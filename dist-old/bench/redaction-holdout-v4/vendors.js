/**
 * Vendor credentials by their documented shapes (prefix, length, alphabet, checksum), each with
 * the environment name projects usually give it. `keyed` marks the ones with no distinctive
 * shape: they are only recognisable by the name they are assigned to.
 */
import { AN, AN_UP, base62, base64Of, base64UrlOf, crc32, hex, LOW, NUM, token, UP, URLSAFE, uuid4 } from './rng.js';
const AWS_BASE32 = UP + '234567';
const BECH32_UPPER = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
function withCrcTail(prefix, body) {
    return `${prefix}${body}${base62(crc32(body), 6)}`;
}
export const VENDORS = [
    { vendor: 'aws-access-key', env: 'AWS_ACCESS_KEY_ID', make: (r) => r.one(['AKIA', 'ASIA']) + token(r, 16, AWS_BASE32) },
    { vendor: 'aws-secret-key', env: 'AWS_SECRET_ACCESS_KEY', make: (r) => token(r, 40, AN + '/+'), keyed: true },
    { vendor: 'github-classic', env: 'GITHUB_TOKEN', make: (r) => withCrcTail(r.one(['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']), token(r, 30)) },
    { vendor: 'github-fine-grained', env: 'GH_TOKEN', make: (r) => `github_pat_11${token(r, 20, AN_UP)}_${token(r, 59)}` },
    { vendor: 'gitlab-pat', env: 'GITLAB_TOKEN', make: (r) => `${r.one(['glpat-', 'gldt-', 'glrt-'])}${token(r, 20, URLSAFE)}` },
    { vendor: 'slack-bot', env: 'SLACK_BOT_TOKEN', make: (r) => `xoxb-${r.chars('123456789', 1)}${r.chars('0123456789', 11)}-${r.chars('123456789', 1)}${r.chars('0123456789', 12)}-${token(r, 24)}` },
    { vendor: 'slack-app', env: 'SLACK_APP_TOKEN', make: (r) => `xapp-1-A${token(r, 10, AN_UP)}-${r.chars('0123456789', 13)}-${hex(r, 64)}` },
    { vendor: 'stripe-secret', env: 'STRIPE_SECRET_KEY', make: (r) => `${r.one(['sk_live_', 'rk_live_'])}${token(r, r.one([24, 99]))}` },
    { vendor: 'stripe-webhook', env: 'STRIPE_WEBHOOK_SECRET', make: (r) => `whsec_${token(r, 32)}` },
    { vendor: 'openai-project', env: 'OPENAI_API_KEY', make: (r) => `sk-proj-${token(r, 74, URLSAFE)}T3BlbkFJ${token(r, 74, URLSAFE)}` },
    { vendor: 'anthropic', env: 'ANTHROPIC_API_KEY', make: (r) => `sk-ant-api03-${token(r, 93, URLSAFE)}AA` },
    { vendor: 'google-api-key', env: 'GOOGLE_API_KEY', make: (r) => `AIza${token(r, 35, URLSAFE)}` },
    { vendor: 'google-oauth-secret', env: 'GOOGLE_CLIENT_SECRET', make: (r) => `GOCSPX-${token(r, 28, URLSAFE)}` },
    { vendor: 'npm', env: 'NPM_TOKEN', make: (r) => withCrcTail('npm_', token(r, 30)) },
    { vendor: 'pypi', env: 'PYPI_API_TOKEN', make: (r) => `pypi-AgEIcHlwaS5vcmc${token(r, r.between(70, 140), URLSAFE)}` },
    { vendor: 'huggingface', env: 'HF_TOKEN', make: (r) => `hf_${token(r, 34, UP + LOW)}` },
    { vendor: 'sendgrid', env: 'SENDGRID_API_KEY', make: (r) => `SG.${token(r, 22, URLSAFE)}.${token(r, 43, URLSAFE)}` },
    { vendor: 'twilio-api-key', env: 'TWILIO_API_KEY', make: (r) => `SK${hex(r, 32)}` },
    { vendor: 'twilio-auth-token', env: 'TWILIO_AUTH_TOKEN', make: (r) => hex(r, 32), keyed: true },
    { vendor: 'mailgun', env: 'MAILGUN_API_KEY', make: (r) => `key-${hex(r, 32)}` },
    { vendor: 'mailchimp', env: 'MAILCHIMP_API_KEY', make: (r) => `${hex(r, 32)}-us${r.between(1, 21)}` },
    { vendor: 'shopify', env: 'SHOPIFY_ACCESS_TOKEN', make: (r) => `${r.one(['shpat_', 'shpss_', 'shpca_'])}${hex(r, 32)}` },
    { vendor: 'digitalocean', env: 'DIGITALOCEAN_TOKEN', make: (r) => `${r.one(['dop_v1_', 'doo_v1_'])}${hex(r, 64)}` },
    { vendor: 'doppler', env: 'DOPPLER_TOKEN', make: (r) => `dp.st.${r.one(['prd', 'stg', 'dev'])}.${token(r, 40)}` },
    { vendor: 'vault', env: 'VAULT_TOKEN', make: (r) => `hvs.${token(r, r.one([24, 91]), URLSAFE)}` },
    { vendor: 'terraform-cloud', env: 'TFE_TOKEN', make: (r) => `${token(r, 14)}.atlasv1.${token(r, 67)}` },
    { vendor: 'databricks', env: 'DATABRICKS_TOKEN', make: (r) => `dapi${hex(r, 32)}` },
    { vendor: 'grafana-sa', env: 'GRAFANA_TOKEN', make: (r) => `glsa_${token(r, 32)}_${hex(r, 8)}` },
    { vendor: 'linear', env: 'LINEAR_API_KEY', make: (r) => `lin_api_${token(r, 40)}` },
    { vendor: 'notion', env: 'NOTION_TOKEN', make: (r) => `ntn_${r.chars('0123456789', 11)}${token(r, 35)}` },
    { vendor: 'postman', env: 'POSTMAN_API_KEY', make: (r) => `PMAK-${hex(r, 24)}-${hex(r, 34)}` },
    { vendor: 'figma', env: 'FIGMA_TOKEN', make: (r) => `figd_${token(r, 40, URLSAFE)}` },
    { vendor: 'discord-bot', env: 'DISCORD_TOKEN', make: (r) => `${Buffer.from(r.chars('123456789', 1) + r.chars('0123456789', 17)).toString('base64url')}.${token(r, 6, URLSAFE)}.${token(r, 38, URLSAFE)}` },
    { vendor: 'telegram-bot', env: 'TELEGRAM_BOT_TOKEN', make: (r) => `${r.chars('123456789', 1)}${r.chars('0123456789', 9)}:AA${token(r, 33, URLSAFE)}` },
    { vendor: 'sentry-user', env: 'SENTRY_AUTH_TOKEN', make: (r) => `sntryu_${hex(r, 64)}` },
    { vendor: 'newrelic', env: 'NEW_RELIC_API_KEY', make: (r) => `NRAK-${token(r, 27, AN_UP)}` },
    { vendor: 'supabase', env: 'SUPABASE_ACCESS_TOKEN', make: (r) => `sbp_${hex(r, 40)}` },
    { vendor: 'pulumi', env: 'PULUMI_ACCESS_TOKEN', make: (r) => `pul-${hex(r, 40)}` },
    { vendor: 'groq', env: 'GROQ_API_KEY', make: (r) => `gsk_${token(r, 52)}` },
    { vendor: 'replicate', env: 'REPLICATE_API_TOKEN', make: (r) => `r8_${token(r, 37)}` },
    { vendor: 'perplexity', env: 'PERPLEXITY_API_KEY', make: (r) => `pplx-${token(r, 48)}` },
    { vendor: 'xai', env: 'XAI_API_KEY', make: (r) => `xai-${token(r, 80)}` },
    { vendor: 'age', env: 'SOPS_AGE_KEY', make: (r) => `AGE-SECRET-KEY-1${r.chars(BECH32_UPPER, 58)}` },
    { vendor: 'azure-storage-key', env: 'AZURE_STORAGE_KEY', make: (r) => base64Of(r, 64), keyed: true },
    { vendor: 'azure-ad-secret', env: 'AZURE_CLIENT_SECRET', make: (r) => `${token(r, 3)}8Q~${token(r, 34, AN + '_~.-')}` },
    { vendor: 'square', env: 'SQUARE_ACCESS_TOKEN', make: (r) => `EAAA${token(r, 60, URLSAFE)}` },
    { vendor: 'buildkite', env: 'BUILDKITE_API_TOKEN', make: (r) => `bkua_${hex(r, 40)}` },
    { vendor: 'netlify', env: 'NETLIFY_AUTH_TOKEN', make: (r) => `nfp_${token(r, 36)}` },
    { vendor: 'planetscale', env: 'PLANETSCALE_SERVICE_TOKEN', make: (r) => `${r.one(['pscale_tkn_', 'pscale_pw_'])}${token(r, 43, URLSAFE)}` },
    { vendor: 'dynatrace', env: 'DT_API_TOKEN', make: (r) => `dt0c01.${token(r, 24, AN_UP)}.${token(r, 64, AN_UP)}` },
    { vendor: 'tailscale', env: 'TS_AUTHKEY', make: (r) => `tskey-auth-${token(r, 12)}CNTRL-${token(r, 33)}` },
    { vendor: 'airtable', env: 'AIRTABLE_TOKEN', make: (r) => `pat${token(r, 14)}.${hex(r, 64)}` },
    { vendor: 'docker-hub', env: 'DOCKERHUB_TOKEN', make: (r) => `dckr_pat_${token(r, 27, URLSAFE)}` },
    { vendor: 'atlassian', env: 'JIRA_API_TOKEN', make: (r) => `ATATT3xFfGF0${token(r, 170, URLSAFE)}=${hex(r, 8).toUpperCase()}` },
    { vendor: 'heroku', env: 'HEROKU_API_KEY', make: (r) => uuid4(r), keyed: true },
    { vendor: 'alibaba', env: 'ALIBABA_CLOUD_ACCESS_KEY_ID', make: (r) => `LTAI${token(r, 20)}` },
    { vendor: 'contentful', env: 'CONTENTFUL_MANAGEMENT_TOKEN', make: (r) => `CFPAT-${token(r, 43, URLSAFE)}` },
    { vendor: 'langsmith', env: 'LANGSMITH_API_KEY', make: (r) => `lsv2_${r.one(['pt', 'sk'])}_${hex(r, 32)}_${hex(r, 10)}` },
    { vendor: 'circleci', env: 'CIRCLECI_TOKEN', make: (r) => `CCIPAT_${token(r, 22)}_${hex(r, 40)}` },
    { vendor: 'onepassword-sa', env: 'OP_SERVICE_ACCOUNT_TOKEN', make: (r) => `ops_${Buffer.from(`{"signInAddress":"my.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256","iterations":650000,"salt":"${base64UrlOf(r, 16)}"},"email":"${token(r, 12, LOW + NUM)}@1passwordserviceaccounts.com","srpX":"${hex(r, 64)}","muk":{"alg":"A256GCM","ext":true,"k":"${base64UrlOf(r, 32)}","key_ops":["encrypt","decrypt"],"kty":"oct","kid":"mp"}}`).toString('base64url')}` },
    { vendor: 'fly', env: 'FLY_API_TOKEN', make: (r) => `fo1_${token(r, 43, URLSAFE)}` },
    { vendor: 'deepseek', env: 'DEEPSEEK_API_KEY', make: (r) => `sk-${hex(r, 32)}`, keyed: true },
    { vendor: 'mistral', env: 'MISTRAL_API_KEY', make: (r) => token(r, 32), keyed: true },
    { vendor: 'datadog', env: 'DD_API_KEY', make: (r) => hex(r, 32), keyed: true },
    { vendor: 'cloudflare-api-token', env: 'CLOUDFLARE_API_TOKEN', make: (r) => token(r, 40, URLSAFE), keyed: true },
    { vendor: 'okta', env: 'OKTA_API_TOKEN', make: (r) => `00${token(r, 40, URLSAFE)}`, keyed: true },
    { vendor: 'jwt-bearer', env: 'API_BEARER_TOKEN', make: (r) => jwt(r) },
];
/** A signed JWT with a realistic header and claims. */
export function jwt(rng) {
    const header = Buffer.from(JSON.stringify({ alg: rng.one(['HS256', 'RS256', 'ES256']), typ: 'JWT' })).toString('base64url');
    const now = 1_790_000_000 + rng.between(0, 9_000_000);
    const claims = Buffer.from(JSON.stringify({ sub: uuid4(rng), iat: now, exp: now + 3600, scope: rng.one(['read write', 'admin', 'api']) })).toString('base64url');
    return `${header}.${claims}.${base64UrlOf(rng, rng.one([32, 64]))}`;
}
/** The vendor for case `index`: round robin, so every vendor appears across a category's cases. */
export function vendorAt(index, offset = 0) {
    return VENDORS[(index + offset) % VENDORS.length];
}
//# sourceMappingURL=vendors.js.map