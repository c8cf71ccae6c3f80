/**
 * Secret cases (blind holdout v2). Vendor token shapes follow the vendors' public format
 * descriptions (prefixes, lengths, alphabets, checksums); every value is drawn at run time.
 */
import { ALNUM, B32L, B32U, B64, B64URL, DIG, HEX, HEXU, HOSTS, LO, UP, USERS, b64, b64url, checksummed, made, password, urlPassword, uuid, wrap, } from './util.js';
/** A category with its size, declared where its templates are. */
export function categorySpec(category, n, templates) {
    return { category, n, templates };
}
const awsId = (r, p = 'AKIA') => p + r.str(B32U, 16);
const awsSecret = (r) => r.str(ALNUM + '/+', 40);
const jwt = (r, payload) => `${b64url(JSON.stringify({ alg: r.pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.${r.str(B64URL, 43)}`;
const region = (r) => r.pick(['us-east-1', 'eu-central-1', 'ap-southeast-2', 'us-west-2', 'eu-west-3']);
// ------------------------------------------------------------------ cloud
const cloud = categorySpec('cloud-credentials', 22, [
    (r) => {
        const id = awsId(r), s = awsSecret(r);
        return made(`[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${s}\nregion = ${region(r)}\n`, id, s);
    },
    (r) => {
        const id = awsId(r), s = awsSecret(r);
        return made(`export AWS_ACCESS_KEY_ID=${id}\nexport AWS_SECRET_ACCESS_KEY="${s}"\nexport AWS_DEFAULT_REGION=${region(r)}`, id, s);
    },
    (r) => {
        const id = awsId(r, 'ASIA'), s = awsSecret(r), tok = 'IQoJb3JpZ2luX2VjE' + r.str(B64, 320);
        return made(`$ aws sts assume-role --role-arn arn:aws:iam::${r.str(DIG, 12)}:role/deployer --role-session-name ci\n{\n    "Credentials": {\n        "AccessKeyId": "${id}",\n        "SecretAccessKey": "${s}",\n        "SessionToken": "${tok}",\n        "Expiration": "2025-06-01T13:22:10+00:00"\n    }\n}`, id, s, tok);
    },
    (r) => {
        const kid = r.str(HEX, 40), body = r.str(B64, 64);
        return made(`{\n  "type": "service_account",\n  "project_id": "${r.pick(['billing-prod', 'ml-pipeline-3721', 'acme-analytics'])}",\n  "private_key_id": "${kid}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${body}\\n${r.str(B64, 64)}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "etl-runner@billing-prod.iam.gserviceaccount.com"\n}`, kid, body);
    },
    (r) => {
        const k = r.bytes(64).toString('base64');
        return made(`AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=${r.pick(['stprodlogs', 'acmeassets01', 'mlartifacts'])};AccountKey=${k};EndpointSuffix=core.windows.net"`, k);
    },
    (r) => {
        const s = r.str(ALNUM, 3) + '8Q~' + r.str(ALNUM + '~._-', 34);
        return made(`az ad sp credential reset --id ${uuid(r)}\n{\n  "appId": "${uuid(r)}",\n  "password": "${s}",\n  "tenant": "${uuid(r)}"\n}`, s);
    },
    (r) => {
        const id = 'LTAI' + r.str(ALNUM, 20), s = r.str(ALNUM, 30);
        return made(`alibaba_cloud:\n  access_key_id: ${id}\n  access_key_secret: ${s}\n  region: cn-hangzhou`, id, s);
    },
    (r) => {
        const t = 'dop_v1_' + r.str(HEX, 64);
        return made(`$ doctl auth init --access-token ${t}\nValidating token... OK`, t);
    },
    (r) => {
        const id = 'AKID' + r.str(ALNUM, 32), s = r.str(ALNUM, 32);
        return made(`TENCENTCLOUD_SECRET_ID=${id}\nTENCENTCLOUD_SECRET_KEY=${s}`, id, s);
    },
    (r) => {
        const id = awsId(r), s = awsSecret(r);
        return made(`s3 = boto3.client(\n    "s3",\n    aws_access_key_id="${id}",\n    aws_secret_access_key="${s}",\n)`, id, s);
    },
]);
// ------------------------------------------------------------------ VCS / CI
const vcs = categorySpec('vcs-ci-tokens', 18, [
    (r) => { const t = checksummed(r, 'ghp_'); return made(`$ git remote -v\norigin\thttps://${t}@github.com/${r.pick(['acme', 'fleetly', 'northwind-labs'])}/api.git (fetch)`, t); },
    (r) => { const t = `github_pat_11${r.str(UP + DIG, 20)}_${r.str(ALNUM, 59)}`; return made(`export GH_TOKEN=${t}\ngh pr list --state open`, t); },
    (r) => { const t = checksummed(r, 'gho_'); return made(`github.com:\n    user: ${r.pick(['mgonzalez', 'tsato', 'lnovak'])}\n    oauth_token: ${t}\n    git_protocol: https`, t); },
    (r) => { const t = checksummed(r, 'ghs_'); return made(`[command]/usr/bin/git -c http.extraheader="AUTHORIZATION: basic ${b64('x-access-token:' + t)}" fetch\nremote: Enumerating objects: 412, done.`, b64('x-access-token:' + t)); },
    (r) => { const t = 'glpat-' + r.str(B64URL, 20); return made(`curl --header "PRIVATE-TOKEN: ${t}" "https://gitlab.com/api/v4/projects/${r.int(1000000, 59999999)}/pipelines"`, t); },
    (r) => { const t = 'glrt-' + r.str(B64URL, 20); return made(`[[runners]]\n  name = "docker-runner-2"\n  url = "https://gitlab.example-corp.io/"\n  token = "${t}"\n  executor = "docker"`, t); },
    (r) => { const t = 'ATBB' + r.str(ALNUM, 28) + r.str(HEXU, 8); return made(`BITBUCKET_APP_PASSWORD=${t}`, t); },
    (r) => { const t = 'bkua_' + r.str(HEX, 40); return made(`BUILDKITE_API_TOKEN=${t} bk build list --pipeline deploy`, t); },
    (r) => { const t = r.str(B32L, 52); return made(`- task: PowerShell@2\n  env:\n    AZURE_DEVOPS_EXT_PAT: ${t}\n  inputs:\n    script: az devops login --organization https://dev.azure.com/contoso`, t); },
    (r) => { const t = 'CCIPAT_' + r.str(ALNUM, 22) + '_' + r.str(HEX, 40); return made(`curl -H "Circle-Token: ${t}" https://circleci.com/api/v2/me`, t); },
    (r) => { const t = 'gldt-' + r.str(B64URL, 20); return made(`git clone https://gitlab+deploy-token-${r.int(100, 9999)}:${t}@gitlab.com/group/infra.git`, t); },
]);
// ------------------------------------------------------------------ registries
const registry = categorySpec('registry-tokens', 15, [
    (r) => { const t = checksummed(r, 'npm_'); return made(`//registry.npmjs.org/:_authToken=${t}\n@acme:registry=https://npm.pkg.github.com/`, t); },
    (r) => { const t = 'pypi-AgEIcHlwaS5vcmc' + r.str(B64URL, 160); return made(`[pypi]\n  username = __token__\n  password = ${t}`, t); },
    (r) => { const t = 'dckr_pat_' + r.str(B64URL, 27); return made(`$ echo "${t}" | docker login -u ${r.pick(['acmebot', 'jdoe42'])} --password-stdin\nLogin Succeeded`, t); },
    (r) => { const t = 'rubygems_' + r.str(HEX, 48); return made(`---\n:rubygems_api_key: ${t}\n`, t); },
    (r) => { const t = 'oy2' + r.str(LO + DIG, 43); return made(`dotnet nuget push bin/Release/Acme.Core.3.2.1.nupkg --api-key ${t} --source https://api.nuget.org/v3/index.json`, t); },
    (r) => { const t = 'cio' + r.str(ALNUM, 32); return made(`# ~/.cargo/credentials.toml\n[registry]\ntoken = "${t}"`, t); },
    (r) => { const t = 'AKCp' + r.str(ALNUM, 69); return made(`<server>\n  <id>artifactory</id>\n  <username>ci-publisher</username>\n  <password>${t}</password>\n</server>`, t); },
    (r) => { const t = checksummed(r, 'ghp_'); return made(`echo "//npm.pkg.github.com/:_authToken=${t}" >> ~/.npmrc`, t); },
    (r) => { const u = r.pick(['ci-bot', 'release']), p = urlPassword(r); const a = b64(`${u}:${p}`); return made(`{\n  "auths": {\n    "registry.${r.pick(['acme.io', 'harbor.fleetly.app'])}": {\n      "auth": "${a}"\n    }\n  }\n}`, a); },
    (r) => { const t = 'CLOJARS_' + r.str(HEX, 60); return made(`:repositories [["releases" {:url "https://repo.clojars.org" :username "acme" :password "${t}"}]]`, t); },
]);
// ------------------------------------------------------------------ payments
const payment = categorySpec('payment-keys', 15, [
    (r) => { const t = 'sk_live_' + r.str(ALNUM, r.pick([24, 99])); return made(`STRIPE_SECRET_KEY=${t}\nSTRIPE_PUBLISHABLE_KEY=pk_live_${r.str(ALNUM, 24)}`, t); },
    (r) => { const t = 'rk_live_' + r.str(ALNUM, 99); return made(`stripe.api_key = "${t}"  # restricted key: charges read-only`, t); },
    (r) => { const t = 'whsec_' + r.str(ALNUM, 32); return made(`const endpointSecret = '${t}';\nconst event = stripe.webhooks.constructEvent(req.body, sig, endpointSecret);`, t); },
    (r) => { const t = 'EAAA' + r.str(B64URL, 60); return made(`SQUARE_ACCESS_TOKEN=${t}\nSQUARE_ENVIRONMENT=production`, t); },
    (r) => { const t = `access_token$production$${r.str(LO + DIG, 16)}$${r.str(HEX, 32)}`; return made(`braintree:\n  access_token: "${t}"`, t); },
    (r) => { const id = 'rzp_live_' + r.str(ALNUM, 14), s = r.str(ALNUM, 24); return made(`RAZORPAY_KEY_ID=${id}\nRAZORPAY_KEY_SECRET=${s}`, s); },
    (r) => { const t = `FLWSECK-${r.str(HEX, 32)}-X`; return made(`flutterwave_secret: ${t}`, t); },
    (r) => { const t = 'sk_live_' + r.str(HEX, 40); return made(`$ curl https://api.paystack.co/transaction/initialize -H "Authorization: Bearer ${t}" -d '{"amount":500000}'`, t); },
    (r) => { const t = 'AQE' + r.str(B64URL, 20) + '+' + r.str(B64, 100) + '='; return made(`adyen.apiKey=${t}`, t); },
    (r) => { const id = r.str(B64URL, 80), s = r.str(B64URL, 80); return made(`PAYPAL_CLIENT_ID=${id}\nPAYPAL_CLIENT_SECRET=${s}\nPAYPAL_MODE=live`, s); },
]);
// ------------------------------------------------------------------ messaging
const messaging = categorySpec('messaging-tokens', 18, [
    (r) => { const t = `xoxb-${r.str(DIG, 12)}-${r.str(DIG, 13)}-${r.str(ALNUM, 24)}`; return made(`SLACK_BOT_TOKEN=${t}\nSLACK_SIGNING_SECRET=${r.str(HEX, 32)}`, t); },
    (r) => { const u = `https://hooks.slack.com/services/T${r.str(UP + DIG, 10)}/B${r.str(UP + DIG, 10)}/${r.str(ALNUM, 24)}`; return made(`curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy finished"}' ${u}`, u.slice(u.indexOf('/T'))); },
    (r) => { const t = `xoxp-${r.str(DIG, 12)}-${r.str(DIG, 12)}-${r.str(DIG, 13)}-${r.str(HEX, 32)}`; return made(`client = WebClient(token="${t}")`, t); },
    (r) => { const t = `xapp-1-A${r.str(UP + DIG, 10)}-${r.str(DIG, 13)}-${r.str(HEX, 64)}`; return made(`SLACK_APP_TOKEN=${t}  # socket mode`, t); },
    (r) => { const t = `${b64(String(r.int(100000000000000000, 1_000_000_000_000_000_000))).replace(/=+$/, '')}.${r.str(B64URL, 6)}.${r.str(B64URL, 38)}`; return made(`client.run('${t}')`, t); },
    (r) => { const t = r.str(B64URL, 68); return made(`DISCORD_WEBHOOK=https://discord.com/api/webhooks/${r.str(DIG, 19)}/${t}`, t); },
    (r) => { const t = `${r.int(100000000, 7999999999)}:AA${r.str(B64URL, 33)}`; return made(`bot = telebot.TeleBot("${t}")`, t); },
    (r) => { const t = r.str(HEX, 32); return made(`TWILIO_ACCOUNT_SID=AC${r.str(HEX, 32)}\nTWILIO_AUTH_TOKEN=${t}`, t); },
    (r) => { const t = `SG.${r.str(B64URL, 22)}.${r.str(B64URL, 43)}`; return made(`sg = sendgrid.SendGridAPIClient("${t}")`, t); },
    (r) => { const t = 'key-' + r.str(HEX, 32); return made(`$ curl -s --user 'api:${t}' https://api.mailgun.net/v3/mg.acme-mail.com/messages -F to=ops@acme-mail.com`, t); },
    (r) => { const path = `${uuid(r)}@${uuid(r)}/IncomingWebhook/${r.str(HEX, 32)}/${uuid(r)}/V2${r.str(B64URL, 40)}`; return made(`teams_webhook_url: https://acme.webhook.office.com/webhookb2/${path}`, path); },
    (r) => { const t = uuid(r); return made(`POSTMARK_SERVER_TOKEN=${t}`, t); },
]);
// ------------------------------------------------------------------ AI
const ai = categorySpec('ai-api-keys', 20, [
    (r) => { const t = 'sk-proj-' + r.str(B64URL, 74) + 'T3BlbkFJ' + r.str(B64URL, 74); return made(`OPENAI_API_KEY=${t}`, t); },
    (r) => { const t = 'sk-ant-api03-' + r.str(B64URL, 93) + 'AA'; return made(`$ export ANTHROPIC_API_KEY=${t}\n$ claude -p "summarize the diff"`, t); },
    (r) => { const t = 'hf_' + r.str(UP + LO, 34); return made(`from huggingface_hub import login\nlogin(token="${t}")`, t); },
    (r) => { const t = 'r8_' + r.str(ALNUM, 37); return made(`REPLICATE_API_TOKEN=${t}`, t); },
    (r) => { const t = 'gsk_' + r.str(ALNUM, 52); return made(`client = Groq(api_key="${t}")`, t); },
    (r) => { const t = 'pplx-' + r.str(ALNUM, 48); return made(`"perplexity": { "apiKey": "${t}" }`, t); },
    (r) => { const t = 'AIza' + r.str(B64URL, 35); return made(`genai.configure(api_key="${t}")\nmodel = genai.GenerativeModel("gemini-1.5-pro")`, t); },
    (r) => { const t = r.str(ALNUM, 40); return made(`co = cohere.Client("${t}")`, t); },
    (r) => { const t = 'sk-or-v1-' + r.str(HEX, 64); return made(`curl https://openrouter.ai/api/v1/chat/completions -H "Authorization: Bearer ${t}"`, t); },
    (r) => { const t = 'xai-' + r.str(ALNUM, 80); return made(`XAI_API_KEY="${t}"`, t); },
    (r) => { const t = r.str(ALNUM, 32); return made(`MISTRAL_API_KEY=${t}`, t); },
    (r) => { const t = 'sk-' + r.str(HEX, 32); return made(`deepseek:\n  base_url: https://api.deepseek.com\n  api_key: ${t}`, t); },
    (r) => { const t = r.str(HEX, 32); return made(`AZURE_OPENAI_ENDPOINT=https://acme-oai.openai.azure.com/\nAZURE_OPENAI_API_KEY=${t}`, t); },
]);
// ------------------------------------------------------------------ observability
const observability = categorySpec('observability-keys', 18, [
    (r) => { const a = r.str(HEX, 32), b = r.str(HEX, 40); return made(`DD_API_KEY=${a}\nDD_APP_KEY=${b}\nDD_SITE=datadoghq.eu`, a, b); },
    (r) => { const t = 'NRAK-' + r.str(UP + DIG, 27); return made(`newrelic profiles add --profile prod --apiKey ${t} --region EU`, t); },
    (r) => { const t = r.str(HEX, 36) + 'NRAL'; return made(`license_key: ${t}\napp_name: checkout-service`, t); },
    (r) => { const t = 'sntrys_' + b64(JSON.stringify({ iat: r.int(1700000000, 1760000000), url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: 'acme' })).replace(/=+$/, '') + '_' + r.str(B64, 43); return made(`SENTRY_AUTH_TOKEN=${t} npx @sentry/wizard -i sourcemaps`, t); },
    (r) => { const t = 'sntryu_' + r.str(HEX, 64); return made(`[auth]\ntoken=${t}`, t); },
    (r) => { const t = `glsa_${r.str(ALNUM, 32)}_${r.str(HEX, 8)}`; return made(`grafana:\n  url: https://grafana.ops.acme.dev\n  service_account_token: ${t}`, t); },
    (r) => { const t = 'glc_' + b64(JSON.stringify({ o: String(r.int(100000, 999999)), n: 'stack-alloy', k: r.str(ALNUM, 24), m: { r: 'prod-eu-west-2' } })); return made(`GCLOUD_RW_API_KEY=${t}`, t); },
    (r) => { const t = 'hcaik_' + r.str(LO + DIG, 58); return made(`OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=${t}"`, t); },
    (r) => { const t = `dt0c01.${r.str(UP + DIG, 24)}.${r.str(UP + DIG, 64)}`; return made(`curl -H "Authorization: Api-Token ${t}" https://abc12345.live.dynatrace.com/api/v2/metrics`, t); },
    (r) => { const t = uuid(r); return made(`curl -k https://splunk.acme.local:8088/services/collector -H "Authorization: Splunk ${t}" -d '{"event":"hello"}'`, t); },
    (r) => { const t = 'xaat-' + uuid(r); return made(`AXIOM_TOKEN=${t}\nAXIOM_DATASET=vercel`, t); },
    (r) => { const t = 'u+' + r.str(ALNUM + '_-', 18); return made(`pagerduty:\n  api_token: "${t}"`, t); },
]);
// ------------------------------------------------------------------ DBaaS
const dbaas = categorySpec('dbaas-credentials', 18, [
    (r) => { const t = 'sbp_' + r.str(HEX, 40); return made(`$ SUPABASE_ACCESS_TOKEN=${t} supabase link --project-ref ${r.str(LO, 20)}`, t); },
    (r) => { const t = jwt(r, { iss: 'supabase', ref: r.str(LO, 20), role: 'service_role', iat: 1716000000, exp: 2031576000 }); return made(`SUPABASE_SERVICE_ROLE_KEY=${t}`, t); },
    (r) => { const t = 'pscale_pw_' + r.str(B64URL, 43); return made(`DATABASE_URL='mysql://${r.str(LO + DIG, 12)}:${t}@aws.connect.psdb.cloud/shop?sslaccept=strict'`, t); },
    (r) => { const p = 'npg_' + r.str(ALNUM, 12); return made(`postgresql://neondb_owner:${p}@ep-${r.pick(['cool', 'billowing', 'young'])}-${r.pick(['sun', 'river', 'wave'])}-a5${r.str(LO + DIG, 6)}.us-east-2.aws.neon.tech/neondb?sslmode=require`, p); },
    (r) => { const p = urlPassword(r); return made(`MONGODB_URI=mongodb+srv://${r.pick(USERS)}:${p}@cluster0.${r.str(LO + DIG, 5)}.mongodb.net/?retryWrites=true&w=majority`, p); },
    (r) => { const t = 'A' + r.str(ALNUM, 3) + 'AAIjcDE' + r.str(ALNUM, 32) + 'cDE'; return made(`UPSTASH_REDIS_REST_URL="https://${r.pick(['ample', 'fond', 'witty'])}-${r.pick(['gecko', 'lynx', 'koala'])}-${r.int(10000, 99999)}.upstash.io"\nUPSTASH_REDIS_REST_TOKEN="${t}"`, t); },
    (r) => { const t = 'dapi' + r.str(HEX, 32); return made(`[DEFAULT]\nhost  = https://adb-${r.str(DIG, 16)}.${r.int(1, 19)}.azuredatabricks.net\ntoken = ${t}`, t); },
    (r) => { const p = password(r); return made(`conn = snowflake.connector.connect(\n    user="${r.pick(USERS).toUpperCase()}",\n    password="${p}",\n    account="xy${r.str(DIG, 5)}.eu-central-1",\n)`, p); },
    (r) => { const t = 'pcsk_' + r.str(ALNUM, 5) + '_' + r.str(ALNUM, 63); return made(`pc = Pinecone(api_key="${t}")`, t); },
    (r) => { const t = jwt(r, { a: 'rw', iat: 1718000000, id: uuid(r) }); return made(`turso db tokens create prod-db\n${t}`, t); },
    (r) => { const p = urlPassword(r); return made(`postgresql://${r.pick(USERS)}:${p}@free-tier${r.int(1, 14)}.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full`, p); },
    (r) => { const t = `AstraCS:${r.str(ALNUM, 24)}:${r.str(HEX, 64)}`; return made(`ASTRA_DB_APPLICATION_TOKEN=${t}`, t); },
]);
// ------------------------------------------------------------------ SaaS & infra tools
const saas = categorySpec('saas-tokens', 22, [
    (r) => { const t = 'lin_api_' + r.str(ALNUM, 40); return made(`LINEAR_API_KEY=${t}`, t); },
    (r) => { const t = 'ntn_' + r.str(DIG, 11) + r.str(ALNUM, 35); return made(`const notion = new Client({ auth: "${t}" });`, t); },
    (r) => { const t = 'ATATT3xFfGF0' + r.str(B64URL, 170) + '=' + r.str(HEXU, 8); return made(`JIRA_API_TOKEN=${t}\nJIRA_EMAIL=ci-bot@acme.atlassian.net`, t); },
    (r) => { const t = 'dp.st.prd.' + r.str(ALNUM, 43); return made(`$ doppler run --token ${t} -- npm start`, t); },
    (r) => { const t = 'hvs.' + r.str(B64URL, 24 + r.int(0, 70)); return made(`$ vault login\nToken (will be hidden):\nSuccess! You are now authenticated.\n\nKey                  Value\n---                  -----\ntoken                ${t}\ntoken_accessor       ${r.str(ALNUM, 24)}\ntoken_duration       768h`, t); },
    (r) => { const t = `${r.str(ALNUM, 14)}.atlasv1.${r.str(ALNUM, 67)}`; return made(`credentials "app.terraform.io" {\n  token = "${t}"\n}`, t); },
    (r) => { const t = 'pul-' + r.str(HEX, 40); return made(`PULUMI_ACCESS_TOKEN=${t} pulumi up --yes --stack prod`, t); },
    (r) => { const t = `PMAK-${r.str(HEX, 24)}-${r.str(HEX, 34)}`; return made(`newman run collection.json --env-var "postman_api_key=${t}"`, t); },
    (r) => { const t = 'figd_' + r.str(B64URL, 40); return made(`FIGMA_TOKEN=${t}`, t); },
    (r) => { const t = 'shpat_' + r.str(HEX, 32); return made(`shopify:\n  store: acme-outdoor.myshopify.com\n  admin_api_access_token: ${t}`, t); },
    (r) => { const t = 'HRKU-AA' + r.str(B64URL, 58); return made(`machine api.heroku.com\n  login ops@acme.dev\n  password ${t}`, t); },
    (r) => { const t = 'AGE-SECRET-KEY-1' + r.str('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'.toUpperCase(), 58); return made(`# created: 2025-02-11T09:41:07Z\n# public key: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n${t}`, t); },
    (r) => { const t = 'api-' + uuid(r); return made(`LD_API_KEY=${t}`, t); },
    (r) => { const t = '00' + r.str(B64URL, 40); return made(`okta:\n  client:\n    orgUrl: https://acme.okta.com\n    token: ${t}`, t); },
    (r) => { const t = 'CFPAT-' + r.str(B64URL, 43); return made(`contentful space export --management-token ${t} --space-id ${r.str(LO + DIG, 12)}`, t); },
    (r) => { const t = `pat${r.str(ALNUM, 14)}.${r.str(HEX, 64)}`; return made(`AIRTABLE_TOKEN=${t}`, t); },
    (r) => { const t = 'sk.eyJ1Ijoi' + r.str(B64URL, 60) + '.' + r.str(B64URL, 22); return made(`MAPBOX_DOWNLOADS_TOKEN=${t}`, t); },
]);
// ------------------------------------------------------------------ private keys
function pem(label, start, r, lines) {
    const body = start + r.str(B64, 64 * lines - start.length - 4);
    const ls = wrap(body, 64).split('\n');
    return { block: `-----BEGIN ${label}-----\n${ls.join('\n')}\n-----END ${label}-----`, first: ls[0], last: ls[ls.length - 2] };
}
const keys = categorySpec('private-keys', 16, [
    (r) => { const k = pem('RSA PRIVATE KEY', r.pick(['MIIEowIBAAKCAQEA', 'MIIEpAIBAAKCAQEA']), r, 25); return made(`$ cat ~/.ssh/id_rsa\n${k.block}`, k.first, k.last); },
    (r) => { const k = pem('PRIVATE KEY', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ', r, 26); return made(`tls.key: |\n  ${k.block.replace(/\n/g, '\n  ')}`, k.first, k.last); },
    (r) => { const k = pem('OPENSSH PRIVATE KEY', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', r, 7); return made(`Add this as the DEPLOY_KEY secret:\n\n${k.block}`, k.first, k.last); },
    (r) => { const k = pem('EC PRIVATE KEY', 'MHcCAQEEI', r, 3); return made(`const key = \`${k.block}\`;`, k.first, k.last); },
    (r) => { const b = r.str(B64, 64), b2 = r.str(B64, 64); return made(`-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQVYBGX${r.str(B64, 57)}\n${b}\n${b2}\n${r.str(B64, 64)}\n=${r.str(B64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----`, b, b2); },
    (r) => { const a = r.str(B64, 64), b = r.str(B64, 20); return made(`PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key-20250301\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI${r.str(B64, 43)}\n${r.str(B64, 20)}\nPrivate-Lines: 1\n${a}${b}\nPrivate-MAC: ${r.str(HEX, 64)}`, a + b); },
    (r) => { const k = pem('PRIVATE KEY', 'MIIEvgIBADANBgkqhkiG9w0BAQEFAASC', r, 26); return made(JSON.stringify({ private_key: k.block + '\n' }).replace(/^\{|\}$/g, ''), k.first, k.last); },
    (r) => { const w = r.bytes(32).toString('base64'); return made(`[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = ${w}\nDNS = 10.8.0.1\n\n[Peer]\nPublicKey = ${r.bytes(32).toString('base64')}\nEndpoint = vpn.acme.dev:51820`, w); },
]);
// ------------------------------------------------------------------ connection URLs
const urls = categorySpec('connection-urls', 18, [
    (r) => { const p = urlPassword(r); return made(`DATABASE_URL=postgres://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}:5432/${r.pick(['orders', 'app', 'core'])}`, p); },
    (r) => { const p = urlPassword(r); return made(`spring.datasource.url=jdbc:mysql://${r.pick(HOSTS)}:3306/shop?user=${r.pick(USERS)}&password=${p}&useSSL=true`, p); },
    (r) => { const p = urlPassword(r); return made(`CELERY_BROKER_URL = "amqps://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}:5671/prod"`, p); },
    (r) => { const p = urlPassword(r); return made(`REDIS_URL=rediss://default:${p}@${r.pick(HOSTS)}:6380/0`, p); },
    (r) => { const p = urlPassword(r); return made(`Error: connect ECONNREFUSED\n    at Pool.connect (mysql://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}:3306/app)`, p); },
    (r) => { const p = urlPassword(r); return made(`SQLALCHEMY_DATABASE_URI = 'mssql+pyodbc://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}/Reporting?driver=ODBC+Driver+18+for+SQL+Server'`, p); },
    (r) => { const p = urlPassword(r); return made(`kafka:\n  bootstrap: ${r.pick(HOSTS)}:9094\n  sasl.jaas.config: org.apache.kafka.common.security.plain.PlainLoginModule required username="${r.pick(USERS)}" password="${p}";`, p); },
    (r) => { const p = urlPassword(r); return made(`Server=${r.pick(HOSTS)};Database=Billing;User Id=${r.pick(USERS)};Password=${p};TrustServerCertificate=True`, p); },
    (r) => { const p = urlPassword(r); return made(`$ psql "host=${r.pick(HOSTS)} port=5432 dbname=core user=${r.pick(USERS)} password=${p} sslmode=require"`, p); },
    (r) => { const p = urlPassword(r); return made(`nats://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}:4222`, p); },
    (r) => { const p = urlPassword(r); return made(`index-url = https://${r.pick(USERS)}:${p}@pypi.acme-internal.com/simple/`, p); },
    (r) => { const p = urlPassword(r); return made(`ftp://${r.pick(USERS)}:${p}@files.acme-partner.com/incoming/`, p); },
]);
// ------------------------------------------------------------------ assignments in code
const code = categorySpec('code-assignments', 18, [
    (r) => { const p = password(r); return made(`DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "app",\n        "USER": "app",\n        "PASSWORD": "${p}",\n    }\n}`, p); },
    (r) => { const p = password(r); return made(`const config = {\n  host: 'localhost',\n  user: 'root',\n  password: '${p}',\n  database: 'shop',\n};`, p); },
    (r) => { const k = r.str(ALNUM, 32); return made(`var apiKey = "${k}" // TODO move to env\nreq.Header.Set("X-Api-Key", apiKey)`, k); },
    (r) => { const p = password(r).replace(/\$/g, 'S'); return made(`<?php\n$db_host = 'localhost';\n$db_user = 'wp_admin';\n$db_pass = '${p}';\n$conn = new mysqli($db_host, $db_user, $db_pass);`, p); },
    (r) => { const p = password(r); return made(`props.setProperty("password", "${p}");\nConnection c = DriverManager.getConnection(url, props);`, p); },
    (r) => { const k = r.str(ALNUM, 40); return made(`let api_key = "${k}";\nlet client = reqwest::Client::new();`, k); },
    (r) => { const p = password(r); return made(`config.smtp_settings = {\n  address: "smtp.office365.com",\n  user_name: "reports@acme.dev",\n  password: "${p}",\n}`, p); },
    (r) => { const p = password(r).replace(/[$"`]/g, 'x'); return made(`$securePassword = ConvertTo-SecureString "${p}" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("svc_backup", $securePassword)`, p); },
    (r) => { const k = r.str(HEX, 40); return made(`private const val API_SECRET = "${k}"`, k); },
    (r) => { const k = r.str(ALNUM, 36); return made(`static let clientSecret = "${k}"`, k); },
    (r) => { const p = password(r); return made(`const std::string kDbPassword = "${p}";`, p); },
    (r) => { const s = r.str(ALNUM + '!@#%^&*(-_=+', 50); return made(`SECRET_KEY = '${s}'\nDEBUG = False`, s); },
]);
// ------------------------------------------------------------------ config files
const configs = categorySpec('config-files', 18, [
    (r) => { const p = password(r); return made(`services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: ${p.replace(/[#:]/g, 'q')}\n`, p.replace(/[#:]/g, 'q')); },
    (r) => { const p = urlPassword(r); return made(`[database]\nhost = "${r.pick(HOSTS)}"\nuser = "etl"\npassword = "${p}"`, p); },
    (r) => { const p = urlPassword(r); return made(`[client]\nuser=backup\npassword=${p}\nhost=${r.pick(HOSTS)}`, p); },
    (r) => { const p = urlPassword(r); return made(`spring.datasource.username=orders\nspring.datasource.password=${p}`, p); },
    (r) => { const k = r.str(ALNUM, 32); return made(`ENV NODE_ENV=production\nENV API_KEY=${k}\nRUN npm ci --omit=dev`, k); },
    (r) => { const p = urlPassword(r); return made(`resource "aws_db_instance" "main" {\n  engine   = "postgres"\n  username = "dbadmin"\n  password = "${p}"\n}`, p); },
    (r) => { const p = urlPassword(r); return made(`<connectionStrings>\n  <add name="Default" connectionString="Data Source=sql01;Initial Catalog=Crm;User ID=crm;Password=${p}" />\n</connectionStrings>`, p); },
    (r) => { const p = urlPassword(r); return made(`machine ${r.pick(['git.acme.dev', 'api.github.com', 'bitbucket.org'])}\n  login ${r.pick(USERS)}\n  password ${p}`, p); },
    (r) => { const t = r.str(B64URL, 40) + '.' + r.str(B64URL, 20); return made(`users:\n- name: ci\n  user:\n    token: ${t}`, t); },
    (r) => { const p = urlPassword(r); return made(`{\n  "ConnectionStrings": { "Default": "Host=db;Username=app;Password=${p}" },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}`, p); },
    (r) => { const k = r.str(ALNUM, 32); return made(`# .env.production\nNEXT_PUBLIC_SITE_URL=https://acme.dev\nRESEND_API_KEY=re_${k}`, 're_' + k); },
    (r) => { const p = urlPassword(r); return made(`- name: create db user\n  community.mysql.mysql_user:\n    name: app\n    password: "${p}"\n    priv: "app.*:ALL"`, p); },
]);
// ------------------------------------------------------------------ CLI arguments
const cli = categorySpec('cli-arguments', 18, [
    (r) => { const p = urlPassword(r); return made(`$ mysql -h ${r.pick(HOSTS)} -u root -p${p} -e "SHOW DATABASES;"\nmysql: [Warning] Using a password on the command line interface can be insecure.`, p); },
    (r) => { const p = urlPassword(r); return made(`sshpass -p '${p}' ssh -o StrictHostKeyChecking=no admin@${r.pick(HOSTS)}`, p); },
    (r) => { const p = urlPassword(r); return made(`curl -u ${r.pick(USERS)}:${p} https://jenkins.acme.dev/job/release/build -X POST`, p); },
    (r) => { const p = urlPassword(r); return made(`docker login registry.acme.dev -u robot -p ${p}\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.`, p); },
    (r) => { const p = urlPassword(r); return made(`$ redis-cli -h ${r.pick(HOSTS)} -p 6379 -a ${p} --no-auth-warning INFO keyspace`, p); },
    (r) => { const p = urlPassword(r); return made(`openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:${p}`, p); },
    (r) => { const p = urlPassword(r); return made(`mongosh "mongodb://${r.pick(HOSTS)}:27017" --username admin --password ${p} --authenticationDatabase admin`, p); },
    (r) => { const p = urlPassword(r); return made(`az login --service-principal -u ${uuid(r)} -p ${p} --tenant ${uuid(r)}`, p); },
    (r) => { const p = urlPassword(r); return made(`keytool -importkeystore -srckeystore app.jks -srcstorepass ${p} -destkeystore app.p12 -deststoretype PKCS12`, p); },
    (r) => { const p = urlPassword(r); return made(`ldapsearch -x -H ldaps://ldap.acme.dev -D "cn=admin,dc=acme,dc=dev" -w ${p} "(uid=*)"`, p); },
    (r) => { const p = urlPassword(r); return made(`smbclient //fileserver/share -U 'CORP\\backup%${p}'`, p); },
    (r) => { const p = urlPassword(r); return made(`htpasswd -b -c /etc/nginx/.htpasswd admin ${p}`, p); },
    (r) => { const p = urlPassword(r); return made(`wget --user=${r.pick(USERS)} --password=${p} https://files.acme.dev/dump.sql.gz`, p); },
]);
// ------------------------------------------------------------------ auth headers
const headers = categorySpec('auth-headers', 15, [
    (r) => { const t = r.str(B64URL, 48); return made(`> GET /v1/orders HTTP/2\n> Host: api.acme.dev\n> authorization: Bearer ${t}\n> accept: */*`, t); },
    (r) => { const a = b64(`${r.pick(USERS)}:${urlPassword(r)}`); return made(`Authorization: Basic ${a}`, a); },
    (r) => { const t = r.str(HEX, 40); return made(`requests.get(url, headers={"X-API-Key": "${t}"})`, t); },
    (r) => { const t = r.str(B64URL, 64); return made(`Cookie: _ga=GA1.2.${r.int(100000000, 999999999)}.${r.int(1600000000, 1700000000)}; session=${t}; theme=dark`, t); },
    (r) => { const t = checksummed(r, 'ghp_'); return made(`curl -H "Authorization: token ${t}" https://api.github.com/user/repos`, t); },
    (r) => { const t = jwt(r, { sub: String(r.int(1000, 99999)), scope: 'read write', exp: 1767225600 }); return made(`fetch("/api/me", { headers: { Authorization: \`Bearer ${t}\` } })`, t); },
    (r) => { const t = 'sk-ant-api03-' + r.str(B64URL, 93) + 'AA'; return made(`curl https://api.anthropic.com/v1/messages \\\n  -H "x-api-key: ${t}" \\\n  -H "anthropic-version: 2023-06-01"`, t); },
    (r) => { const t = r.str(ALNUM, 32); return made(`"headers": {\n  "X-Auth-Token": "${t}",\n  "Content-Type": "application/json"\n}`, t); },
    (r) => { const t = jwt(r, { sub: uuid(r), email_verified: true, iat: 1735689600, exp: 1735693200 }); return made(`localStorage.getItem("access_token")\n'${t}'`, t); },
    (r) => { const t = r.str(ALNUM, 40); return made(`set-cookie: remember_token=${t}; Path=/; Expires=Fri, 31 Dec 2027 23:59:59 GMT; HttpOnly; Secure`, t); },
]);
// ------------------------------------------------------------------ encodings
const escaped = categorySpec('json-escaped', 8, [
    (r) => { const p = urlPassword(r); return made(JSON.stringify({ type: 'tool_result', content: `export DB_PASSWORD="${p}"\nexport DB_HOST=localhost\n` }), p); },
    (r) => { const t = 'sk_live_' + r.str(ALNUM, 24); return made(JSON.stringify({ command: `stripe listen --api-key ${t}`, description: 'Forward webhooks' }), t); },
    (r) => { const k = r.str(B64, 64); return made(`"{\\"private_key\\": \\"-----BEGIN PRIVATE KEY-----\\\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${k}\\\\n-----END PRIVATE KEY-----\\\\n\\"}"`, k); },
    (r) => { const p = urlPassword(r); return made(`{"stdout":"[client]\\nuser=root\\npassword=${p}\\n","exit_code":0}`, p); },
    (r) => { const t = checksummed(r, 'ghp_'); return made(JSON.stringify({ role: 'user', content: [{ type: 'text', text: `use this token for the API: ${t}` }] }), t); },
    (r) => { const t = 'xoxb-' + r.str(DIG, 12) + '-' + r.str(DIG, 13) + '-' + r.str(ALNUM, 24); return made(JSON.stringify(JSON.stringify({ env: { SLACK_BOT_TOKEN: t } })), t); },
]);
const urlenc = categorySpec('url-encoded', 8, [
    (r) => { const s = r.str(ALNUM, 10) + '%2B' + r.str(ALNUM, 12) + '%2F' + r.str(ALNUM, 10); return made(`POST /oauth/token\ngrant_type=client_credentials&client_id=web-app&client_secret=${s}`, s); },
    (r) => { const p = r.pick(['Falcon', 'Otter', 'Quartz']) + '%40' + r.str(ALNUM, 8) + '%21'; return made(`postgres://app:${p}@db.internal:5432/app`, p); },
    (r) => { const t = r.str(ALNUM, 30) + '%3D%3D'; return made(`GET /webhook?token=${t}&event=push HTTP/1.1`, t); },
    (r) => { const p = r.str(ALNUM, 9) + '%26' + r.str(ALNUM, 7); return made(`username=jmorales&password=${p}&remember=on`, p); },
    (r) => { const t = 'sk_live_' + r.str(ALNUM, 24); return made(`https://dashboard.acme.dev/debug?cfg=%7B%22stripe_key%22%3A%22${t}%22%7D`, t); },
    (r) => { const p = r.str(ALNUM, 8) + '%23' + r.str(ALNUM, 6) + '%24'; return made(`amqp://guest:${p}@rabbitmq.internal:5672/%2F`, p); },
]);
const base64cfg = categorySpec('base64-config', 8, [
    (r) => { const e = b64(`DB_PASSWORD=${urlPassword(r)}\nSTRIPE_SECRET_KEY=sk_live_${r.str(ALNUM, 24)}\n`); return made(`apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-env\ntype: Opaque\ndata:\n  .env: ${e}`, e); },
    (r) => { const e = b64(urlPassword(r)); return made(`apiVersion: v1\nkind: Secret\ndata:\n  password: ${e}\n  username: ${b64('postgres')}`, e); },
    (r) => { const e = b64(JSON.stringify({ user: 'svc', password: urlPassword(r), host: r.pick(HOSTS) })); return made(`$ echo ${e} | base64 -d | jq .`, e); },
    (r) => { const e = b64(`[default]\naws_access_key_id = ${awsId(r)}\naws_secret_access_key = ${awsSecret(r)}\n`); return made(`AWS_CREDENTIALS_B64: ${e}`, e); },
    (r) => {
        const e = b64(`apiVersion: v1\nclusters:\n- cluster:\n    server: https://k8s.acme.dev:6443\nusers:\n- name: admin\n  user:\n    token: ${r.str(B64URL, 40)}.${r.str(B64URL, 20)}\n`);
        return made(`- name: KUBECONFIG_DATA
  value: ${e}`.replace('\n', '\n'), e);
    },
    (r) => { const e = b64(`//registry.npmjs.org/:_authToken=${checksummed(r, 'npm_')}\n`); return made(`gh secret set NPMRC_B64 --body "${e}"`, e); },
]);
// ------------------------------------------------------------------ prose
const prose = categorySpec('prose-mentions', 16, [
    (r) => { const p = password(r); return made(`fyi the staging admin password is ${p} — rotate it after the demo`, p); },
    (r) => { const p = password(r); return made(`Das Passwort für den Admin-Zugang lautet ${p}, bitte nicht weitergeben.`, p); },
    (r) => { const p = password(r); return made(`Le mot de passe de la base de prod est « ${p} ». Je le change demain.`, p); },
    (r) => { const p = password(r); return made(`La contraseña del servidor FTP es ${p} (usuario: backup).`, p); },
    (r) => { const p = password(r); return made(`本番DBのパスワードは ${p} です。共有しないでください。`, p); },
    (r) => { const p = password(r); return made(`服务器 root 密码是 ${p} ，用完记得改掉。`, p); },
    (r) => { const p = password(r); return made(`A senha do Wi-Fi do escritório é ${p}`, p); },
    (r) => { const p = password(r); return made(`Пароль от панели: ${p}`, p); },
    (r) => { const t = checksummed(r, 'ghp_'); return made(`I pasted my token by mistake earlier: ${t} — can you make sure it doesn't end up in the logs?`, t); },
    (r) => { const p = password(r); return made(`User: login with admin / ${p} and then open /settings`, p); },
    (r) => { const k = 'sk-proj-' + r.str(B64URL, 74) + 'T3BlbkFJ' + r.str(B64URL, 74); return made(`Ecco la mia chiave OpenAI: ${k}`, k); },
    (r) => { const p = password(r); return made(`비밀번호는 ${p} 입니다`, p); },
]);
export const SECRET_SPECS = [
    cloud, vcs, registry, payment, messaging, ai, observability, dbaas, saas, keys, urls, code, configs, cli, headers,
    escaped, urlenc, base64cfg, prose,
];
//# sourceMappingURL=secrets.js.map