/**
 * Secret categories. Each generator places a freshly drawn value in one of many idioms a
 * developer (or a tool) actually writes; the targets are the secret values only, never the
 * key names around them.
 */
import { defineCorpusCategory } from '../corpus-kit.js';
import { benignEnv, fileView, HOSTS, isoTime, logTime, person, PROJECTS, SERVICES, terminal } from './common.js';
import { ALNUM, B64URL, DIGITS, djangoSecret, githubFineGrained, githubToken, hexSecret, HEX, jwt, mixed, npmToken, password, pemKey, uuid, vendor, } from './values.js';
export const defineCategory = defineCorpusCategory;
/** Unquoted YAML scalars cannot start with an indicator character. */
const yamlSafe = (s) => (/^[A-Za-z0-9]/.test(s) ? s : 'K' + s);
/** Generic places where any API token gets pasted. `name` is a vendor-appropriate variable name. */
const GENERIC = {
    dotenv: (rng, name, v) => fileView(rng, rng.pick(['.env', '.env.local', '.env.production', 'apps/api/.env']), [...benignEnv(rng, 2), `${name}=${v}`, ...benignEnv(rng, 1)].join('\n')),
    dotenvQuoted: (rng, name, v) => fileView(rng, '.env', `# ${rng.pick(['third-party', 'integrations', 'secrets, do not commit'])}\n${name}="${v}"\n${benignEnv(rng, 1)[0]}`),
    export: (rng, name, v) => terminal(rng, `export ${name}=${rng.chance(0.5) ? `'${v}'` : v}`, '') + '\n' + terminal(rng, `npm run ${rng.pick(['dev', 'sync', 'seed'])}`, '> ready in 812 ms'),
    history: (rng, name, v) => `$ history | tail -4\n  ${rng.int(400, 999)}  cd ~/src/${rng.pick(PROJECTS)}\n  ${rng.int(1000, 1100)}  ${name}=${v} ${rng.pick(['python manage.py sync', 'node scripts/backfill.js', 'go run ./cmd/worker'])}\n  ${rng.int(1101, 1200)}  git status\n  ${rng.int(1201, 1300)}  history | tail -4`,
    yaml: (rng, name, v) => fileView(rng, rng.pick(['config/settings.yml', 'config.yaml', 'values.prod.yaml']), `${rng.pick(SERVICES)}:\n  enabled: true\n  ${camel(name)}: ${rng.chance(0.5) ? `"${v}"` : v}\n  timeout: 30s`),
    json: (rng, name, v) => fileView(rng, rng.pick(['config/default.json', 'secrets.json', 'appsettings.Development.json']), `{\n  "region": "eu-west-1",\n  "${camel(name)}": "${v}",\n  "retries": 3\n}`),
    python: (rng, name, v) => fileView(rng, rng.pick(['scripts/sync.py', 'app/clients.py', 'notebooks/explore.py']), `import os\nimport requests\n\n${name} = "${v}"\n\ndef fetch(path):\n    return requests.get(BASE + path, timeout=10)`),
    pythonEnviron: (rng, name, v) => fileView(rng, 'conftest.py', `import os\n\nos.environ["${name}"] = "${v}"\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "app.settings")`),
    ts: (rng, name, v) => fileView(rng, rng.pick(['src/lib/client.ts', 'scripts/seed.mjs', 'src/config.js']), `// TODO move to env before merging\nconst ${camel(name)} = '${v}';\n\nexport const client = createClient({ ${camel(name)}, timeout: 10_000 });`),
    go: (rng, name, v) => fileView(rng, 'cmd/worker/main.go', `package main\n\nimport "os"\n\nconst ${camel(name)} = "${v}"\n\nfunc main() {\n\tos.Setenv("${name}", ${camel(name)})\n\trun()\n}`),
    rust: (rng, name, v) => fileView(rng, 'src/main.rs', `fn main() {\n    let ${name.toLowerCase()} = "${v}";\n    let client = Client::new(${name.toLowerCase()});\n    client.run();\n}`),
    csharp: (rng, name, v) => fileView(rng, 'Services/ApiClient.cs', `public class ApiClient\n{\n    private const string ${pascal(name)} = "${v}";\n    private readonly HttpClient _http = new();\n}`),
    ruby: (rng, name, v) => fileView(rng, 'config/initializers/integrations.rb', `ENV["${name}"] ||= "${v}"\nRails.application.config.x.retries = 3`),
    composeEnv: (rng, name, v) => fileView(rng, 'docker-compose.yml', `services:\n  ${rng.pick(SERVICES)}:\n    image: ghcr.io/fieldline/${rng.pick(PROJECTS)}:1.4.2\n    environment:\n      - NODE_ENV=production\n      - ${name}=${v}\n    ports:\n      - "8080:8080"`),
    k8sEnv: (rng, name, v) => fileView(rng, 'k8s/deployment.yaml', `    spec:\n      containers:\n        - name: ${rng.pick(SERVICES)}\n          image: registry.fieldline.io/${rng.pick(PROJECTS)}:2.1.0\n          env:\n            - name: LOG_LEVEL\n              value: info\n            - name: ${name}\n              value: "${v}"`),
    actions: (rng, name, v) => fileView(rng, '.github/workflows/deploy.yml', `jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      ${name}: ${v}\n    steps:\n      - uses: actions/checkout@v4\n      - run: ./scripts/deploy.sh`),
    dockerRun: (rng, name, v) => terminal(rng, `docker run --rm -e ${name}=${v} -p 3000:3000 ${rng.pick(PROJECTS)}:latest`, 'Listening on :3000'),
    terraform: (rng, name, v) => fileView(rng, 'main.tf', `provider "${rng.pick(['datadog', 'github', 'cloudflare', 'http'])}" {\n  ${name.toLowerCase()} = "${v}"\n}\n`),
    printenv: (rng, name, v) => terminal(rng, `printenv | grep -i ${name.split('_')[0].toLowerCase()}`, `${name}=${v}`),
    properties: (rng, name, v) => fileView(rng, 'src/main/resources/application.properties', `server.port=8080\n${name.toLowerCase().replace(/_/g, '.')}=${v}\nlogging.level.root=INFO`),
    toml: (rng, name, v) => fileView(rng, rng.pick(['config.toml', 'settings.toml', '.streamlit/secrets.toml']), `[${rng.pick(SERVICES)}]\n${name.toLowerCase()} = "${v}"\nregion = "us-east-1"`),
};
/** Places where a token is recognisable only by its shape (no telling key name). */
const BARE = {
    chat: (rng, _n, v) => rng.pick([
        `still getting 401 with this one: ${v} — did I copy it wrong?`,
        `ok I regenerated it, new one is ${v}\ncan you update the config`,
        `Use ${v} for now, I'll rotate it after the demo.`,
    ]),
    log: (rng, _n, v) => `${logTime(rng)} DEBUG http.client send: b'GET /v1/me HTTP/1.1\\r\\nHost: api.example.net\\r\\n' auth=${v}\n${logTime(rng)} INFO  response 200 in 183ms`,
    argv: (rng, _n, v) => terminal(rng, `./bin/sync --token ${v} --dry-run`, 'sync: 0 changes (dry run)'),
    jsonResp: (rng, _n, v) => terminal(rng, `curl -s -X POST localhost:8080/internal/tokens | jq`, `{\n  "id": "${uuid(rng)}",\n  "token": "${v}",\n  "created_at": "${isoTime(rng)}"\n}`),
};
function camel(name) {
    const parts = name.toLowerCase().split('_');
    return parts[0] + parts.slice(1).map((p) => p[0].toUpperCase() + p.slice(1)).join('');
}
function pascal(name) {
    const c = camel(name);
    return c[0].toUpperCase() + c.slice(1);
}
function miscName(v) {
    const byPrefix = [
        ['lin_api_', ['LINEAR_API_KEY']], ['ntn_', ['NOTION_TOKEN', 'NOTION_API_KEY']], ['dckr_pat_', ['DOCKERHUB_TOKEN', 'DOCKER_PASSWORD']],
        ['glsa_', ['GRAFANA_TOKEN', 'GRAFANA_SERVICE_ACCOUNT_TOKEN']], ['NRAK-', ['NEW_RELIC_API_KEY']], ['PMAK-', ['POSTMAN_API_KEY']],
        ['sntrys_', ['SENTRY_AUTH_TOKEN']],
    ];
    for (const [p, names] of byPrefix)
        if (v.startsWith(p))
            return names;
    return v.includes('.atlasv1.') ? ['TFE_TOKEN', 'TF_TOKEN_app_terraform_io'] : ['API_TOKEN'];
}
function vendorCategory(spec) {
    return {
        category: spec.category,
        count: spec.count ?? 9,
        gen: (rng) => {
            const v = spec.value(rng);
            const name = rng.pick(spec.nameFor ? spec.nameFor(v) : spec.names);
            const pool = [...Object.values(GENERIC)];
            if (spec.bare)
                pool.push(...Object.values(BARE));
            const special = spec.special ?? [];
            const idiom = special.length > 0 && rng.chance(0.45) ? rng.pick(special) : rng.pick(pool);
            return { text: idiom(rng, name, v), targets: [v] };
        },
    };
}
const bearerCurl = (url, header = 'Authorization: Bearer') => (rng, _n, v) => terminal(rng, `curl -sS ${url} \\\n  -H "${header} ${v}" \\\n  -H "Content-Type: application/json"`, '{"ok":true}');
const VENDORS = [
    {
        category: 'github-pat-classic', value: (r) => githubToken(r, 'ghp'), names: ['GITHUB_TOKEN', 'GH_TOKEN', 'GITHUB_PAT'], bare: true,
        special: [
            (r, _n, v) => terminal(r, 'gh auth token', v),
            (r, _n, v) => fileView(r, '~/.config/gh/hosts.yml', `github.com:\n    user: ${person(r).first.toLowerCase()}\n    oauth_token: ${v}\n    git_protocol: https`),
            (r, _n, v) => terminal(r, 'git remote -v', `origin\thttps://${v}@github.com/fieldline/${r.pick(PROJECTS)}.git (fetch)\norigin\thttps://${v}@github.com/fieldline/${r.pick(PROJECTS)}.git (push)`),
            bearerCurl('https://api.github.com/user/repos', 'Authorization: token'),
        ],
    },
    {
        category: 'github-oauth-app-token', value: (r) => githubToken(r, r.pick(['gho', 'ghu', 'ghs', 'ghr'])), names: ['GITHUB_TOKEN', 'GH_APP_TOKEN', 'INSTALLATION_TOKEN'], bare: true,
        special: [
            (r, _n, v) => `${logTime(r)} [command]/usr/bin/git remote set-url origin https://x-access-token:${v}@github.com/fieldline/${r.pick(PROJECTS)}`,
            (r, _n, v) => terminal(r, `curl -s -X POST -H "Authorization: Bearer $JWT" https://api.github.com/app/installations/${r.int(1e7, 9e7)}/access_tokens`, `{\n  "token": "${v}",\n  "expires_at": "${isoTime(r)}",\n  "permissions": { "contents": "read" }\n}`),
        ],
    },
    { category: 'github-fine-grained-pat', value: githubFineGrained, names: ['GITHUB_TOKEN', 'GH_TOKEN', 'RELEASE_TOKEN'], bare: true, special: [(r, _n, v) => terminal(r, 'echo $GH_TOKEN | gh auth login --with-token; gh auth status', `github.com\n  ✓ Logged in to github.com account ${person(r).first.toLowerCase()} (keyring)\n  - Token: ${v}`)] },
    {
        category: 'gitlab-token', value: (r) => r.pick([vendor.gitlabPat, vendor.gitlabRunner, vendor.gitlabDeploy])(r), names: ['GITLAB_TOKEN', 'CI_JOB_TOKEN_OVERRIDE', 'GL_TOKEN', 'RUNNER_TOKEN'], bare: true,
        special: [
            bearerCurl('"https://gitlab.com/api/v4/projects?membership=true"', 'PRIVATE-TOKEN:'),
            (r, _n, v) => terminal(r, `gitlab-runner register --url https://gitlab.com --token ${v} --executor docker`, 'Runtime platform  arch=amd64 os=linux\nRunner registered successfully.'),
            (r, _n, v) => terminal(r, `git clone https://oauth2:${v}@gitlab.com/fieldline/${r.pick(PROJECTS)}.git`, `Cloning into '${r.pick(PROJECTS)}'...`),
        ],
    },
    { category: 'slack-bot-token', value: vendor.slackBot, names: ['SLACK_BOT_TOKEN', 'SLACK_TOKEN'], bare: true, special: [(r, _n, v) => fileView(r, 'bot.py', `from slack_bolt import App\n\napp = App(token="${v}", signing_secret=os.environ["SLACK_SIGNING_SECRET"])`), bearerCurl('https://slack.com/api/chat.postMessage')] },
    { category: 'slack-user-token', value: vendor.slackUser, names: ['SLACK_USER_TOKEN', 'SLACK_TOKEN'], bare: true },
    { category: 'slack-app-token', value: vendor.slackApp, names: ['SLACK_APP_TOKEN'], bare: true, special: [(r, _n, v) => fileView(r, 'app.js', `const app = new App({\n  token: process.env.SLACK_BOT_TOKEN,\n  appToken: '${v}',\n  socketMode: true,\n});`)] },
    {
        category: 'slack-webhook-url', value: (r) => `https://hooks.slack.com/services/${vendor.slackWebhookPath(r)}`, names: ['SLACK_WEBHOOK_URL', 'SLACK_WEBHOOK'], bare: true,
        special: [(r, _n, v) => terminal(r, `curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy ok"}' ${v}`, 'ok')],
    },
    {
        category: 'stripe-secret-key', value: vendor.stripeSecret, names: ['STRIPE_SECRET_KEY', 'STRIPE_API_KEY', 'STRIPE_KEY'], bare: true,
        special: [
            (r, _n, v) => terminal(r, `curl https://api.stripe.com/v1/charges -u ${v}: -d amount=2000 -d currency=usd`, '{\n  "id": "ch_3Q' + mixed(r, ALNUM, 22) + '",\n  "object": "charge"'),
            (r, _n, v) => fileView(r, 'payments/stripe.rb', `Stripe.api_key = '${v}'\n\nStripe::Customer.list(limit: 3)`),
            (r, _n, v) => fileView(r, 'server.js', `const stripe = require('stripe')('${v}');`),
        ],
    },
    { category: 'stripe-restricted-key', value: vendor.stripeRestricted, names: ['STRIPE_RESTRICTED_KEY', 'STRIPE_RK'], bare: true },
    {
        category: 'stripe-webhook-secret', value: vendor.stripeWebhook, names: ['STRIPE_WEBHOOK_SECRET', 'STRIPE_ENDPOINT_SECRET'], bare: true,
        special: [(r, _n, v) => terminal(r, 'stripe listen --forward-to localhost:4242/webhook', `> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is ${v} (^C to quit)`)],
    },
    {
        category: 'openai-api-key', value: (r) => r.pick([vendor.openaiProject, vendor.openaiProject, vendor.openaiSvc, vendor.openaiLegacy])(r), names: ['OPENAI_API_KEY', 'OPENAI_KEY'], bare: true,
        special: [(r, _n, v) => fileView(r, 'llm.py', `from openai import OpenAI\n\nclient = OpenAI(api_key="${v}")\nresp = client.responses.create(model="gpt-4.1-mini", input="ping")`), bearerCurl('https://api.openai.com/v1/models')],
    },
    {
        category: 'anthropic-api-key', value: (r) => (r.chance(0.8) ? vendor.anthropic(r) : vendor.anthropicOauth(r)), names: ['ANTHROPIC_API_KEY', 'CLAUDE_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN'], bare: true,
        special: [
            (r, _n, v) => terminal(r, `curl https://api.anthropic.com/v1/messages -H "x-api-key: ${v}" -H "anthropic-version: 2023-06-01" -d @req.json`, '{"type":"message","role":"assistant"}'),
            (r, _n, v) => fileView(r, 'agent.ts', `const anthropic = new Anthropic({ apiKey: "${v}" });`),
        ],
    },
    {
        category: 'google-api-key', value: vendor.googleApiKey, names: ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'MAPS_API_KEY', 'FIREBASE_API_KEY'], bare: true,
        special: [
            (r, _n, v) => terminal(r, `curl "https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key=${v}"`, '{ "status" : "OK" }'),
            (r, _n, v) => fileView(r, 'android/app/src/main/AndroidManifest.xml', `<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="${v}" />`),
        ],
    },
    { category: 'google-oauth-client-secret', value: vendor.googleOauthSecret, names: ['GOOGLE_CLIENT_SECRET', 'OAUTH_CLIENT_SECRET'], bare: true, special: [(r, _n, v) => fileView(r, 'client_secret.json', `{"web":{"client_id":"${r.str(DIGITS, 12)}-${r.str('abcdefghijklmnopqrstuvwxyz0123456789', 32)}.apps.googleusercontent.com","project_id":"orbit-prod","client_secret":"${v}","redirect_uris":["http://localhost:8080/callback"]}}`)] },
    {
        category: 'npm-token', value: npmToken, names: ['NPM_TOKEN', 'NODE_AUTH_TOKEN'], bare: true,
        special: [
            (r, _n, v) => fileView(r, '.npmrc', `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${v}\nsave-exact=true`),
            (r, _n, v) => terminal(r, 'npm token create --read-only', `┌────────────────┬──────────────────────────────────────────┐\n│ token          │ ${v} │\n│ readonly       │ true                                     │\n└────────────────┴──────────────────────────────────────────┘`),
        ],
    },
    {
        category: 'pypi-token', value: vendor.pypi, names: ['PYPI_TOKEN', 'TWINE_PASSWORD', 'PYPI_API_TOKEN'], bare: true,
        special: [
            (r, _n, v) => fileView(r, '~/.pypirc', `[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ${v}`),
            (r, _n, v) => terminal(r, `twine upload -u __token__ -p ${v} dist/*`, 'Uploading distributions to https://upload.pypi.org/legacy/'),
        ],
    },
    { category: 'sendgrid-api-key', value: vendor.sendgrid, names: ['SENDGRID_API_KEY', 'SMTP_PASSWORD'], bare: true, special: [bearerCurl('--request POST https://api.sendgrid.com/v3/mail/send')] },
    { category: 'huggingface-token', value: vendor.huggingface, names: ['HF_TOKEN', 'HUGGINGFACE_HUB_TOKEN', 'HUGGING_FACE_HUB_TOKEN'], bare: true, special: [(r, _n, v) => terminal(r, `huggingface-cli login --token ${v}`, 'Token is valid (permission: write).\nLogin successful'), (r, _n, v) => fileView(r, 'train.py', `from huggingface_hub import login\n\nlogin(token="${v}")`)] },
    {
        category: 'twilio-auth-token', value: vendor.twilioAuthToken, names: ['TWILIO_AUTH_TOKEN'],
        special: [
            (r, _n, v) => fileView(r, 'sms.py', `from twilio.rest import Client\n\naccount_sid = "${vendor.twilioSid(r)}"\nauth_token = "${v}"\nclient = Client(account_sid, auth_token)`),
            (r, _n, v) => terminal(r, `curl -X POST https://api.twilio.com/2010-04-01/Accounts/${vendor.twilioSid(r)}/Messages.json -u ${vendor.twilioSid(r)}:${v} --data-urlencode "Body=hi"`, '{"status": "queued"}'),
            (r, _n, v) => fileView(r, '.env', `TWILIO_ACCOUNT_SID=${vendor.twilioSid(r)}\nTWILIO_AUTH_TOKEN=${v}\nTWILIO_MESSAGING_SERVICE=default`),
        ],
    },
    { category: 'twilio-api-key', value: vendor.twilioApiKey, names: ['TWILIO_API_KEY', 'TWILIO_API_KEY_SID'], bare: false, special: [(r, _n, v) => fileView(r, 'video/token.js', `const token = new AccessToken(\n  '${vendor.twilioSid(r)}',\n  '${v}',\n  '${mixed(r, ALNUM, 32)}',\n);`)] },
    { category: 'mailgun-api-key', value: (r) => (r.chance(0.5) ? vendor.mailgunLegacy(r) : vendor.mailgunNew(r)), names: ['MAILGUN_API_KEY', 'MAILGUN_KEY'], special: [(r, _n, v) => terminal(r, `curl -s --user 'api:${v}' https://api.mailgun.net/v3/mg.fieldline.io/messages -F to=ops@fieldline.io -F subject=test`, '{"message": "Queued. Thank you."}')] },
    {
        category: 'telegram-bot-token', value: (r) => { const t = vendor.telegramBot(r); return `${t.id}:${t.secret}`; }, names: ['TELEGRAM_BOT_TOKEN', 'TG_TOKEN', 'BOT_TOKEN'], bare: true,
        special: [
            (r, _n, v) => terminal(r, `curl -s "https://api.telegram.org/bot${v}/sendMessage?chat_id=${r.int(1e8, 9e8)}&text=deploy%20done"`, '{"ok":true,"result":{"message_id":42}}'),
            (r, _n, v) => fileView(r, 'bot.py', `from telegram.ext import ApplicationBuilder\n\napp = ApplicationBuilder().token("${v}").build()`),
            (r, _n, v) => `${logTime(r)} ERROR httpx: HTTP Request: POST https://api.telegram.org/bot${v}/getUpdates "HTTP/1.1 409 Conflict"`,
        ],
    },
    {
        category: 'discord-bot-token', value: vendor.discordBot, names: ['DISCORD_TOKEN', 'DISCORD_BOT_TOKEN', 'BOT_TOKEN'], bare: true,
        special: [
            (r, _n, v) => fileView(r, 'bot.py', `import discord\n\nintents = discord.Intents.default()\nclient = discord.Client(intents=intents)\n\nclient.run("${v}")`),
            (r, _n, v) => fileView(r, 'index.js', `client.once('ready', () => console.log('ready'));\nclient.login('${v}');`),
            bearerCurl('https://discord.com/api/v10/users/@me', 'Authorization: Bot'),
        ],
    },
    {
        category: 'discord-webhook-url', value: (r) => { const w = vendor.discordWebhook(r); return `https://discord.com/api/webhooks/${w.id}/${w.token}`; }, names: ['DISCORD_WEBHOOK_URL', 'DISCORD_WEBHOOK'], bare: true,
    },
    { category: 'digitalocean-token', value: vendor.digitalocean, names: ['DIGITALOCEAN_TOKEN', 'DO_API_TOKEN', 'DIGITALOCEAN_ACCESS_TOKEN'], bare: true, special: [(r, _n, v) => terminal(r, `doctl auth init --access-token ${v}`, 'Validating token... OK')] },
    { category: 'shopify-token', value: vendor.shopify, names: ['SHOPIFY_ACCESS_TOKEN', 'SHOPIFY_ADMIN_TOKEN', 'SHOPIFY_API_SECRET'], bare: true, special: [bearerCurl('https://orbit-store.myshopify.com/admin/api/2024-07/products.json', 'X-Shopify-Access-Token:')] },
    { category: 'databricks-token', value: vendor.databricks, names: ['DATABRICKS_TOKEN'], bare: true, special: [(r, _n, v) => fileView(r, '~/.databrickscfg', `[DEFAULT]\nhost  = https://adb-${r.str(DIGITS, 16)}.${r.int(1, 19)}.azuredatabricks.net\ntoken = ${v}`)] },
    { category: 'doppler-token', value: vendor.doppler, names: ['DOPPLER_TOKEN'], bare: true, special: [(r, _n, v) => terminal(r, `doppler run --token ${v} -- npm start`, '> orbit@1.0.0 start')] },
    { category: 'vault-token', value: vendor.vault, names: ['VAULT_TOKEN'], bare: true, special: [(r, _n, v) => terminal(r, `vault login ${v}`, `Success! You are now authenticated.\n\nKey                  Value\n---                  -----\ntoken                ${v}\ntoken_duration       768h`), bearerCurl('https://vault.fieldline.io/v1/secret/data/app', 'X-Vault-Token:')] },
    { category: 'atlassian-api-token', value: vendor.atlassian, names: ['JIRA_API_TOKEN', 'ATLASSIAN_API_TOKEN', 'CONFLUENCE_TOKEN'], bare: true, special: [(r, _n, v) => terminal(r, `curl -s --user ${person(r).first.toLowerCase()}@fieldline.io:${v} https://fieldline.atlassian.net/rest/api/3/myself`, '{"accountType":"atlassian"}')] },
    { category: 'misc-vendor-token', value: (r) => r.pick([vendor.linear, vendor.notion, vendor.dockerHub, vendor.grafana, vendor.terraformCloud, vendor.newrelic, vendor.postman, vendor.sentry])(r), names: [], nameFor: miscName, bare: true, count: 16 },
    { category: 'heroku-api-key', value: vendor.herokuUuid, names: ['HEROKU_API_KEY'], special: [(r, _n, v) => fileView(r, '~/.netrc', `machine api.heroku.com\n  login ${person(r).first.toLowerCase()}@fieldline.io\n  password ${v}\nmachine git.heroku.com\n  login ${person(r).first.toLowerCase()}@fieldline.io\n  password ${v}`)] },
];
// ---------------------------------------------------------------- cloud credentials
function awsAccessKey(rng) {
    const id = vendor.awsKeyId(rng);
    const secret = vendor.awsSecret(rng);
    const user = rng.pick(['ci-deployer', 'terraform', 'backup-bot', person(rng).first.toLowerCase()]);
    const forms = [
        () => fileView(rng, '~/.aws/credentials', `[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${secret}\n\n[staging]\nregion = eu-central-1\nrole_arn = arn:aws:iam::${rng.str(DIGITS, 12)}:role/deployer`),
        () => fileView(rng, '.env', `AWS_ACCESS_KEY_ID=${id}\nAWS_SECRET_ACCESS_KEY=${secret}\nAWS_DEFAULT_REGION=us-east-1`),
        () => terminal(rng, `aws iam create-access-key --user-name ${user}`, `{\n    "AccessKey": {\n        "UserName": "${user}",\n        "AccessKeyId": "${id}",\n        "Status": "Active",\n        "SecretAccessKey": "${secret}",\n        "CreateDate": "${isoTime(rng)}"\n    }\n}`),
        () => fileView(rng, 'upload.py', `import boto3\n\ns3 = boto3.client(\n    "s3",\n    aws_access_key_id="${id}",\n    aws_secret_access_key="${secret}",\n)`),
        () => fileView(rng, 'provider.tf', `provider "aws" {\n  region     = "us-west-2"\n  access_key = "${id}"\n  secret_key = "${secret}"\n}`),
        () => terminal(rng, 'aws configure', `AWS Access Key ID [None]: ${id}\nAWS Secret Access Key [None]: ${secret}\nDefault region name [None]: eu-west-1\nDefault output format [None]: json`),
        () => `${rng.pick(['here are the creds for the bucket', 'CI user keys (rotate after migration)'])}:\n${id}\n${secret}`,
        () => fileView(rng, 'docker-compose.yml', `services:\n  localstack-sync:\n    environment:\n      AWS_ACCESS_KEY_ID: ${id}\n      AWS_SECRET_ACCESS_KEY: ${secret}`),
        () => fileView(rng, 'src/main/resources/application.yml', `cloud:\n  aws:\n    credentials:\n      access-key: ${id}\n      secret-key: ${secret}\n    region:\n      static: eu-west-1`),
    ];
    return { text: rng.pick(forms)(), targets: [id, secret] };
}
function awsSession(rng) {
    const id = vendor.awsKeyId(rng, 'ASIA');
    const secret = vendor.awsSecret(rng);
    const tokenValue = vendor.awsSessionToken(rng);
    const forms = [
        () => terminal(rng, `aws sts assume-role --role-arn arn:aws:iam::${rng.str(DIGITS, 12)}:role/admin --role-session-name dbg`, `{\n    "Credentials": {\n        "AccessKeyId": "${id}",\n        "SecretAccessKey": "${secret}",\n        "SessionToken": "${tokenValue}",\n        "Expiration": "${isoTime(rng)}"\n    },\n    "AssumedRoleUser": {\n        "AssumedRoleId": "AROA${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 17)}:dbg"\n    }\n}`),
        () => terminal(rng, 'env | grep AWS_', `AWS_ACCESS_KEY_ID=${id}\nAWS_SECRET_ACCESS_KEY=${secret}\nAWS_SESSION_TOKEN=${tokenValue}\nAWS_REGION=us-east-1`),
        () => `export AWS_ACCESS_KEY_ID="${id}"\nexport AWS_SECRET_ACCESS_KEY="${secret}"\nexport AWS_SESSION_TOKEN="${tokenValue}"`,
    ];
    return { text: rng.pick(forms)(), targets: [id, secret, tokenValue] };
}
function azureStorage(rng) {
    const key = vendor.azureStorageKey(rng);
    const key2 = vendor.azureStorageKey(rng);
    const account = rng.pick(['orbitprodstore', 'fieldlinelogs', 'stbillingweu01', 'mediaassets42']);
    const conn = `DefaultEndpointsProtocol=https;AccountName=${account};AccountKey=${key};EndpointSuffix=core.windows.net`;
    const forms = [
        () => ({ text: terminal(rng, `az storage account keys list --account-name ${account} --resource-group rg-${rng.pick(PROJECTS)}`, `[\n  {\n    "creationTime": "${isoTime(rng)}",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "${key}"\n  },\n  {\n    "creationTime": "${isoTime(rng)}",\n    "keyName": "key2",\n    "permissions": "FULL",\n    "value": "${key2}"\n  }\n]`), targets: [key, key2] }),
        () => ({ text: fileView(rng, 'appsettings.json', `{\n  "ConnectionStrings": {\n    "Storage": "${conn}"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}`), targets: [key] }),
        () => ({ text: fileView(rng, 'local.settings.json', `{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "${conn}",\n    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n  }\n}`), targets: [key] }),
        () => ({ text: terminal(rng, `az storage account show-connection-string -n ${account} -o tsv`, conn), targets: [key] }),
        () => ({ text: fileView(rng, '.env', `AZURE_STORAGE_ACCOUNT=${account}\nAZURE_STORAGE_KEY=${key}`), targets: [key] }),
        () => ({ text: fileView(rng, 'upload.py', `from azure.storage.blob import BlobServiceClient\n\nsvc = BlobServiceClient.from_connection_string(\n    "${conn}"\n)`), targets: [key] }),
        () => ({ text: terminal(rng, `az storage blob upload --account-name ${account} --account-key ${key} -c backups -f dump.sql -n dump.sql`, 'Finished[#############################################################]  100.0000%'), targets: [key] }),
    ];
    return rng.pick(forms)();
}
// ---------------------------------------------------------------- private keys and JWT
function privateKey(type) {
    return (rng) => {
        const k = pemKey(rng, type);
        const forms = [
            () => fileView(rng, rng.pick(['~/.ssh/id_rsa', 'certs/server.key', 'deploy_key', 'keys/private.pem', '~/.ssh/id_ed25519']), k.pem),
            () => terminal(rng, `cat ${rng.pick(['server.key', 'key.pem', '~/.ssh/id_ed25519'])}`, k.pem),
            () => `Here is the key the old server used, can you convert it to PKCS#8?\n\n${k.pem}`,
            () => fileView(rng, 'k8s/tls-secret.yaml', `apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls-cert\ntype: kubernetes.io/tls\nstringData:\n  tls.key: |\n${k.pem.split('\n').map((l) => '    ' + l).join('\n')}`),
            () => fileView(rng, 'ansible/group_vars/all.yml', `deploy_user: deploy\ndeploy_private_key: |\n${k.pem.split('\n').map((l) => '  ' + l).join('\n')}`),
        ];
        return { text: rng.pick(forms)(), targets: k.secretLines };
    };
}
function privateKeyJsonEscaped(rng) {
    const k = pemKey(rng, rng.pick(['pkcs8', 'rsa', 'ec']));
    const escaped = k.pem.replace(/\n/g, '\\n') + '\\n';
    const project = rng.pick(['orbit-prod', 'fieldline-data', 'ledger-ml']);
    const forms = [
        () => fileView(rng, 'service-account.json', `{\n  "type": "service_account",\n  "project_id": "${project}",\n  "private_key_id": "${rng.str(HEX, 40)}",\n  "private_key": "${escaped}",\n  "client_email": "deployer@${project}.iam.gserviceaccount.com",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}`),
        () => fileView(rng, '.env', `FIREBASE_PROJECT_ID=${project}\nFIREBASE_PRIVATE_KEY="${escaped}"`),
        () => `{"tool":"Write","input":{"file_path":"/srv/app/key.json","content":"{\\"private_key\\": \\"${k.pem.replace(/\n/g, '\\\\n')}\\"}"}}`,
    ];
    return { text: rng.pick(forms)(), targets: k.secretLines };
}
function jwtCase(rng) {
    const j = jwt(rng);
    const forms = [
        () => `> GET /api/v2/accounts/me HTTP/1.1\n> Host: api.fieldline.io\n> Authorization: Bearer ${j.token}\n> Accept: */*\n>\n< HTTP/1.1 200 OK`,
        () => fileView(rng, '.env.local', `NEXT_PUBLIC_SUPABASE_URL=https://${rng.str('abcdefghijklmnopqrstuvwxyz', 20)}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=${j.token}`),
        () => `the token from localStorage is ${j.token} — it decodes fine on jwt.io but the API says expired`,
        () => terminal(rng, `curl -s -X POST https://auth.fieldline.io/oauth/token -d grant_type=client_credentials`, `{"access_token":"${j.token}","token_type":"Bearer","expires_in":3600}`),
        () => `Cookie: session=${j.token}; theme=dark`,
        () => fileView(rng, 'tests/api.http', `### get orders\nGET https://api.fieldline.io/orders\nAuthorization: Bearer ${j.token}`),
        () => `${logTime(rng)} WARN  auth: token rejected: TokenExpiredError jwt expired token=${j.token}`,
    ];
    return { text: rng.pick(forms)(), targets: [j.secretPart] };
}
// ---------------------------------------------------------------- URLs, headers, CLI
function dbUrl(rng) {
    const user = rng.pick(['app', 'postgres', 'admin', 'ledger_rw', 'root', 'svc_orders']);
    const pw = password(rng, 'url');
    const host = rng.pick(HOSTS);
    const url = rng.pick([
        `postgres://${user}:${pw}@${host}:5432/${rng.pick(PROJECTS).replace('-', '_')}`,
        `postgresql://${user}:${pw}@${host}/app?sslmode=require`,
        `mysql://${user}:${pw}@${host}:3306/shop`,
        `mongodb+srv://${user}:${pw}@${host}/?retryWrites=true&w=majority`,
        `redis://default:${pw}@${host}:6379/0`,
        `amqp://${user}:${pw}@${host}:5672/%2f`,
    ]);
    const forms = [
        () => fileView(rng, '.env', `${benignEnv(rng, 1)[0]}\nDATABASE_URL=${url}`),
        () => fileView(rng, 'docker-compose.yml', `services:\n  api:\n    environment:\n      DATABASE_URL: "${url}"`),
        () => terminal(rng, `psql "${url}" -c '\\dt'`, '         List of relations'),
        () => `${logTime(rng)} ERROR sqlalchemy.pool: connection failed for ${url}: timeout expired`,
        () => fileView(rng, 'prisma/.env', `DATABASE_URL="${url}"`),
        () => fileView(rng, 'settings.py', `DATABASES = {"default": dj_database_url.parse("${url}")}`),
        () => `can you check why the migration hangs? I'm using ${url}`,
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function gitRemote(rng) {
    const pw = rng.chance(0.5) ? password(rng, 'url') : mixed(rng, ALNUM, 32);
    const user = rng.pick(['deploy', person(rng).first.toLowerCase(), 'ci-bot']);
    const host = rng.pick(['git.fieldline.io', 'bitbucket.org', 'dev.azure.com', 'gitea.internal']);
    const url = `https://${user}:${pw}@${host}/fieldline/${rng.pick(PROJECTS)}.git`;
    const forms = [
        () => terminal(rng, 'git remote -v', `origin\t${url} (fetch)\norigin\t${url} (push)`),
        () => fileView(rng, '.git/config', `[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = ${url}\n\tfetch = +refs/heads/*:refs/remotes/origin/*`),
        () => fileView(rng, '~/.git-credentials', `https://${user}:${pw}@${host}`),
        () => terminal(rng, `git clone ${url}`, `Cloning into '${rng.pick(PROJECTS)}'...\nremote: Enumerating objects: 1432, done.`),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function basicAuth(rng) {
    const user = rng.pick(['admin', 'api', 'jenkins', person(rng).first.toLowerCase(), 'metrics']);
    const pw = password(rng, 'shell');
    const b64 = Buffer.from(`${user}:${pw}`).toString('base64');
    const forms = [
        () => ({ text: `> POST /api/v1/import HTTP/1.1\n> Host: ${rng.pick(['jenkins.fieldline.io', 'registry.internal:5000', 'es.prod:9200'])}\n> Authorization: Basic ${b64}\n> Content-Length: 812`, targets: [b64] }),
        () => ({ text: fileView(rng, 'nginx/conf.d/upstream.conf', `location /metrics {\n    proxy_pass http://prometheus:9090;\n    proxy_set_header Authorization "Basic ${b64}";\n}`), targets: [b64] }),
        () => ({ text: terminal(rng, `curl -u ${user}:${pw} https://es.fieldline.io:9200/_cat/indices`, 'green open logs-2025.06 5 1 8123 0 12mb 6mb'), targets: [pw] }),
        () => ({ text: terminal(rng, `curl -H "Authorization: Basic ${b64}" https://jenkins.fieldline.io/api/json`, '{"mode":"NORMAL"}'), targets: [b64] }),
        () => ({ text: fileView(rng, 'src/client.py', `resp = requests.get(URL, auth=("${user}", "${pw}"), timeout=5)`), targets: [pw] }),
        () => ({ text: fileView(rng, 'prometheus.yml', `scrape_configs:\n  - job_name: app\n    basic_auth:\n      username: ${user}\n      password: ${pw}`), targets: [pw] }),
    ];
    return rng.pick(forms)();
}
function bearerAuth(rng) {
    const tok = rng.pick([() => mixed(rng, ALNUM, 40), () => rng.str(HEX, 48), () => mixed(rng, B64URL, 43), () => `${uuid(rng)}${rng.str(HEX, 8)}`])();
    const forms = [
        () => `> GET /v2/reports?limit=50 HTTP/2\n> Host: api.${rng.pick(['fieldline.io', 'quillpay.co', 'tessera.dev'])}\n> Authorization: Bearer ${tok}\n> User-Agent: curl/8.5.0`,
        () => terminal(rng, `curl -H "Authorization: Bearer ${tok}" https://api.tessera.dev/v1/projects`, '[]'),
        () => fileView(rng, 'requests.http', `POST https://api.quillpay.co/v1/payouts\nAuthorization: Bearer ${tok}\nContent-Type: application/json\n\n{"amount": 1200}`),
        () => fileView(rng, 'src/api.ts', `const res = await fetch(url, {\n  headers: { Authorization: 'Bearer ${tok}', 'Content-Type': 'application/json' },\n});`),
        () => `${logTime(rng)} DEBUG outgoing request headers={'Authorization': 'Bearer ${tok}', 'Accept': 'application/json'}`,
        () => fileView(rng, 'Program.cs', `client.DefaultRequestHeaders.Authorization =\n    new AuthenticationHeaderValue("Bearer", "${tok}");`),
    ];
    return { text: rng.pick(forms)(), targets: [tok] };
}
function apiKeyHeader(rng) {
    const tok = rng.pick([() => mixed(rng, ALNUM, 32), () => rng.str(HEX, 32), () => mixed(rng, B64URL, 40)])();
    const header = rng.pick(['x-api-key', 'X-API-Key', 'Ocp-Apim-Subscription-Key', 'X-Auth-Token', 'apikey', 'X-RapidAPI-Key']);
    const forms = [
        () => terminal(rng, `curl -s https://api.fieldline.io/v1/usage -H '${header}: ${tok}'`, '{"requests": 1402}'),
        () => `< HTTP/1.1 401 Unauthorized\n> ${header}: ${tok}\n> Host: gateway.fieldline.io`,
        () => fileView(rng, 'client.go', `req.Header.Set("${header}", "${tok}")\nresp, err := http.DefaultClient.Do(req)`),
    ];
    return { text: rng.pick(forms)(), targets: [tok] };
}
function urlToken(rng) {
    const tok = rng.pick([() => mixed(rng, ALNUM, 32), () => rng.str(HEX, 40)])();
    const param = rng.pick(['access_token', 'api_key', 'apikey', 'token', 'key', 'auth']);
    const url = `https://api.${rng.pick(['fieldline.io', 'weatherly.net', 'quillpay.co'])}/v1/${rng.pick(['events', 'forecast', 'export'])}?${param}=${tok}&format=json`;
    const forms = [
        () => terminal(rng, `curl -s "${url}"`, '{"items": []}'),
        () => `${logTime(rng)} INFO  GET ${url} 200 84ms`,
        () => fileView(rng, 'fetch.py', `r = requests.get("${url}")`),
    ];
    return { text: rng.pick(forms)(), targets: [tok] };
}
// ---------------------------------------------------------------- password assignment idioms
function envPassword(rng) {
    const pw = password(rng, 'shell');
    const name = rng.pick(['DB_PASSWORD', 'POSTGRES_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'REDIS_PASSWORD', 'SMTP_PASSWORD', 'ADMIN_PASSWORD', 'RABBITMQ_DEFAULT_PASS', 'KEYSTORE_PASS', 'DB_PASS']);
    const forms = [
        () => fileView(rng, '.env', [...benignEnv(rng, 2), `DB_USER=app`, `${name}=${pw}`].join('\n')),
        () => fileView(rng, '.env', `${name}="${pw}"`),
        () => `export ${name}='${pw}'`,
        () => terminal(rng, `${name}=${pw} ./scripts/migrate.sh`, 'Applying 0042_add_invoices... OK'),
        () => fileView(rng, 'deploy/.env.staging', `# staging\n${name}=${pw}\nAPP_URL=https://staging.fieldline.io`),
        () => terminal(rng, 'cat .env | grep -i pass', `${name}=${pw}`),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function codePassword(rng) {
    const pw = password(rng, 'xml').replace(/[\\'"$]/g, '');
    const name = rng.pick(['DB_PASSWORD', 'SMTP_PASSWORD', 'ADMIN_PASSWORD', 'API_SECRET', 'SECRET_KEY']);
    const forms = [
        () => fileView(rng, 'config/environments/development.rb', `ENV["${name}"] ||= "${pw}"\nconfig.action_mailer.delivery_method = :smtp`),
        () => fileView(rng, 'settings/local.py', `import os\n\nos.environ["${name}"] = "${pw}"`),
        () => fileView(rng, 'main.go', `os.Setenv("${name}", "${pw}")`),
        () => fileView(rng, 'test/setup.js', `process.env.${name} = '${pw}';`),
        () => fileView(rng, 'src/db.py', `conn = psycopg2.connect(host="${rng.pick(HOSTS)}", user="app", password="${pw}", dbname="orders")`),
        () => fileView(rng, 'src/main/java/com/fieldline/Db.java', `private static final String DB_PASSWORD = "${pw}";`),
        () => fileView(rng, 'lib/mailer.rb', `smtp_settings = {\n  address: "smtp.fieldline.io",\n  user_name: "mailer",\n  password: "${pw}"\n}`),
        () => fileView(rng, 'src/db.ts', `const pool = new Pool({ host: 'db', user: 'app', password: '${pw}', database: 'ledger' });`),
        () => fileView(rng, 'Startup.cs', `var cs = "Server=sql01;Database=Orders;User Id=app;Password=${pw.replace(/;/g, '')};";`),
        () => fileView(rng, 'app.rs', `let pool = PgPoolOptions::new().connect_with(opts.password("${pw}")).await?;`),
    ];
    const text = rng.pick(forms)();
    const target = text.includes(pw) ? pw : pw.replace(/;/g, '');
    return { text, targets: [target] };
}
function dotnetConfig(rng) {
    const pw = password(rng, 'xml').replace(/[;"'&<>]/g, '');
    const forms = [
        () => fileView(rng, 'Web.config', `<configuration>\n  <appSettings>\n    <add key="Environment" value="Production" />\n    <add key="DbPassword" value="${pw}" />\n  </appSettings>\n</configuration>`),
        () => fileView(rng, 'Web.config', `<connectionStrings>\n  <add name="Default" connectionString="Data Source=sql01;Initial Catalog=Orders;User ID=app;Password=${pw};" providerName="System.Data.SqlClient" />\n</connectionStrings>`),
        () => fileView(rng, 'appsettings.Production.json', `{\n  "ConnectionStrings": {\n    "Default": "Server=tcp:orbit.database.windows.net,1433;Database=orders;User ID=app;Password=${pw};Encrypt=True;"\n  }\n}`),
        () => fileView(rng, 'App.config', `<appSettings>\n  <add key="SmtpUser" value="mailer" />\n  <add key="SmtpPassword" value="${pw}" />\n</appSettings>`),
        () => fileView(rng, 'appsettings.json', `{\n  "Smtp": {\n    "Host": "smtp.office365.com",\n    "Password": "${pw}"\n  }\n}`),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function xmlElement(rng) {
    const pw = password(rng, 'xml').replace(/[<>&"']/g, '');
    const forms = [
        () => fileView(rng, 'config/db.xml', `<database>\n  <host>${rng.pick(HOSTS)}</host>\n  <dbUser>app</dbUser>\n  <dbPassword>${pw}</dbPassword>\n</database>`),
        () => fileView(rng, '~/.m2/settings.xml', `<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>deploy</username>\n    <password>${pw}</password>\n  </server>\n</servers>`),
        () => fileView(rng, 'src/main/resources/context.xml', `<Resource name="jdbc/app" auth="Container" type="javax.sql.DataSource"\n          username="app" password="${pw}" url="jdbc:postgresql://db:5432/app"/>`),
        () => fileView(rng, 'FileZilla/sitemanager.xml', `<Server>\n  <Host>ftp.fieldline.io</Host>\n  <User>upload</User>\n  <Pass>${pw}</Pass>\n</Server>`),
        () => fileView(rng, 'jenkins/credentials.xml', `<secret>${pw}</secret>\n<description>nexus deploy</description>`),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function k8sEnvPassword(rng) {
    const pw = yamlSafe(password(rng, 'shell').replace(/[:#]/g, ''));
    const name = rng.pick(['DB_PASSWORD', 'POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'JWT_SECRET', 'ADMIN_PASSWORD']);
    const quoted = rng.chance(0.5) ? `"${pw}"` : pw;
    const forms = [
        () => fileView(rng, 'deploy/api.yaml', `        env:\n          - name: DB_HOST\n            value: postgres\n          - name: ${name}\n            value: ${quoted}\n          - name: PORT\n            value: "8080"`),
        () => fileView(rng, 'k8s/secret.yaml', `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${rng.pick(SERVICES)}-db\ntype: Opaque\nstringData:\n  username: app\n  password: ${quoted}`),
        () => fileView(rng, 'helm/values.yaml', `postgresql:\n  auth:\n    username: app\n    password: ${quoted}\n    database: orders`),
        () => terminal(rng, `kubectl create secret generic db-creds --from-literal=username=app --from-literal=password=${pw}`, 'secret/db-creds created'),
        () => fileView(rng, 'task-definition.json', `"environment": [\n  { "name": "NODE_ENV", "value": "production" },\n  { "name": "${name}", "value": "${pw}" }\n]`),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function k8sSecretData(rng) {
    const pw = password(rng, 'any');
    const key = mixed(rng, ALNUM, 32);
    const b1 = Buffer.from(pw).toString('base64');
    const b2 = Buffer.from(key).toString('base64');
    const text = terminal(rng, `kubectl get secret ${rng.pick(SERVICES)}-credentials -o yaml`, `apiVersion: v1\ndata:\n  api-key: ${b2}\n  password: ${b1}\n  username: YXBw\nkind: Secret\nmetadata:\n  creationTimestamp: "${isoTime(rng)}"\n  name: credentials\n  namespace: default\ntype: Opaque`);
    return { text, targets: [b1, b2] };
}
function propertiesPassword(rng) {
    const pw = password(rng, 'shell');
    const key = rng.pick(['spring.datasource.password', 'spring.mail.password', 'db.password', 'jdbc.password', 'keystore.password', 'spring.rabbitmq.password']);
    return { text: fileView(rng, 'src/main/resources/application-prod.properties', `spring.datasource.url=jdbc:postgresql://${rng.pick(HOSTS)}:5432/orders\nspring.datasource.username=app\n${key}=${pw}\nspring.jpa.hibernate.ddl-auto=validate`), targets: [pw] };
}
function tomlIniPassword(rng) {
    const pw = password(rng, 'shell').replace(/["';#]/g, '');
    const forms = [
        () => fileView(rng, '~/.my.cnf', `[client]\nuser=root\npassword=${pw}\nhost=127.0.0.1`),
        () => fileView(rng, 'config.toml', `[database]\nhost = "${rng.pick(HOSTS)}"\nuser = "app"\npassword = "${pw}"\npool_size = 10`),
        () => fileView(rng, 'alembic.ini', `[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql://app:${encodeURIComponent(pw)}@db/app`),
        () => fileView(rng, 'pip.conf', `[global]\nindex-url = https://deploy:${encodeURIComponent(pw)}@nexus.fieldline.io/repository/pypi/simple`),
        () => fileView(rng, 'odbc.ini', `[orders]\nDriver = PostgreSQL Unicode\nServername = db\nUsername = app\nPassword = ${pw}`),
        () => fileView(rng, 'Cargo/config.toml', `[smtp]\nserver = "smtp.fieldline.io"\nsecret = "${pw}"`),
    ];
    const text = rng.pick(forms)();
    return { text, targets: [text.includes(pw) ? pw : encodeURIComponent(pw)] };
}
function djangoKey(rng) {
    const k = rng.chance(0.5) ? djangoSecret(rng) : mixed(rng, 'abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)', 50);
    const quote = k.includes("'") ? '"' : rng.pick(["'", '"']);
    const forms = [
        () => fileView(rng, `${rng.pick(PROJECTS).replace('-', '_')}/settings.py`, `# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = ${quote}${k}${quote}\n\n# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = True`),
        () => fileView(rng, '.env', `DJANGO_SECRET_KEY=${quote}${k}${quote}\nDJANGO_DEBUG=False`),
        () => fileView(rng, 'config.py', `class Config:\n    SECRET_KEY = ${quote}${k}${quote}\n    SQLALCHEMY_TRACK_MODIFICATIONS = False`),
    ];
    return { text: rng.pick(forms)(), targets: [k] };
}
function genericSecretAssign(rng) {
    const v = rng.pick([() => hexSecret(rng, 64), () => hexSecret(rng, 32), () => mixed(rng, ALNUM, 40), () => rng.bytes(32).toString('base64')])();
    const name = rng.pick(['JWT_SECRET', 'SESSION_SECRET', 'APP_KEY', 'ENCRYPTION_KEY', 'WEBHOOK_SECRET', 'CLIENT_SECRET', 'API_SECRET_KEY', 'COOKIE_SECRET', 'NEXTAUTH_SECRET', 'SIGNING_KEY']);
    const forms = [
        () => fileView(rng, '.env', `${benignEnv(rng, 1)[0]}\n${name}=${v}`),
        () => fileView(rng, 'config/secrets.yml', `production:\n  ${name.toLowerCase()}: ${v}`),
        () => fileView(rng, 'config.json', `{ "${camel(name)}": "${v}", "port": 8080 }`),
        () => terminal(rng, `heroku config:set ${name}=${v} -a orbit-prod`, `Setting ${name} and restarting ⬢ orbit-prod... done, v${rng.int(10, 300)}`),
        () => fileView(rng, 'variables.tf', `variable "${name.toLowerCase()}" {\n  type    = string\n  default = "${v}"\n}`),
        () => terminal(rng, `fly secrets set ${name}=${v}`, 'Secrets are staged for the first deployment'),
    ];
    return { text: rng.pick(forms)(), targets: [v] };
}
function dockerSecret(rng) {
    const pw = password(rng, 'shell');
    const name = rng.pick(['POSTGRES_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'MONGO_INITDB_ROOT_PASSWORD', 'RABBITMQ_DEFAULT_PASS', 'MINIO_ROOT_PASSWORD', 'ELASTIC_PASSWORD']);
    const forms = [
        () => terminal(rng, `docker run -d --name db -e ${name}=${pw} -p 5432:5432 postgres:16`, rng.str(HEX, 64)),
        () => fileView(rng, 'docker-compose.yml', `services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      ${name}: ${pw}\n    volumes:\n      - pgdata:/var/lib/postgresql/data`),
        () => fileView(rng, 'Dockerfile', `FROM node:20-alpine\nENV NODE_ENV=production\nENV ${name}=${pw}\nCOPY . /app`),
        () => terminal(rng, `docker service create --name db --env ${name}='${pw}' mysql:8`, 'overall progress: 1 out of 1 tasks'),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function cliPassword(rng) {
    const pw = password(rng, 'shell').replace(/['"]/g, '');
    const forms = [
        () => ({ text: terminal(rng, `mysql -u root -p${pw} -h ${rng.pick(HOSTS)} orders < dump.sql`, 'mysql: [Warning] Using a password on the command line interface can be insecure.'), targets: [pw] }),
        () => ({ text: terminal(rng, `mysqldump -uadmin -p'${pw}' --all-databases > backup.sql`, ''), targets: [pw] }),
        () => ({ text: terminal(rng, `PGPASSWORD=${pw} psql -h ${rng.pick(HOSTS)} -U app -d orders`, 'psql (16.2)'), targets: [pw] }),
        () => ({ text: terminal(rng, `docker login registry.fieldline.io -u deploy --password ${pw}`, 'WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded'), targets: [pw] }),
        () => ({ text: terminal(rng, `sshpass -p '${pw}' ssh deploy@bastion.fieldline.io`, ''), targets: [pw] }),
        () => ({ text: terminal(rng, `redis-cli -h redis-master -a ${pw} ping`, 'Warning: Using a password with \'-a\' or \'-u\' option on the command line interface may not be safe.\nPONG'), targets: [pw] }),
        () => ({ text: terminal(rng, `keytool -importkeystore -srckeystore app.p12 -srcstorepass ${pw} -destkeystore app.jks -deststorepass ${pw}`, 'Import command completed'), targets: [pw] }),
        () => ({ text: terminal(rng, `az login --service-principal -u ${uuid(rng)} --password ${pw} --tenant ${uuid(rng)}`, '[ { "cloudName": "AzureCloud" } ]'), targets: [pw] }),
        () => ({ text: terminal(rng, `openssl pkcs12 -export -in cert.pem -inkey key.pem -out app.p12 -passout pass:${pw}`, ''), targets: [pw] }),
        () => ({ text: terminal(rng, `./manage.py createsuperuser --username admin --password=${pw}`, 'Superuser created successfully.'), targets: [pw] }),
    ];
    return rng.pick(forms)();
}
function yamlPassword(rng) {
    const pw = yamlSafe(password(rng, 'shell').replace(/[:#'"]/g, ''));
    const forms = [
        () => fileView(rng, 'src/main/resources/application.yml', `spring:\n  datasource:\n    url: jdbc:mysql://db:3306/shop\n    username: shop\n    password: ${pw}`),
        () => fileView(rng, 'group_vars/prod.yml', `mysql_root_password: "${pw}"\nnginx_worker_processes: 4`),
        () => fileView(rng, 'config/database.yml', `production:\n  adapter: postgresql\n  database: orders\n  username: app\n  password: ${pw}\n  host: ${rng.pick(HOSTS)}`),
        () => fileView(rng, '.github/workflows/e2e.yml', `services:\n  postgres:\n    image: postgres:16\n    env:\n      POSTGRES_PASSWORD: ${pw}`),
        () => fileView(rng, 'config.yaml', `smtp:\n  host: smtp.fieldline.io\n  user: alerts\n  pass: '${pw}'`),
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function prosePassword(rng) {
    const pw = password(rng, 'any');
    const forms = [
        () => `the staging db password is ${pw} if you need to connect`,
        () => `Login for the admin panel: user admin / pass ${pw}`,
        () => `I changed the wifi… no wait, the postgres password to ${pw}, please update docker-compose`,
        () => `creds for the vpn test box → username: deploy, password: ${pw}`,
        () => `Can you ssh in as root (password: ${pw}) and restart nginx?`,
    ];
    return { text: rng.pick(forms)(), targets: [pw] };
}
function oauthClientSecret(rng) {
    const secret = rng.pick([() => mixed(rng, ALNUM + '~._-', 40), () => rng.str(HEX, 40), () => mixed(rng, B64URL, 48)])();
    const id = rng.chance(0.5) ? uuid(rng) : mixed(rng, ALNUM, 20);
    const forms = [
        () => fileView(rng, '.env', `OAUTH_CLIENT_ID=${id}\nOAUTH_CLIENT_SECRET=${secret}`),
        () => terminal(rng, `curl -X POST https://login.microsoftonline.com/${uuid(rng)}/oauth2/v2.0/token -d client_id=${id} -d client_secret=${secret} -d grant_type=client_credentials`, '{"token_type":"Bearer","expires_in":3599}'),
        () => fileView(rng, 'config/auth.json', `{\n  "clientId": "${id}",\n  "clientSecret": "${secret}",\n  "redirectUri": "http://localhost:3000/callback"\n}`),
        () => terminal(rng, `az ad sp create-for-rbac --name ${rng.pick(PROJECTS)}-ci`, `{\n  "appId": "${uuid(rng)}",\n  "displayName": "ci",\n  "password": "${secret}",\n  "tenant": "${uuid(rng)}"\n}`),
    ];
    return { text: rng.pick(forms)(), targets: [secret] };
}
export const SECRET_CATEGORIES = [
    ...VENDORS.map(vendorCategory),
    { category: 'aws-access-key', count: 14, gen: awsAccessKey },
    { category: 'aws-session-credentials', count: 8, gen: awsSession },
    { category: 'azure-storage-key', count: 14, gen: azureStorage },
    { category: 'private-key-rsa', count: 8, gen: privateKey('rsa') },
    { category: 'private-key-ec', count: 6, gen: privateKey('ec') },
    { category: 'private-key-openssh', count: 8, gen: privateKey('openssh') },
    { category: 'private-key-pkcs8', count: 6, gen: privateKey('pkcs8') },
    { category: 'private-key-json-escaped', count: 8, gen: privateKeyJsonEscaped },
    { category: 'jwt', count: 12, gen: jwtCase },
    { category: 'db-url-password', count: 16, gen: dbUrl },
    { category: 'git-remote-credentials', count: 8, gen: gitRemote },
    { category: 'auth-basic', count: 12, gen: basicAuth },
    { category: 'auth-bearer', count: 12, gen: bearerAuth },
    { category: 'api-key-header', count: 8, gen: apiKeyHeader },
    { category: 'url-query-token', count: 8, gen: urlToken },
    { category: 'env-password', count: 14, gen: envPassword },
    { category: 'code-password', count: 14, gen: codePassword },
    { category: 'dotnet-config-password', count: 10, gen: dotnetConfig },
    { category: 'xml-element-password', count: 10, gen: xmlElement },
    { category: 'k8s-env-password', count: 12, gen: k8sEnvPassword },
    { category: 'k8s-secret-data', count: 6, gen: k8sSecretData },
    { category: 'properties-password', count: 8, gen: propertiesPassword },
    { category: 'toml-ini-password', count: 10, gen: tomlIniPassword },
    { category: 'django-secret-key', count: 8, gen: djangoKey },
    { category: 'generic-secret-assignment', count: 14, gen: genericSecretAssign },
    { category: 'docker-env-password', count: 10, gen: dockerSecret },
    { category: 'cli-password-flag', count: 14, gen: cliPassword },
    { category: 'yaml-password', count: 10, gen: yamlPassword },
    { category: 'prose-password', count: 8, gen: prosePassword },
    { category: 'oauth-client-secret', count: 8, gen: oauthClientSecret },
];
//# sourceMappingURL=secrets.js.map