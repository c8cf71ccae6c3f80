import { ALNUM, B64, B64URL, DIGITS, HEX, LOWER, LOWER_ALNUM, UPPER, UPPER_ALNUM, b64, b64url, mixed, uuid } from './util.js';
const p = (...parts) => parts.join('');
/** CRC32 of a string, for GitHub-style checksummed tokens. */
function crc32(s) {
    let c = ~0;
    for (let i = 0; i < s.length; i++) {
        c ^= s.charCodeAt(i);
        for (let k = 0; k < 8; k++)
            c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
}
function base62(n, len) {
    const A = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    let out = '';
    for (let i = 0; i < len; i++) {
        out = A[n % 62] + out;
        n = Math.floor(n / 62);
    }
    return out;
}
function ghToken(rng, prefix) {
    const body = mixed(rng, 30);
    return `${prefix}${body}${base62(crc32(body), 6)}`;
}
export const VCS = [
    { vendor: 'github-classic', names: ['GITHUB_TOKEN', 'GH_TOKEN', 'githubPat', 'GITHUB_PAT'], make: (r) => ghToken(r, p('gh', 'p_')), bare: true },
    { vendor: 'github-oauth', names: ['GITHUB_OAUTH_TOKEN', 'ghAccessToken'], make: (r) => ghToken(r, p('gh', 'o_')), bare: true },
    { vendor: 'github-app', names: ['GITHUB_APP_TOKEN', 'installationToken'], make: (r) => ghToken(r, p('gh', 's_')), bare: true },
    { vendor: 'github-user-server', names: ['GH_USER_TOKEN'], make: (r) => ghToken(r, p('gh', 'u_')), bare: true },
    { vendor: 'github-fine-grained', names: ['GITHUB_TOKEN', 'GH_PAT', 'RELEASE_TOKEN'], make: (r) => p('github', '_pat_', '11', r.str(UPPER_ALNUM, 20), '_', mixed(r, 59)), bare: true },
    { vendor: 'gitlab-pat', names: ['GITLAB_TOKEN', 'CI_PUSH_TOKEN', 'GITLAB_PRIVATE_TOKEN'], make: (r) => p('gl', 'pat-', mixed(r, 20, ALNUM + '_-')), bare: true },
    { vendor: 'gitlab-deploy', names: ['GITLAB_DEPLOY_TOKEN'], make: (r) => p('gl', 'dt-', mixed(r, 20)), bare: true },
    { vendor: 'gitlab-runner', names: ['RUNNER_TOKEN', 'CI_RUNNER_TOKEN'], make: (r) => p('gl', 'rt-', mixed(r, 20)), bare: true },
    { vendor: 'gitlab-pipeline-trigger', names: ['TRIGGER_TOKEN'], make: (r) => p('gl', 'ptt-', r.str(HEX, 40)), bare: true },
    { vendor: 'bitbucket-app-password', names: ['BITBUCKET_APP_PASSWORD', 'BB_TOKEN'], make: (r) => p('AT', 'BB', mixed(r, 28), r.str(UPPER_ALNUM, 8)), bare: true },
    { vendor: 'npm', names: ['NPM_TOKEN', 'NODE_AUTH_TOKEN'], make: (r) => p('np', 'm_', mixed(r, 36)), bare: true },
    { vendor: 'pypi', names: ['PYPI_TOKEN', 'TWINE_PASSWORD', 'UV_PUBLISH_TOKEN'], make: (r) => p('py', 'pi-', 'AgEIcHlwaS5vcmc', r.str(B64URL, r.int(140, 170))), bare: true },
    { vendor: 'rubygems', names: ['GEM_HOST_API_KEY', 'RUBYGEMS_API_KEY'], make: (r) => p('ruby', 'gems_', r.str(HEX, 48)), bare: true },
    { vendor: 'nuget', names: ['NUGET_API_KEY'], make: (r) => p('oy', '2', r.str(LOWER_ALNUM, 43)), bare: false },
    { vendor: 'dockerhub', names: ['DOCKERHUB_TOKEN', 'DOCKER_PASSWORD'], make: (r) => p('dckr', '_pat_', mixed(r, 27, ALNUM + '-_')), bare: true },
    { vendor: 'clojars', names: ['CLOJARS_PASSWORD'], make: (r) => p('CLO', 'JARS_', r.str(LOWER_ALNUM, 60)), bare: true },
    { vendor: 'buildkite', names: ['BUILDKITE_API_TOKEN'], make: (r) => p('bk', 'ua_', r.str(HEX, 40)), bare: true },
    { vendor: 'circleci', names: ['CIRCLE_TOKEN', 'CIRCLECI_TOKEN'], make: (r) => p('CCI', 'PAT_', mixed(r, 22), '_', r.str(HEX, 40)), bare: true },
];
export const AI = [
    { vendor: 'openai-project', names: ['OPENAI_API_KEY', 'openaiKey', 'OPENAI_KEY'], make: (r) => p('sk-', 'proj-', mixed(r, 74, ALNUM + '-_'), 'T3Blbk', 'FJ', mixed(r, 74, ALNUM + '-_')), bare: true },
    { vendor: 'openai-legacy', names: ['OPENAI_API_KEY', 'openai.api_key'], make: (r) => p('sk-', mixed(r, 20), 'T3Blbk', 'FJ', mixed(r, 20)), bare: true },
    { vendor: 'openai-svcacct', names: ['OPENAI_API_KEY'], make: (r) => p('sk-', 'svcacct-', mixed(r, 74, ALNUM + '-_'), 'T3Blbk', 'FJ', mixed(r, 74, ALNUM + '-_')), bare: true },
    { vendor: 'anthropic', names: ['ANTHROPIC_API_KEY', 'anthropicApiKey', 'CLAUDE_API_KEY'], make: (r) => p('sk-', 'ant-', 'api03-', mixed(r, 93, ALNUM + '-_'), 'AA'), bare: true },
    { vendor: 'anthropic-admin', names: ['ANTHROPIC_ADMIN_KEY'], make: (r) => p('sk-', 'ant-', 'admin01-', mixed(r, 93, ALNUM + '-_'), 'AA'), bare: true },
    { vendor: 'huggingface', names: ['HF_TOKEN', 'HUGGINGFACE_HUB_TOKEN', 'HUGGING_FACE_HUB_TOKEN'], make: (r) => p('h', 'f_', r.str(UPPER + LOWER, 34)), bare: true },
    { vendor: 'groq', names: ['GROQ_API_KEY'], make: (r) => p('g', 'sk_', mixed(r, 52)), bare: true },
    { vendor: 'replicate', names: ['REPLICATE_API_TOKEN'], make: (r) => p('r', '8_', mixed(r, 37)), bare: true },
    { vendor: 'xai', names: ['XAI_API_KEY', 'GROK_API_KEY'], make: (r) => p('x', 'ai-', mixed(r, 80)), bare: true },
    { vendor: 'perplexity', names: ['PERPLEXITY_API_KEY', 'PPLX_API_KEY'], make: (r) => p('pp', 'lx-', mixed(r, 48)), bare: true },
    { vendor: 'langsmith', names: ['LANGSMITH_API_KEY', 'LANGCHAIN_API_KEY'], make: (r) => p('ls', 'v2_', r.pick(['pt_', 'sk_']), r.str(HEX, 32), '_', r.str(HEX, 10)), bare: true },
    { vendor: 'pinecone', names: ['PINECONE_API_KEY'], make: (r) => p('pc', 'sk_', r.str(ALNUM, 5), '_', mixed(r, 64)), bare: true },
    { vendor: 'google-ai', names: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'], make: (r) => p('AI', 'za', 'Sy', mixed(r, 33, ALNUM + '-_')), bare: true },
    { vendor: 'mistral', names: ['MISTRAL_API_KEY'], make: (r) => mixed(r, 32), bare: false },
    { vendor: 'cohere', names: ['COHERE_API_KEY', 'CO_API_KEY'], make: (r) => mixed(r, 40), bare: false },
    { vendor: 'deepseek', names: ['DEEPSEEK_API_KEY'], make: (r) => p('sk-', r.str(HEX, 32)), bare: false },
    { vendor: 'openrouter', names: ['OPENROUTER_API_KEY'], make: (r) => p('sk-', 'or-', 'v1-', r.str(HEX, 64)), bare: true },
];
export const PAYMENT = [
    { vendor: 'stripe-secret', names: ['STRIPE_SECRET_KEY', 'stripeKey', 'STRIPE_API_KEY'], make: (r) => p('sk', '_live_', r.pick(['51', '']), mixed(r, r.pick([24, 99]))), bare: true },
    { vendor: 'stripe-restricted', names: ['STRIPE_RESTRICTED_KEY'], make: (r) => p('rk', '_live_', '51', mixed(r, 97)), bare: true },
    { vendor: 'stripe-webhook', names: ['STRIPE_WEBHOOK_SECRET', 'webhookSecret'], make: (r) => p('wh', 'sec_', mixed(r, 32)), bare: true },
    { vendor: 'square-access', names: ['SQUARE_ACCESS_TOKEN'], make: (r) => p('EAAA', mixed(r, 60, ALNUM + '-_')), bare: false },
    { vendor: 'square-legacy', names: ['SQUARE_TOKEN'], make: (r) => p('sq0', 'atp-', mixed(r, 22, ALNUM + '-_')), bare: true },
    { vendor: 'square-secret', names: ['SQUARE_APP_SECRET'], make: (r) => p('sq0', 'csp-', mixed(r, 43, ALNUM + '-_')), bare: true },
    { vendor: 'shopify-admin', names: ['SHOPIFY_ACCESS_TOKEN', 'SHOPIFY_ADMIN_TOKEN'], make: (r) => p('sh', 'pat_', r.str(HEX, 32)), bare: true },
    { vendor: 'shopify-secret', names: ['SHOPIFY_API_SECRET'], make: (r) => p('sh', 'pss_', r.str(HEX, 32)), bare: true },
    { vendor: 'shopify-custom', names: ['SHOPIFY_APP_TOKEN'], make: (r) => p('sh', 'pca_', r.str(HEX, 32)), bare: true },
    { vendor: 'braintree', names: ['BRAINTREE_ACCESS_TOKEN'], make: (r) => p('access_token', '$production$', r.str(LOWER_ALNUM, 16), '$', r.str(HEX, 32)), bare: true },
    { vendor: 'razorpay', names: ['RAZORPAY_KEY_SECRET'], make: (r) => mixed(r, 24), bare: false },
    { vendor: 'paypal-secret', names: ['PAYPAL_CLIENT_SECRET'], make: (r) => p('E', mixed(r, 79, ALNUM + '-_')), bare: false },
    { vendor: 'adyen', names: ['ADYEN_API_KEY'], make: (r) => p('AQE', r.str(ALNUM, 4), 'h', mixed(r, 60), r.str(B64, 40)), bare: false },
    { vendor: 'flutterwave', names: ['FLW_SECRET_KEY'], make: (r) => p('FLW', 'SECK-', r.str(HEX, 32), '-X'), bare: true },
    { vendor: 'paystack', names: ['PAYSTACK_SECRET_KEY'], make: (r) => p('sk', '_live_', r.str(HEX, 40)), bare: true },
];
export const COMMS = [
    { vendor: 'slack-bot', names: ['SLACK_BOT_TOKEN', 'slackToken'], make: (r) => p('xo', 'xb-', r.str(DIGITS, r.int(10, 13)), '-', r.str(DIGITS, r.int(10, 13)), '-', mixed(r, 24)), bare: true },
    { vendor: 'slack-user', names: ['SLACK_USER_TOKEN'], make: (r) => p('xo', 'xp-', r.str(DIGITS, 11), '-', r.str(DIGITS, 12), '-', r.str(DIGITS, 13), '-', r.str(HEX, 32)), bare: true },
    { vendor: 'slack-app', names: ['SLACK_APP_TOKEN'], make: (r) => p('xa', 'pp-1-A', r.str(UPPER_ALNUM, 10), '-', r.str(DIGITS, 13), '-', r.str(HEX, 64)), bare: true },
    { vendor: 'slack-config', names: ['SLACK_CONFIG_TOKEN'], make: (r) => p('xo', 'xe.', 'xo', 'xp-1-', mixed(r, 146)), bare: true },
    { vendor: 'slack-signing', names: ['SLACK_SIGNING_SECRET'], make: (r) => r.str(HEX, 32), bare: false },
    { vendor: 'twilio-auth', names: ['TWILIO_AUTH_TOKEN'], make: (r) => r.str(HEX, 32), bare: false },
    { vendor: 'twilio-apikey', names: ['TWILIO_API_SECRET'], make: (r) => mixed(r, 32), bare: false },
    { vendor: 'sendgrid', names: ['SENDGRID_API_KEY', 'SG_KEY'], make: (r) => p('S', 'G.', mixed(r, 22, ALNUM + '-_'), '.', mixed(r, 43, ALNUM + '-_')), bare: true },
    { vendor: 'mailgun', names: ['MAILGUN_API_KEY'], make: (r) => p('key', '-', r.str(HEX, 32)), bare: true },
    { vendor: 'mailgun-new', names: ['MAILGUN_API_KEY'], make: (r) => p(r.str(HEX, 32), '-', r.str(HEX, 8), '-', r.str(HEX, 8)), bare: false },
    { vendor: 'mailchimp', names: ['MAILCHIMP_API_KEY'], make: (r) => p(r.str(HEX, 32), '-us', String(r.int(1, 21))), bare: false },
    { vendor: 'postmark', names: ['POSTMARK_SERVER_TOKEN', 'POSTMARK_API_TOKEN'], make: (r) => uuid(r), bare: false },
    { vendor: 'telegram-bot', names: ['TELEGRAM_BOT_TOKEN', 'TG_TOKEN', 'BOT_TOKEN'], make: (r) => p(String(r.int(1, 7)), r.str(DIGITS, 9), ':AA', mixed(r, 33, ALNUM + '-_')), bare: true },
    { vendor: 'discord-bot', names: ['DISCORD_TOKEN', 'DISCORD_BOT_TOKEN'], make: (r) => p(b64url(String(r.int(1e17, 9e17)) + String(r.int(10, 99))).replace(/=+$/, ''), '.', mixed(r, 6, ALNUM + '-_'), '.', mixed(r, 38, ALNUM + '-_')), bare: false },
    { vendor: 'vonage', names: ['VONAGE_API_SECRET', 'NEXMO_API_SECRET'], make: (r) => mixed(r, 16), bare: false },
    { vendor: 'pusher', names: ['PUSHER_APP_SECRET'], make: (r) => r.str(HEX, 20), bare: false },
    { vendor: 'resend', names: ['RESEND_API_KEY'], make: (r) => p('r', 'e_', mixed(r, 8), '_', mixed(r, 24)), bare: true },
];
export const SAAS = [
    { vendor: 'digitalocean', names: ['DIGITALOCEAN_TOKEN', 'DO_TOKEN'], make: (r) => p('do', 'p_v1_', r.str(HEX, 64)), bare: true },
    { vendor: 'databricks', names: ['DATABRICKS_TOKEN'], make: (r) => p('da', 'pi', r.str(HEX, 32)), bare: true },
    { vendor: 'vault', names: ['VAULT_TOKEN'], make: (r) => p('hv', 's.', mixed(r, 24)), bare: true },
    { vendor: 'vault-batch', names: ['VAULT_TOKEN'], make: (r) => p('hv', 'b.', 'AAAAAQ', mixed(r, 130, ALNUM + '-_')), bare: true },
    { vendor: 'terraform-cloud', names: ['TF_TOKEN_app_terraform_io', 'TFE_TOKEN'], make: (r) => p(r.str(LOWER_ALNUM, 14), '.atlas', 'v1.', mixed(r, 67, ALNUM)), bare: true },
    { vendor: 'doppler', names: ['DOPPLER_TOKEN'], make: (r) => p('dp', '.st.', r.pick(['prd', 'dev', 'stg']), '.', mixed(r, 43)), bare: true },
    { vendor: 'pulumi', names: ['PULUMI_ACCESS_TOKEN'], make: (r) => p('pu', 'l-', r.str(HEX, 40)), bare: true },
    { vendor: 'grafana-sa', names: ['GRAFANA_TOKEN', 'GRAFANA_SERVICE_ACCOUNT_TOKEN'], make: (r) => p('gl', 'sa_', mixed(r, 32), '_', r.str(HEX, 8)), bare: true },
    { vendor: 'grafana-cloud', names: ['GRAFANA_CLOUD_TOKEN'], make: (r) => p('gl', 'c_', b64(JSON.stringify({ o: String(r.int(100000, 999999)), n: 'stack-' + r.int(100, 999) + '-hm-write', k: mixed(r, 24), m: { r: 'prod-eu-west-2' } })).replace(/=+$/, '')), bare: true },
    { vendor: 'newrelic-user', names: ['NEW_RELIC_API_KEY'], make: (r) => p('NR', 'AK-', r.str(UPPER_ALNUM, 27)), bare: true },
    { vendor: 'newrelic-license', names: ['NEW_RELIC_LICENSE_KEY'], make: (r) => p(r.str(HEX, 36), 'NRAL'), bare: false },
    { vendor: 'datadog-api', names: ['DD_API_KEY', 'DATADOG_API_KEY'], make: (r) => r.str(HEX, 32), bare: false },
    { vendor: 'datadog-app', names: ['DD_APP_KEY', 'DATADOG_APP_KEY'], make: (r) => r.str(HEX, 40), bare: false },
    { vendor: 'sentry-auth', names: ['SENTRY_AUTH_TOKEN'], make: (r) => p('sn', 'trys_', b64(JSON.stringify({ iat: r.int(1.7e9, 1.75e9), url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: 'acme' })).replace(/=+$/, ''), '_', mixed(r, 43)), bare: true },
    { vendor: 'sentry-user', names: ['SENTRY_AUTH_TOKEN'], make: (r) => p('sn', 'tryu_', r.str(HEX, 64)), bare: true },
    { vendor: 'linear', names: ['LINEAR_API_KEY'], make: (r) => p('lin', '_api_', mixed(r, 40)), bare: true },
    { vendor: 'notion', names: ['NOTION_TOKEN', 'NOTION_API_KEY'], make: (r) => r.chance(0.5) ? p('sec', 'ret_', mixed(r, 43)) : p('nt', 'n_', r.str(DIGITS, 11), mixed(r, 35)), bare: true },
    { vendor: 'tailscale', names: ['TS_AUTHKEY', 'TAILSCALE_AUTH_KEY'], make: (r) => p('ts', 'key-', r.pick(['auth', 'api', 'client']), '-k', mixed(r, 10), 'CNTRL-', mixed(r, 33)), bare: true },
    { vendor: 'dynatrace', names: ['DT_API_TOKEN'], make: (r) => p('dt0c01', '.', r.str(UPPER_ALNUM, 24), '.', r.str(UPPER_ALNUM, 64)), bare: true },
    { vendor: 'atlassian', names: ['JIRA_API_TOKEN', 'ATLASSIAN_API_TOKEN', 'CONFLUENCE_TOKEN'], make: (r) => p('ATA', 'TT3xFfGF0', mixed(r, 170, ALNUM + '-_'), '=', r.str(UPPER_ALNUM, 8)), bare: true },
    { vendor: 'postman', names: ['POSTMAN_API_KEY'], make: (r) => p('PM', 'AK-', r.str(HEX, 24), '-', r.str(HEX, 34)), bare: true },
    { vendor: 'age', names: ['SOPS_AGE_KEY'], make: (r) => p('AGE-', 'SECRET-KEY-1', r.str('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)), bare: true },
    { vendor: 'onepassword-sa', names: ['OP_SERVICE_ACCOUNT_TOKEN'], make: (r) => p('op', 's_', 'eyJ', r.str(B64, 260)), bare: true },
    { vendor: 'fly', names: ['FLY_API_TOKEN'], make: (r) => p('Fly', 'V1 ', 'fm2_', r.str(B64, 180)), bare: true },
    { vendor: 'planetscale', names: ['PLANETSCALE_SERVICE_TOKEN'], make: (r) => p('pscale', '_tkn_', mixed(r, 43, ALNUM + '_')), bare: true },
    { vendor: 'supabase-secret', names: ['SUPABASE_SECRET_KEY'], make: (r) => p('sb', '_secret_', mixed(r, 31, ALNUM + '-_')), bare: true },
    { vendor: 'contentful', names: ['CONTENTFUL_MANAGEMENT_TOKEN'], make: (r) => p('CF', 'PAT-', mixed(r, 43, ALNUM + '-_')), bare: true },
    { vendor: 'figma', names: ['FIGMA_TOKEN'], make: (r) => p('fi', 'gd_', mixed(r, 40, ALNUM + '-_')), bare: true },
    { vendor: 'heroku', names: ['HEROKU_API_KEY'], make: (r) => uuid(r), bare: false },
    { vendor: 'heroku-new', names: ['HEROKU_API_KEY'], make: (r) => p('HR', 'KU-', 'AA', mixed(r, 58, ALNUM + '-_')), bare: true },
    { vendor: 'okta', names: ['OKTA_API_TOKEN', 'OKTA_CLIENT_TOKEN'], make: (r) => p('00', mixed(r, 40, ALNUM + '-_')), bare: false },
    { vendor: 'cloudflare', names: ['CLOUDFLARE_API_TOKEN', 'CF_API_TOKEN'], make: (r) => mixed(r, 40, ALNUM + '-_'), bare: false },
    { vendor: 'cloudflare-global', names: ['CLOUDFLARE_API_KEY', 'CF_API_KEY'], make: (r) => r.str(HEX, 37), bare: false },
    { vendor: 'algolia', names: ['ALGOLIA_ADMIN_API_KEY', 'ALGOLIA_WRITE_KEY'], make: (r) => r.str(HEX, 32), bare: false },
    { vendor: 'mapbox-secret', names: ['MAPBOX_SECRET_TOKEN', 'MAPBOX_DOWNLOADS_TOKEN'], make: (r) => p('s', 'k.', b64url(JSON.stringify({ u: 'acme-maps', a: mixed(r, 25) })), '.', mixed(r, 22, ALNUM + '-_')), bare: true },
    { vendor: 'airtable', names: ['AIRTABLE_TOKEN'], make: (r) => p('pat', mixed(r, 14), '.', r.str(HEX, 64)), bare: true },
    { vendor: 'asana', names: ['ASANA_ACCESS_TOKEN'], make: (r) => p('2/', r.str(DIGITS, 16), '/', r.str(DIGITS, 16), ':', r.str(HEX, 32)), bare: false },
    { vendor: 'netlify', names: ['NETLIFY_AUTH_TOKEN'], make: (r) => p('nf', 'p_', mixed(r, 36)), bare: true },
    { vendor: 'vercel', names: ['VERCEL_TOKEN'], make: (r) => mixed(r, 24), bare: false },
    { vendor: 'snyk', names: ['SNYK_TOKEN'], make: (r) => uuid(r), bare: false },
    { vendor: 'ngrok', names: ['NGROK_AUTHTOKEN'], make: (r) => p('2', mixed(r, 26), '_', mixed(r, 21)), bare: false },
    { vendor: 'prefect', names: ['PREFECT_API_KEY'], make: (r) => p('pn', 'u_', mixed(r, 36)), bare: true },
    { vendor: 'launchdarkly', names: ['LAUNCHDARKLY_SDK_KEY', 'LD_SDK_KEY'], make: (r) => p('sdk', '-', uuid(r)), bare: false },
    { vendor: 'rapidapi', names: ['RAPIDAPI_KEY', 'X_RAPIDAPI_KEY'], make: (r) => p(r.str(HEX, 10), 'msh', r.str(HEX, 15), 'jsn', r.str(HEX, 12)), bare: false },
    { vendor: 'yandex', names: ['YANDEX_OAUTH_TOKEN'], make: (r) => p('y0_', 'AgAAAA', mixed(r, 52, ALNUM + '-_')), bare: true },
];
//# sourceMappingURL=vendors.js.map