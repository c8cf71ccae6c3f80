/**
 * Secret cases, by family, as they show up in coding-agent sessions: tool output (cat, env,
 * kubectl, docker inspect, terraform, git diff, curl -v), config files of many ecosystems, shell
 * history, stack traces, the user's pasted message and the agent's own answer.
 */
import { T, jwt, pemKey } from './tokens.js';
import { ALNUM, B64, b64, hexOf, mixed, password, urlSafePassword, uuid, anyOf, type CategoryGen, type Rng } from './util.js';

type Case = { text: string; targets: string[] };
const c = (text: string, ...targets: string[]): Case => ({ text, targets });
const HOSTS = ['db.internal.acme-corp.io', 'prod-pg.c9x2kq.eu-west-1.rds.amazonaws.com', 'orders-db.northwind.dev', 'mysql-primary.lumen.systems', 'cluster0.x7kqp.mongodb.net', 'redis-14872.c1.us-east-1-2.ec2.cloud.redislabs.com'];
const USERS = ['app_user', 'orders_svc', 'admin', 'deploy', 'billing_rw', 'analytics'];

const cloud = anyOf('cloud-keys', 26, [
  (r) => { const id = T.awsKeyId(r), s = T.awsSecret(r); return c(`$ cat ~/.aws/credentials\n[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${s}\nregion = eu-central-1`, id, s); },
  (r) => { const id = T.awsKeyId(r, 'ASIA'), s = T.awsSecret(r), t = T.awsSession(r); return c(`$ env | grep AWS\nAWS_ACCESS_KEY_ID=${id}\nAWS_SECRET_ACCESS_KEY=${s}\nAWS_SESSION_TOKEN=${t}\nAWS_REGION=us-west-2`, id, s, t); },
  (r) => { const k = T.gcpApiKey(r); return c(`// src/firebase.ts\nexport const firebaseAdminConfig = {\n  apiKey: "${k}",\n  projectId: "lumen-prod-4412",\n};`, k); },
  (r) => { const k = T.doToken(r); return c(`$ doctl auth init --access-token ${k}\nValidating token... OK`, k); },
  (r) => { const i = T.alibabaId(r), s = T.alibabaSecret(r); return c(`# ~/.aliyun/config.json\n{\n  "profiles": [{ "name": "default", "mode": "AK", "access_key_id": "${i}", "access_key_secret": "${s}", "region_id": "cn-hangzhou" }]\n}`, i, s); },
  (r) => { const i = T.tencentId(r), s = T.tencentSecret(r); return c(`provider "tencentcloud" {\n  secret_id  = "${i}"\n  secret_key = "${s}"\n  region     = "ap-guangzhou"\n}`, i, s); },
  (r) => { const k = T.azureStorageKey(r); return c(`$ az storage account show-connection-string -n stlumenprod -o tsv\nDefaultEndpointsProtocol=https;AccountName=stlumenprod;AccountKey=${k};EndpointSuffix=core.windows.net`, k); },
  (r) => { const s = T.azureClientSecret(r); return c(`// appsettings.Production.json\n{\n  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "TenantId": "${uuid(r)}",\n    "ClientId": "${uuid(r)}",\n    "ClientSecret": "${s}"\n  }\n}`, s); },
  (r) => { const k = T.cloudflare(r); return c(`$ cat .dev.vars\nCLOUDFLARE_API_TOKEN=${k}\nCLOUDFLARE_ACCOUNT_ID=${hexOf(r, 32)}`, k); },
  (r) => { const k = T.ibmApiKey(r); return c(`$ ibmcloud login --apikey ${k} -r us-south\nAuthenticating...\nOK`, k); },
  (r) => { const k = T.linode(r); return c(`$ cat ~/.config/linode-cli\n[DEFAULT]\ndefault-user = ops\n\n[ops]\ntoken = ${k}\nregion = eu-central`, k); },
  (r) => { const k = T.hetzner(r); return c(`$ export HCLOUD_TOKEN=${k}\n$ hcloud server list\nID   NAME    STATUS\n42   web-1   running`, k); },
  (r) => { const k = uuid(r); return c(`# scaleway config.yaml\naccess_key: SCW${r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17)}\nsecret_key: ${k}\ndefault_organization_id: ${uuid(r)}`, k); },
  (r) => { const id = T.awsKeyId(r), s = T.awsSecret(r); return c(`$ docker inspect api-worker --format '{{json .Config.Env}}'\n["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin","AWS_ACCESS_KEY_ID=${id}","AWS_SECRET_ACCESS_KEY=${s}","NODE_ENV=production"]`, id, s); },
]);

const sourceHosting = anyOf('source-hosting-registries', 26, [
  (r) => { const t = T.ghp(r); return c(`$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    user: octo-dev\n    oauth_token: ${t}\n    git_protocol: https`, t); },
  (r) => { const t = T.fineGrained(r); return c(`$ echo ${t} | gh auth login --with-token\n$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account octo-dev`, t); },
  (r) => { const t = T.glpat(r); return c(`# .gitlab-ci.yml (diff)\n-  GITLAB_TOKEN: $CI_JOB_TOKEN\n+  GITLAB_TOKEN: "${t}"`, t); },
  (r) => { const t = T.npm(r); return c(`$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken=${t}\nsave-exact=true`, t); },
  (r) => { const t = T.pypi(r); return c(`$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ${t}`, t); },
  (r) => { const t = T.rubygems(r); return c(`$ cat ~/.gem/credentials\n---\n:rubygems_api_key: ${t}`, t); },
  (r) => { const t = T.dockerPat(r); return c(`$ echo "${t}" | docker login -u lumenci --password-stdin\nLogin Succeeded`, t); },
  (r) => { const t = T.nuget(r); return c(`PS> dotnet nuget push bin/Release/Lumen.Core.2.4.0.nupkg --api-key ${t} --source https://api.nuget.org/v3/index.json`, t); },
  (r) => { const t = T.crates(r); return c(`$ cat ~/.cargo/credentials.toml\n[registry]\ntoken = "${t}"`, t); },
  (r) => { const t = T.bitbucket(r); return c(`$ git clone https://lumen-dev:${t}@bitbucket.org/lumen/payments.git\nCloning into 'payments'...`, t); },
  (r) => { const t = T.atlassian(r); return c(`# ~/.config/jira/.config.yml\nserver: https://lumen.atlassian.net\nlogin: ops-bot\napi_token: ${t}`, t); },
  (r) => { const t = T.jfrog(r); return c(`<!-- ~/.m2/settings.xml -->\n<servers>\n  <server>\n    <id>artifactory</id>\n    <username>ci</username>\n    <password>${t}</password>\n  </server>\n</servers>`, t); },
  (r) => { const t = T.ghp(r); return c(`# ~/.gradle/gradle.properties\ngpr.user=octo-dev\ngpr.key=${t}\norg.gradle.jvmargs=-Xmx2g`, t); },
  (r) => { const t = T.hex40(r); return c(`$ cat ~/.config/tea/config.yml\nlogins:\n- name: gitea.lumen.dev\n  url: https://gitea.lumen.dev\n  token: ${t}\n  default: true`, t); },
  (r) => { const t = T.npm(r); return c(`# .yarnrc.yml\nnpmScopes:\n  lumen:\n    npmRegistryServer: "https://registry.npmjs.org"\n    npmAuthToken: "${t}"`, t); },
]);

const cicd = anyOf('ci-cd', 22, [
  (r) => { const t = T.circleci(r); return c(`$ circleci setup --no-prompt --host https://circleci.com --token ${t}\nSetup complete.`, t); },
  (r) => { const t = T.buildkite(r); return c(`$ cat ~/.config/bk.yaml\nselected_org: lumen\norganizations:\n  lumen:\n    api_token: ${t}`, t); },
  (r) => { const t = T.tfc(r); return c(`$ cat ~/.terraform.d/credentials.tfrc.json\n{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "${t}"\n    }\n  }\n}`, t); },
  (r) => { const t = T.pulumi(r); return c(`- name: Deploy\n  env:\n    PULUMI_ACCESS_TOKEN: ${t}\n  run: pulumi up --yes --stack prod`, t); },
  (r) => { const t = T.doppler(r); return c(`$ doppler configure set token ${t} --scope /srv/app\n┌───────┬──────────┐\n│ NAME  │ VALUE    │\n└───────┴──────────┘`, t); },
  (r) => { const t = T.glrt(r); return c(`$ sudo gitlab-runner register --non-interactive --url https://gitlab.com --token ${t} --executor docker`, t); },
  (r) => { const t = T.vercel(r); return c(`$ vercel deploy --prod --token ${t}\nVercel CLI 37.4.2\n🔍  Inspect: https://vercel.com/lumen/web/8kD2`, t); },
  (r) => { const t = T.flyio(r); return c(`$ fly tokens create deploy -x 999999h\n${t}`, t.slice(6)); },
  (r) => { const t = T.render(r); return c(`# .github/workflows/deploy.yml\n      - run: curl -fsS -X POST https://api.render.com/v1/services/srv-cq1x/deploys -H "Authorization: Bearer ${t}"`, t); },
  (r) => { const t = T.azdoPat(r); return c(`PS C:\\src\\lumen> $env:AZURE_DEVOPS_EXT_PAT = '${t}'\nPS C:\\src\\lumen> az devops project list --org https://dev.azure.com/lumen`, t); },
  (r) => { const t = uuid(r); return c(`pipeline {\n  environment {\n    CODECOV_TOKEN = '${t}'\n  }\n  stages { stage('cov') { steps { sh 'codecov -t $CODECOV_TOKEN' } } }\n}`, t); },
  (r) => { const t = uuid(r); return c(`$ heroku config:set HEROKU_API_KEY=${t} -a lumen-api\nSetting HEROKU_API_KEY and restarting ⬢ lumen-api... done, v212`, t); },
  (r) => { const t = T.ghp(r); return c(`# .drone.yml\nsteps:\n  - name: release\n    image: plugins/github-release\n    settings:\n      api_key: ${t}\n      files: dist/*`, t); },
  (r) => { const t = mixed(r, 40); return c(`# .travis.yml\nenv:\n  global:\n    - SONAR_TOKEN=${t}\nscript: sonar-scanner -Dsonar.login=$SONAR_TOKEN`, t); },
]);

const payments = anyOf('payments', 22, [
  (r) => { const k = T.stripe(r); return c(`$ cat .env.production\nSTRIPE_PUBLISHABLE_KEY=pk_live_${mixed(r, 24)}\nSTRIPE_SECRET_KEY=${k}`, k); },
  (r) => { const k = T.whsec(r); return c(`$ stripe listen --forward-to localhost:4242/webhook\n> Ready! Your webhook signing secret is ${k} (^C to quit)`, k); },
  (r) => { const k = T.stripe(r); return c(`# config/initializers/stripe.rb\nStripe.api_key = '${k}'`, k); },
  (r) => { const k = T.squareAccess(r); return c(`import { Client, Environment } from 'square';\nconst client = new Client({ accessToken: '${k}', environment: Environment.Production });`, k); },
  (r) => { const k = T.squareSecret(r); return c(`SQUARE_APPLICATION_ID=sq0idp-${mixed(r, 22)}\nSQUARE_APPLICATION_SECRET=${k}`, k); },
  (r) => { const k = T.braintree(r); return c(`gateway = braintree.BraintreeGateway(access_token="${k}")`, k); },
  (r) => { const k = T.shopify(r); return c(`$ curl -s https://lumen-store.myshopify.com/admin/api/2024-07/shop.json -H 'X-Shopify-Access-Token: ${k}'\n{"shop":{"id":6401,"name":"Lumen Store"}}`, k); },
  (r) => { const k = T.razorpaySecret(r); return c(`<?php\n$api = new Api('rzp_live_${mixed(r, 14)}', '${k}');\n$order = $api->order->create(['amount' => 50000, 'currency' => 'INR']);`, k); },
  (r) => { const k = T.paystack(r); return c(`config :paystack,\n  secret_key: "${k}",\n  base_url: "https://api.paystack.co"`, k); },
  (r) => { const k = T.mollie(r); return c(`$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("${k}");`, k); },
  (r) => { const k = T.flutterwave(r); return c(`FLW_PUBLIC_KEY=FLWPUBK-${hexOf(r, 32)}-X\nFLW_SECRET_KEY=${k}`, k); },
  (r) => { const k = T.paypalSecret(r); return c(`spring:\n  paypal:\n    mode: live\n    client-id: A${mixed(r, 79)}\n    client-secret: ${k}`, k); },
  (r) => { const k = T.stripe(r); return c(`Stripe::InvalidRequestError (No such customer: 'cus_Q2x'):\n  request: POST https://api.stripe.com/v1/charges\n  headers: {"Authorization"=>"Bearer ${k}", "Stripe-Version"=>"2024-06-20"}`, k); },
]);

const messaging = anyOf('messaging-email', 24, [
  (r) => { const t = T.slackBot(r); return c(`$ cat .env\nSLACK_BOT_TOKEN=${t}\nSLACK_CHANNEL=#deploys`, t); },
  (r) => { const t = T.slackUser(r); return c(`slack_client = WebClient(token="${t}")`, t); },
  (r) => { const t = T.slackApp(r); return c(`SLACK_APP_TOKEN=${t} node bolt/app.js\n⚡️ Bolt app is running!`, t); },
  (r) => { const s = T.slackHookSecret(r); return c(`alertmanager.yml:\n  receivers:\n    - name: oncall\n      slack_configs:\n        - api_url: https://hooks.slack.com/services/T${r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 8)}/B${r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 10)}/${s}`, s); },
  (r) => { const t = T.discordBot(r); return c(`# bot.py\nclient.run("${t}")`, t); },
  (r) => { const s = T.discordHook(r); return c(`$ curl -H 'Content-Type: application/json' -d '{"content":"deploy ok"}' https://discord.com/api/webhooks/1${r.digits(18)}/${s}`, s); },
  (r) => { const t = T.telegram(r); return c(`import telebot\nbot = telebot.TeleBot("${t}")\nbot.infinity_polling()`, t); },
  (r) => { const k = T.twilioKeySid(r), s = T.alnum(r, 32); return c(`TWILIO_ACCOUNT_SID=AC${hexOf(r, 32)}\nTWILIO_API_KEY=${k}\nTWILIO_API_SECRET=${s}`, s); },
  (r) => { const s = T.hex32(r); return c(`val twilio = Twilio.init("AC${hexOf(r, 32)}", "${s}")`, s); },
  (r) => { const k = T.sendgrid(r); return c(`$ kubectl describe pod mailer-7d9f -n prod | grep -A3 Environment\n    Environment:\n      SENDGRID_API_KEY:  ${k}\n      FROM_DOMAIN:       lumen.dev`, k); },
  (r) => { const k = T.mailgun(r); return c(`$ curl -s --user 'api:${k}' https://api.mailgun.net/v3/mg.lumen.dev/messages -F to=ops -F text=test`, k); },
  (r) => { const k = T.mailchimp(r); return c(`MAILCHIMP_API_KEY = "${k}"\nclient.set_config({"api_key": MAILCHIMP_API_KEY, "server": "us6"})`, k); },
  (r) => { const k = uuid(r); return c(`$ curl https://api.postmarkapp.com/email -H "Accept: application/json" -H "X-Postmark-Server-Token: ${k}" -d @mail.json`, k); },
  (r) => { const k = T.resend(r); return c(`import { Resend } from 'resend';\nconst resend = new Resend('${k}');`, k); },
  (r) => { const k = T.brevo(r); return c(`BREVO_API_KEY=${k}`, k); },
  (r) => { const h = hexOf(r, 32); return c(`teams:\n  webhook: https://lumen.webhook.office.com/webhookb2/${uuid(r)}@${uuid(r)}/IncomingWebhook/${h}/${uuid(r)}/V2${mixed(r, 40)}`, h); },
]);

const ai = anyOf('ai-providers', 26, [
  (r) => { const k = T.openai(r); return c(`$ cat .env.local\nOPENAI_API_KEY=${k}\nOPENAI_MODEL=gpt-4o-mini`, k); },
  (r) => { const k = T.anthropic(r); return c(`import anthropic\nclient = anthropic.Anthropic(api_key="${k}")`, k); },
  (r) => { const k = T.groq(r); return c(`export GROQ_API_KEY="${k}"`, k); },
  (r) => { const k = T.hfToken(r); return c(`$ huggingface-cli login --token ${k}\nToken is valid (permission: write).\nLogin successful`, k); },
  (r) => { const k = T.replicate(r); return c(`REPLICATE_API_TOKEN=${k} python generate.py --prompt "a lighthouse"`, k); },
  (r) => { const k = T.perplexity(r); return c(`let client = reqwest::Client::new();\nlet res = client.post("https://api.perplexity.ai/chat/completions")\n    .bearer_auth("${k}")\n    .json(&body).send().await?;`, k); },
  (r) => { const k = T.xai(r); return c(`[providers.xai]\napi_key = "${k}"\nmodel = "grok-2"`, k); },
  (r) => { const k = T.openrouter(r); return c(`{"mcpServers":{"router":{"command":"npx","args":["-y","openrouter-mcp"],"env":{"OPENROUTER_API_KEY":"${k}"}}}}`, k); },
  (r) => { const k = T.gcpApiKey(r); return c(`import google.generativeai as genai\ngenai.configure(api_key="${k}")`, k); },
  (r) => { const k = T.alnum(r, 40); return c(`co = cohere.ClientV2(api_key="${k}")`, k); },
  (r) => { const k = T.alnum(r, 32); return c(`$ env | sort | head -4\nHOME=/home/dev\nLANG=C.UTF-8\nMISTRAL_API_KEY=${k}\nPATH=/usr/bin:/bin`, k); },
  (r) => { const k = T.deepseek(r); return c(`openai.OpenAI(api_key="${k}", base_url="https://api.deepseek.com")`, k); },
  (r) => { const k = T.fireworks(r); return c(`FIREWORKS_API_KEY: "${k}"`, k); },
  (r) => { const k = T.langsmith(r); return c(`LANGSMITH_TRACING=true\nLANGSMITH_API_KEY=${k}\nLANGSMITH_PROJECT=rag-eval`, k); },
  (r) => { const k = T.pinecone(r); return c(`pc = Pinecone(api_key="${k}")\nindex = pc.Index("docs")`, k); },
  (r) => { const k = T.together(r); return c(`client := together.NewClient(option.WithAPIKey("${k}"))`, k); },
  (r) => { const k = T.openai(r); return c(`openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: ${k}. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error'}}`, k); },
]);

const observability = anyOf('observability', 22, [
  (r) => { const k = T.hex32(r); return c(`$ helm upgrade --install datadog datadog/datadog --set datadog.apiKey=${k} --set datadog.site=datadoghq.eu`, k); },
  (r) => { const a = T.hex32(r), b = T.hex40(r); return c(`# ~/.dogrc\n[Connection]\napikey = ${a}\nappkey = ${b}`, a, b); },
  (r) => { const k = T.newRelicUser(r); return c(`$ newrelic profile add --profile prod --region us --apiKey ${k} --accountId 3${r.digits(6)}`, k); },
  (r) => { const k = T.newRelicLicense(r); return c(`# newrelic.yml\ncommon: &default_settings\n  license_key: '${k}'\n  app_name: Lumen API`, k); },
  (r) => { const k = T.sentryUser(r); return c(`$ cat ~/.sentryclirc\n[auth]\ntoken=${k}\n[defaults]\norg=lumen`, k); },
  (r) => { const k = T.sentryOrg(r); return c(`- uses: getsentry/action-release@v1\n  env:\n    SENTRY_AUTH_TOKEN: ${k}\n    SENTRY_ORG: lumen`, k); },
  (r) => { const k = T.grafanaSa(r); return c(`curl -H "Authorization: Bearer ${k}" https://lumen.grafana.net/api/dashboards/uid/api-latency`, k); },
  (r) => { const k = T.grafanaCloud(r); return c(`otelcol:\n  exporters:\n    otlphttp:\n      endpoint: https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\n      headers:\n        Authorization: "Basic ${k}"`, k); },
  (r) => { const k = T.dynatrace(r); return c(`DT_API_TOKEN=${k}\nDT_ENV_URL=https://abc12345.live.dynatrace.com`, k); },
  (r) => { const k = uuid(r); return c(`$ curl -k https://splunk.lumen.dev:8088/services/collector/event -H "Authorization: Splunk ${k}" -d '{"event":"deploy"}'\n{"text":"Success","code":0}`, k); },
  (r) => { const k = T.hex32(r); return c(`Rollbar.configure do |config|\n  config.access_token = '${k}'\n  config.environment = 'production'\nend`, k); },
  (r) => { const k = T.axiom(r); return c(`AXIOM_TOKEN=${k}\nAXIOM_DATASET=vercel`, k); },
  (r) => { const k = T.posthog(r); return c(`$ curl https://eu.posthog.com/api/projects/ -H "Authorization: Bearer ${k}"`, k); },
  (r) => { const k = T.alnum(r, 32); return c(`honeycomb:\n  api_key: ${k}\n  dataset: checkout`, k); },
  (r) => { const k = b64(`${mixed(r, 20)}:${mixed(r, 22)}`); return c(`elasticsearch.yml output:\n  hosts: ["https://es.lumen.dev:9200"]\n  api_key_header: "ApiKey ${k}"`, k); },
]);

const databases = anyOf('databases-dsn', 24, [
  (r) => { const p = urlSafePassword(r); return c(`Traceback (most recent call last):\n  File "app/db.py", line 14, in <module>\n    engine = create_engine("postgresql+psycopg2://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}:5432/orders")\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect to server: Connection timed out`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ cat .env\nDATABASE_URL=postgres://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}:5432/app?sslmode=require`, p); },
  (r) => { const p = urlSafePassword(r); return c(`mongoose.connect('mongodb+srv://${r.pick(USERS)}:${p}@cluster0.x7kqp.mongodb.net/shop?retryWrites=true&w=majority')`, p); },
  (r) => { const p = urlSafePassword(r); return c(`Error: Redis connection to redis://default:${p}@${r.pick(HOSTS)}:14872 failed - connect ETIMEDOUT`, p); },
  (r) => { const p = password(r); return c(`spring.datasource.url=jdbc:mysql://${r.pick(HOSTS)}:3306/inventory\nspring.datasource.username=${r.pick(USERS)}\nspring.datasource.password=${p}`, p); },
  (r) => { const p = urlSafePassword(r); return c(`"ConnectionStrings": {\n  "Default": "Server=tcp:lumen-sql.database.windows.net,1433;Initial Catalog=lumen;User ID=${r.pick(USERS)};Password=${p};Encrypt=True;"\n}`, p); },
  (r) => { const p = urlSafePassword(r); return c(`config :lumen, Lumen.Repo,\n  url: "ecto://${r.pick(USERS)}:${p}@${r.pick(HOSTS)}/lumen_prod",\n  pool_size: 10`, p); },
  (r) => { const p = urlSafePassword(r); return c(`java.sql.SQLException: Access denied for user '${r.pick(USERS)}'@'10.0.3.17' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\nCaused by: url=jdbc:postgresql://${r.pick(HOSTS)}:5432/app?user=${r.pick(USERS)}&password=${p}`, p); },
  (r) => { const p = T.planetscale(r); return c(`DATABASE_URL='mysql://${mixed(r, 12).toLowerCase()}:${p}@aws.connect.psdb.cloud/lumen?sslaccept=strict'`, p); },
  (r) => { const p = T.neon(r); return c(`$ psql 'postgresql://neondb_owner:${p}@ep-cool-darkness-a1b2c3.eu-central-1.aws.neon.tech/neondb?sslmode=require'\npsql (16.3)\nneondb=>`, p); },
  (r) => { const k = jwt(r, { iss: 'supabase', ref: r.str('abcdefghijklmnopqrst', 20), role: 'service_role', iat: 1710000000, exp: 2025000000 }); return c(`SUPABASE_URL=https://${r.str('abcdefghijklmnopqrst', 20)}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=${k}`, k); },
  (r) => { const p = urlSafePassword(r); return c(`amqp_url = "amqp://rabbit:${p}@mq.lumen.dev:5672/%2F"`, p); },
  (r) => { const p = password(r); return c(`# config/database.yml\nproduction:\n  adapter: postgresql\n  database: lumen_production\n  username: ${r.pick(USERS)}\n  password: "${p}"\n  host: ${r.pick(HOSTS)}`, p); },
  (r) => { const t = mixed(r, 60, ALNUM + '='); return c(`UPSTASH_REDIS_REST_URL="https://eu1-brave-koala-31337.upstash.io"\nUPSTASH_REDIS_REST_TOKEN="A${t}"`, 'A' + t); },
  (r) => { const p = urlSafePassword(r); return c(`$ cat ~/.pgpass\n${r.pick(HOSTS)}:5432:*:${r.pick(USERS)}:${p}`, p); },
]);

const privateKeys = anyOf('private-keys', 20, [
  (r) => { const k = pemKey(r, 'OPENSSH PRIVATE KEY'); return c(`$ cat ~/.ssh/id_ed25519\n${k.pem}`, k.body); },
  (r) => { const k = pemKey(r, 'RSA PRIVATE KEY'); return c(`$ kubectl get secret tls-api -o jsonpath='{.data.tls\\.key}' | base64 -d\n${k.pem}`, k.body); },
  (r) => { const k = pemKey(r, 'PRIVATE KEY'); const esc = k.body.replace(/\n/g, '\\n'); return c(`$ cat sa-deployer.json\n{\n  "type": "service_account",\n  "project_id": "lumen-prod-4412",\n  "private_key_id": "${hexOf(r, 40)}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n${esc}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "deployer@lumen-prod-4412.iam.gserviceaccount.com"\n}`, esc); },
  (r) => { const k = pemKey(r, 'EC PRIVATE KEY'); return c(`diff --git a/certs/server.key b/certs/server.key\nnew file mode 100644\n--- /dev/null\n+++ b/certs/server.key\n${k.pem.split('\n').map((l) => '+' + l).join('\n')}`, k.body.split('\n').join('\n+')); },
  (r) => { const k = pemKey(r, 'ENCRYPTED PRIVATE KEY'); const p = urlSafePassword(r); return c(`$ openssl pkcs8 -topk8 -in key.pem -passout pass:${p}\n${k.pem}`, p, k.body); },
  (r) => { const k = pemKey(r, 'RSA PRIVATE KEY'); return c(`resource "tls_private_key" "deploy" {}\n# terraform state show tls_private_key.deploy\n    private_key_pem = <<-EOT\n${k.pem}\n    EOT`, k.body); },
  (r) => { const k = T.ageSecret(r); return c(`$ cat ~/.config/sops/age/keys.txt\n# created: 2026-03-02T10:14:55Z\n# public key: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n${k}`, k); },
  (r) => { const k = T.wireguard(r); return c(`$ sudo cat /etc/wireguard/wg0.conf\n[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = ${k}\n\n[Peer]\nPublicKey = ${T.wireguard(r)}\nAllowedIPs = 10.8.0.0/24`, k); },
  (r) => { const k = pemKey(r, 'PRIVATE KEY'); const enc = b64(k.pem + '\n'); return c(`apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\nmetadata:\n  name: ingress-tls\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n  tls.key: ${enc}`, enc); },
  (r) => { const lines = (b64Bytes2(r, 180).match(/.{1,64}/g) ?? []); return c(`PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI${mixed(r, 40)}\n${mixed(r, 20)}\nPrivate-Lines: ${lines.length}\n${lines.join('\n')}\nPrivate-MAC: ${hexOf(r, 64)}`, lines.join('\n')); },
  (r) => { const k = pemKey(r, 'RSA PRIVATE KEY'); return c(`The key file you asked about:\n\n\`\`\`\n${k.pem}\n\`\`\``, k.body); },
]);

function b64Bytes2(r: Rng, n: number): string { return r.str(B64, Math.ceil((n * 4) / 3)); }

const LANG_ASSIGN: Array<(name: string, v: string) => string> = [
  (n, v) => `# settings.py\n${n.toUpperCase()} = "${v}"`,
  (n, v) => `// config.go\nconst ${camel(n)} = "${v}"`,
  (n, v) => `# application.properties\napp.${n.replace(/_/g, '.')}=${v}`,
  (n, v) => `# config/secrets.yml\nproduction:\n  ${n}: "${v}"`,
  (n, v) => `<?php\ndefine('${n.toUpperCase()}', '${v}');`,
  (n, v) => `pub const ${n.toUpperCase()}: &str = "${v}";`,
  (n, v) => `config :lumen, LumenWeb.Endpoint,\n  ${n}: "${v}"`,
  (n, v) => `let ${camel(n)} = "${v}"  // Config.swift`,
  (n, v) => `object Secrets {\n    const val ${n.toUpperCase()} = "${v}"\n}`,
  (n, v) => `# terraform.tfvars\n${n} = "${v}"`,
  (n, v) => `<appSettings>\n  <add key="${pascal(n)}" value="${v}" />\n</appSettings>`,
  (n, v) => `; php.ini-style service config\n[service]\n${n} = ${v}`,
  (n, v) => `[auth]\n${n} = "${v}"   # Cargo/pyproject-style TOML`,
  (n, v) => `${n.toUpperCase()}=${v}`,
  (n, v) => `$ git diff config/app.json\n-    "${camel(n)}": "",\n+    "${camel(n)}": "${v}",`,
  (n, v) => `PS> [Environment]::SetEnvironmentVariable("${n.toUpperCase()}", "${v}", "User")`,
  (n, v) => `static readonly string ${pascal(n)} = "${v}";`,
  (n, v) => `ENV ${n.toUpperCase()}=${v}\n# Dockerfile, line 14`,
  (n, v) => `  ${camel(n)}: process.env.NODE_ENV === 'test' ? undefined : '${v}',`,
  (n, v) => `INSERT INTO service_credentials (service, ${n}) VALUES ('billing', '${v}');`,
];
function camel(n: string): string { return n.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase()); }
function pascal(n: string): string { const s = camel(n); return s[0]!.toUpperCase() + s.slice(1); }
const SECRET_NAMES = ['db_password', 'api_secret', 'client_secret', 'signing_key', 'auth_token', 'jwt_secret', 'session_secret', 'smtp_password', 'encryption_key', 'webhook_secret', 'admin_password', 'access_token', 'private_token', 'redis_password', 'master_key'];

const generic = anyOf('generic-assignments', 26, [
  (r) => { const v = r.chance(0.5) ? password(r).replace(/["'\\$`]/g, '') : mixed(r, r.pick([32, 40, 48])); return c(r.pick(LANG_ASSIGN)(r.pick(SECRET_NAMES), v), v); },
  (r) => { const v = r.chance(0.5) ? password(r).replace(/["'\\$`]/g, '') : b64Bytes3(r); return c(r.pick(LANG_ASSIGN)(r.pick(SECRET_NAMES), v), v); },
  (r) => { const v = T.railsKeyBase(r); return c(`$ bin/rails credentials:show\nsecret_key_base: ${v}\naws:\n  region: eu-west-1`, v); },
  (r) => { const v = T.djangoKey(r).replace(/['\\]/g, ''); return c(`# settings/production.py\nSECRET_KEY = '${v}'\nDEBUG = False`, v); },
  (r) => { const v = T.laravelKey(r); return c(`APP_NAME=Lumen\nAPP_ENV=production\nAPP_KEY=${v}\nAPP_DEBUG=false`, v); },
  (r) => { const v = T.base32(r, 32); return c(`# 2FA seed for the ops account (authenticator)\ntotp_secret: ${v}`, v); },
]);
function b64Bytes3(r: Rng): string { const s = Buffer.alloc(32); for (let i = 0; i < 32; i++) s[i] = r.int(0, 255); return s.toString('base64'); }

const cliArgs = anyOf('cli-arguments', 22, [
  (r) => { const p = urlSafePassword(r); return c(`$ mysql -h ${r.pick(HOSTS)} -u ${r.pick(USERS)} -p'${p}' -e 'SHOW DATABASES;'\nmysql: [Warning] Using a password on the command line interface can be insecure.`, p); },
  (r) => { const p = urlSafePassword(r); return c(`  512  docker login registry.lumen.dev -u ci -p ${p}\n  513  docker push registry.lumen.dev/api:2.4.0`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ curl -u ${r.pick(USERS)}:${p} https://ci.lumen.dev/job/api/lastBuild/api/json`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ sshpass -p '${p}' ssh deploy@bastion.lumen.dev 'systemctl restart api'`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ redis-cli -h ${r.pick(HOSTS)} -p 6379 -a ${p} --no-auth-warning PING\nPONG`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ mongosh "mongodb://mongo.lumen.dev:27017/admin" --username root --password ${p}`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ kubectl create secret generic db-creds --from-literal=username=app --from-literal=password=${p}\nsecret/db-creds created`, p); },
  (r) => { const p = urlSafePassword(r); return c(`PS> $secure = ConvertTo-SecureString "${p}" -AsPlainText -Force\nPS> $cred = New-Object PSCredential("LUMEN\\svc-deploy", $secure)`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ az login --service-principal -u ${uuid(r)} -p ${p} --tenant ${uuid(r)}`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ htpasswd -bc /etc/nginx/.htpasswd admin ${p}\nAdding password for user admin`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ PGPASSWORD=${p} pg_dump -h ${r.pick(HOSTS)} -U ${r.pick(USERS)} orders > orders.sql`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ keytool -importkeystore -srckeystore app.p12 -srcstoretype PKCS12 -srcstorepass ${p} -destkeystore app.jks -deststorepass ${p}`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ helm install pg bitnami/postgresql --set auth.postgresPassword=${p} --set auth.database=app`, p); },
  (r) => { const p = urlSafePassword(r); return c(`$ sqlcmd -S lumen-sql.database.windows.net -U sa -P '${p}' -Q "SELECT @@VERSION"`, p); },
  (r) => { const t = T.ghp(r); return c(`$ history | tail -3\n 1021  git push\n 1022  export GITHUB_TOKEN=${t}\n 1023  gh release create v2.4.0`, t); },
]);

const httpAuth = anyOf('http-auth-cookies', 20, [
  (r) => { const t = mixed(r, 40, ALNUM + '-_'); return c(`$ curl -v https://api.lumen.dev/v1/orders\n> GET /v1/orders HTTP/2\n> Host: api.lumen.dev\n> Authorization: Bearer ${t}\n> user-agent: curl/8.5.0\n< HTTP/2 403`, t); },
  (r) => { const u = r.pick(USERS), p = urlSafePassword(r); const enc = b64(`${u}:${p}`); return c(`AxiosError: Request failed with status code 401\n  config: {\n    url: 'https://registry.lumen.dev/v2/_catalog',\n    headers: { Accept: 'application/json', Authorization: 'Basic ${enc}' }\n  }`, enc); },
  (r) => { const s = mixed(r, 48, ALNUM + '-_'); return c(`GET /dashboard HTTP/1.1\nHost: admin.lumen.dev\nCookie: _ga=GA1.2.1234.5678; session=${s}; theme=dark`, s); },
  (r) => { const s = mixed(r, 64); return c(`< HTTP/1.1 302 Found\n< Set-Cookie: _lumen_session=${s}; path=/; HttpOnly; Secure; SameSite=Lax\n< Location: /home`, s); },
  (r) => { const k = mixed(r, 32); return c(`requests.exceptions.HTTPError: 429 Client Error for url: https://api.lumen.dev/v2/search\nrequest headers: {'User-Agent': 'python-requests/2.32.3', 'X-API-Key': '${k}', 'Accept': '*/*'}`, k); },
  (r) => { const t = jwt(r, { sub: `user_${r.digits(6)}`, scope: 'orders:write', iat: 1764100000, exp: 1764103600 }); return c(`2026/11/25 14:02:11 httputil.DumpRequestOut:\nPOST /v1/orders HTTP/1.1\nHost: api.lumen.dev\nAuthorization: Bearer ${t}\nContent-Type: application/json`, t); },
  (r) => { const p = urlSafePassword(r); const enc = b64(`proxyuser:${p}`); return c(`CONNECT registry.npmjs.org:443 HTTP/1.1\nProxy-Authorization: Basic ${enc}`, enc); },
  (r) => { const t = mixed(r, 43, ALNUM + '-_'); return c(`fetch('https://api.lumen.dev/v1/me', {\n  headers: { Authorization: 'Token ${t}' },\n})`, t); },
  (r) => { const t = jwt(r, { sub: uuid(r), role: 'admin', iss: 'https://auth.lumen.dev' }); return c(`HttpRequestException: Response status code does not indicate success: 401 (Unauthorized).\n   Request: GET https://api.lumen.dev/admin/users\n   Headers: Authorization: Bearer ${t}`, t); },
  (r) => { const s = hexOf(r, 64); return c(`$ http POST :8080/graphql X-Hasura-Admin-Secret:${s} query='{ users { id } }'`, s); },
  (r) => { const s = mixed(r, 32); return c(`Request URL: https://lumen.dev/wp-admin/\nRequest Method: GET\ncookie: wordpress_logged_in_${hexOf(r, 32)}=admin%7C1764300000%7C${s}%7C${hexOf(r, 64)}`, s); },
]);

const urlCreds = anyOf('url-credentials', 18, [
  (r) => { const t = T.ghp(r); return c(`$ git remote -v\norigin\thttps://x-access-token:${t}@github.com/lumen/api.git (fetch)\norigin\thttps://x-access-token:${t}@github.com/lumen/api.git (push)`, t); },
  (r) => { const t = mixed(r, 32); return c(`$ pip config list\nglobal.index-url='https://__token__:${t}@pkgs.lumen.dev/simple/'`, t); },
  (r) => { const p = urlSafePassword(r); return c(`# requirements.txt\n--extra-index-url https://deploy:${p}@nexus.lumen.dev/repository/pypi/simple\nrequests==2.32.3`, p); },
  (r) => { const sig = hexOf(r, 64); return c(`Presigned URL (valid 7 days): https://lumen-exports.s3.eu-west-1.amazonaws.com/q3.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${T.awsKeyId(r)}%2F20261125%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261125T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=${sig}`, sig); },
  (r) => { const sig = encodeURIComponent(b64Bytes3(r)); return c(`https://stlumenprod.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=rwdlac&se=2027-01-01T00:00:00Z&spr=https&sig=${sig}`, sig); },
  (r) => { const p = urlSafePassword(r); return c(`[remote "origin"]\n\turl = https://ci-bot:${p}@gitlab.lumen.dev/platform/infra.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*`, p); },
  (r) => { const p = urlSafePassword(r); return c(`proxy: http://corp-user:${p}@proxy.lumen.dev:3128\n# ~/.condarc`, p); },
  (r) => { const t = mixed(r, 40); return c(`GET https://api.lumen.dev/v1/export?format=csv&access_token=${t} -> 200 (1.2 MB)`, t); },
  (r) => { const p = urlSafePassword(r); return c(`$ go env GOPROXY GONOSUMDB\nhttps://ci:${p}@athens.lumen.dev,direct\ngithub.com/lumen/*`, p); },
  (r) => { const p = urlSafePassword(r); return c(`smtp_url = "smtps://alerts%40lumen.dev:${p}@smtp.mailgun.org:465"`, p); },
  (r) => { const p = urlSafePassword(r); return c(`ftp://backup:${p}@files.lumen.dev/nightly/`, p); },
]);

const encoded = anyOf('encoded-secrets', 18, [
  (r) => { const p = password(r); const e = b64(p); return c(`$ kubectl get secret db-creds -o yaml\napiVersion: v1\ndata:\n  password: ${e}\n  username: ${b64('app')}\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque`, e); },
  (r) => { const u = 'ci', p = urlSafePassword(r); const e = b64(`${u}:${p}`); return c(`$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.lumen.dev": { "auth": "${e}" }\n  }\n}`, e); },
  (r) => { const p = password(r); const e = encodeURIComponent(p + '@/'); return c(`DATABASE_URL=postgresql://app:${e}@${r.pick(HOSTS)}/app`, e); },
  (r) => { const k = T.stripe(r); const inner = JSON.stringify({ env: { STRIPE_SECRET_KEY: k } }); const e = JSON.stringify(inner).slice(1, -1); return c(`{"tool":"read_file","result":"${e}"}`, k); },
  (r) => { const t = T.slackBot(r); const e = b64(JSON.stringify({ token: t, channel: 'C0123' })); return c(`$ echo $SLACK_CONFIG_B64\n${e}`, e); },
  (r) => { const p = urlSafePassword(r); const e = b64(p); return c(`# values.yaml (rendered)\nsecrets:\n  redisPassword: ${e}   # base64`, e); },
  (r) => { const t = T.openai(r); const e = b64(`OPENAI_API_KEY=${t}\n`); return c(`$ gh secret list --json name\n$ cat .env | base64 -w0\n${e}`, e); },
  (r) => { const p = urlSafePassword(r); const e = JSON.stringify(JSON.stringify({ username: 'svc', password: p })).slice(1, -1); return c(`"request": {"method":"POST","url":"https://auth.lumen.dev/login","body": "${e}"}`, p); },
  (r) => { const p = urlSafePassword(r); const e = b64(`admin:${p}`); return c(`- name: Call Jenkins\n  run: curl -H "Authorization: Basic ${e}" https://ci.lumen.dev/job/deploy/build`, e); },
  (r) => { const id = T.awsKeyId(r), s = T.awsSecret(r); const e = b64(JSON.stringify({ accessKeyId: id, secretAccessKey: s })); return c(`$ terraform output -raw ci_credentials_b64\n${e}`, e); },
]);

const chatProse = anyOf('chat-and-prose', 18, [
  (r) => { const k = T.openai(r); return c(`User: it still says 401. here's the key I'm using: ${k} — can you check the format?`, k); },
  (r) => { const k = T.stripe(r); return c(`I've added the key to \`config/stripe.yml\` as \`${k}\` and restarted the worker; the charge now succeeds.`, k); },
  (r) => { const p = password(r).replace(/`/g, ''); return c(`Mein Datenbank-Passwort ist ${p} – kannst du die Verbindung testen?`, p); },
  (r) => { const p = password(r).replace(/`/g, ''); return c(`Le mot de passe du compte admin est « ${p} », essaie de te connecter avec.`, p); },
  (r) => { const p = urlSafePassword(r); return c(`La contraseña de la base de datos es ${p}, úsala en el .env por favor`, p); },
  (r) => { const k = T.anthropic(r); return c(`> user\nuse this key for now, I'll rotate it later: ${k}`, k); },
  (r) => { const t = T.ghp(r); return c(`Done. I pushed the branch using the token you gave me (${t}). You may want to revoke it now that the push succeeded.`, t); },
  (r) => { const p = urlSafePassword(r); return c(`数据库密码是 ${p}，请帮我更新配置文件。`, p); },
  (r) => { const p = urlSafePassword(r); return c(`パスワードは ${p} です。ステージング環境にログインしてください。`, p); },
  (r) => { const k = T.sendgrid(r); return c(`the sendgrid key is ${k}\nplease wire it into the mailer`, k); },
  (r) => { const p = urlSafePassword(r); return c(`A senha do servidor é ${p} (usuário root).`, p); },
  (r) => { const p = urlSafePassword(r); return c(`Пароль от сервера: ${p}`, p); },
  (r) => { const k = T.hfToken(r); return c(`I set \`HF_TOKEN=${k}\` in your shell profile so the download script can fetch the gated model.`, k); },
]);

export const SECRET_CATEGORIES: CategoryGen[] = [
  cloud, sourceHosting, cicd, payments, messaging, ai, observability, databases, privateKeys, generic, cliArgs,
  httpAuth, urlCreds, encoded, chatProse,
];
/** Categories whose text is a chat message or prose (no file-view frames). */
export const PROSE_SECRET = new Set(['chat-and-prose']);
