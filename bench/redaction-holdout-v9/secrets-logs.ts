/**
 * Secrets as real tools print them in the logs people paste into issues (see README.md for the
 * observed idiom behind each category and its source).
 */
import { b64, uuid } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';
import {
  anthropicKey,
  awsAccessKeyId,
  awsSecretKey,
  awsSessionToken,
  azureStorageKey,
  databricksToken,
  digitaloceanToken,
  discordBotToken,
  githubToken,
  gitlabToken,
  gitSha,
  googleApiKey,
  hex,
  HOSTS,
  huggingfaceToken,
  idiom,
  isoTime,
  jwt,
  logTime,
  mailgunKey,
  npmToken,
  openaiKey,
  ORGS,
  password,
  paste,
  privateIp,
  pyAddr,
  REPOS,
  requestId,
  sendgridKey,
  SERVICES,
  shopifyToken,
  slackBotToken,
  slackWebhookPath,
  stripeKey,
  telegramBotToken,
  twilioAuthToken,
  type PasteCategory,
} from './kit.js';

const user = (rng: RandomDraws) => rng.pick(['app', 'svc_orders', 'api_rw', 'etl', 'deploy', 'backend', 'reporting', 'django']);
const db = (rng: RandomDraws) => rng.pick(['orders', 'app_production', 'ledger', 'analytics', 'inventory', 'core']);

/** ioredis DEBUG, Python http.client, node-fetch style debug lines showing what the client sent. */
const clientDebugAuth = idiom(
  'client-debug-auth',
  17,
  (rng) => {
    const pw = password(rng);
    const host = `${privateIp(rng)}:6379`;
    const t = rng.int(0, 9);
    return paste(
      `with DEBUG=ioredis:* I get:\n\n  ioredis:redis status[${host}]: connecting -> connect +${t}ms\n  ioredis:redis write command[${host}]: 0 -> auth([ '${pw}' ]) +1ms\n  ioredis:redis write command[${host}]: 0 -> info([]) +0ms\n  ioredis:redis status[${host}]: connect -> ready +${t + 2}ms\n\nReplyError: WRONGPASS invalid username-password pair or user is disabled.\n    at parseError (/srv/${rng.pick(SERVICES)}/node_modules/redis-parser/lib/parser.js:179:12)`,
      pw,
    );
  },
  (rng) => {
    const key = rng.pick([openaiKey, anthropicKey, huggingfaceToken])(rng);
    const path = rng.pick(['/v1/chat/completions', '/v1/messages', '/api/models']);
    return paste(
      `Turned on http.client.HTTPConnection.debuglevel = 1, here's the exchange:\n\nsend: b'POST ${path} HTTP/1.1\\r\\nHost: api.example-llm.dev\\r\\nUser-Agent: python-requests/2.${rng.int(25, 32)}.${rng.int(0, 3)}\\r\\nAccept-Encoding: gzip, deflate\\r\\nAccept: */*\\r\\nConnection: keep-alive\\r\\nAuthorization: Bearer ${key}\\r\\nContent-Length: ${rng.int(80, 900)}\\r\\nContent-Type: application/json\\r\\n\\r\\n'\nreply: 'HTTP/1.1 429 Too Many Requests\\r\\n'\nheader: Date: Tue, 0${rng.int(1, 9)} Sep 2025 1${rng.int(0, 9)}:0${rng.int(0, 9)}:11 GMT\nheader: x-request-id: req_${hex(rng, 24)}`,
      key,
    );
  },
  (rng) => {
    const pw = password(rng);
    const u = user(rng);
    return paste(
      `[${isoTime(rng)}] DEBUG knex:client acquired connection from pool: __knexUid${rng.int(1, 40)}\n[${isoTime(rng)}] DEBUG pg connecting { host: '${rng.pick(HOSTS)}', port: 5432, user: '${u}', password: '${pw}', database: '${db(rng)}', ssl: false }\nError: password authentication failed for user "${u}"\n    at Parser.parseErrorMessage (node_modules/pg-protocol/dist/parser.js:287:98)`,
      pw,
    );
  },
);

/** Go programs that panic and print their config struct (`%+v`) or DSN. */
const goPanicConfig = idiom(
  'go-panic-config',
  17,
  (rng) => {
    const pw = password(rng);
    const g = rng.int(1, 40);
    return paste(
      `panic: connect: failed to connect to \`host=${rng.pick(HOSTS)} user=${user(rng)} database=${db(rng)}\`: server error (FATAL: password authentication failed (SQLSTATE 28P01))\n\nconfig was: &{Addr::8080 DB:{DSN:postgres://${user(rng)}:${pw}@${rng.pick(HOSTS)}:5432/${db(rng)}?sslmode=disable MaxConns:${rng.int(4, 50)}} LogLevel:debug}\n\ngoroutine ${g} [running]:\nmain.mustConnect(...)\n\t/src/cmd/server/main.go:${rng.int(30, 200)} +0x${hex(rng, 3)}\nmain.main()\n\t/src/cmd/server/main.go:${rng.int(20, 60)} +0x${hex(rng, 2)}\nexit status 2`,
      pw,
    );
  },
  (rng) => {
    const secret = rng.pick([stripeKey, sendgridKey, slackBotToken])(rng);
    return paste(
      `2025/0${rng.int(1, 9)}/1${rng.int(0, 9)} 0${rng.int(0, 9)}:1${rng.int(0, 9)}:4${rng.int(0, 9)} loaded config: {Port:${rng.int(3000, 9000)} Env:staging Notifier:{Provider:${rng.pick(['stripe', 'sendgrid', 'slack'])} APIKey:${secret} Timeout:10s} Workers:${rng.int(2, 16)}}\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x${hex(rng, 2)} pc=0x${hex(rng, 7)}]\n\ngoroutine 1 [running]:\ngithub.com/${rng.pick(ORGS)}/${rng.pick(REPOS)}/internal/notify.(*Client).Send(0x0, {0xc000${hex(rng, 6)}, 0x${hex(rng, 2)}})\n\t/build/internal/notify/client.go:${rng.int(40, 300)} +0x${hex(rng, 2)}`,
      secret,
    );
  },
  (rng) => {
    const pw = password(rng);
    return paste(
      `the service crashes on boot, log below (it prints the DSN, sorry):\n\n{"level":"fatal","ts":${1_750_000_000 + rng.int(0, 9_000_000)}.${rng.int(100, 999)},"caller":"db/open.go:${rng.int(20, 90)}","msg":"open database","dsn":"${user(rng)}:${pw}@tcp(${rng.pick(HOSTS)}:3306)/${db(rng)}?parseTime=true","error":"Error 1045 (28000): Access denied for user"}`,
      pw,
    );
  },
);

/** Spring Boot: the generated default password line, actuator /env and debug property dumps. */
const springBootStartup = idiom(
  'spring-boot-startup',
  17,
  (rng) => {
    const pw = uuid(rng);
    const pid = rng.int(1000, 60000);
    const t = logTime(rng);
    return paste(
      `${t}  INFO ${pid} --- [  restartedMain] c.${rng.pick(ORGS).replace('-', '')}.Application           : Started Application in ${rng.int(3, 19)}.${rng.int(100, 999)} seconds\n${t}  WARN ${pid} --- [  restartedMain] .s.s.UserDetailsServiceAutoConfiguration : \n\nUsing generated security password: ${pw}\n\nThis generated password is for development use only. Your security configuration must be updated before running your application in production.\n\nwhy can't I log in with user/that password from the ${rng.pick(['React', 'Angular', 'Vue'])} app?`,
      pw,
    );
  },
  (rng) => {
    const pw = password(rng);
    return paste(
      `GET /actuator/env returns this for the datasource (we exposed everything in dev):\n\n"applicationConfig: [classpath:/application-${rng.pick(['dev', 'local', 'docker'])}.yml]": {\n  "properties": {\n    "spring.datasource.url": { "value": "jdbc:postgresql://${rng.pick(HOSTS)}:5432/${db(rng)}", "origin": "class path resource [application.yml] - 3:10" },\n    "spring.datasource.username": { "value": "${user(rng)}" },\n    "spring.datasource.password": { "value": "${pw}", "origin": "class path resource [application.yml] - 5:15" }\n  }\n}`,
      pw,
    );
  },
  (rng) => {
    const key = rng.pick([stripeKey, mailgunKey, sendgridKey])(rng);
    const pid = rng.int(1000, 60000);
    return paste(
      `${logTime(rng)} DEBUG ${pid} --- [           main] o.s.b.c.c.ConfigDataEnvironment : Property 'app.mail.api-key' resolved from 'OriginTrackedMapPropertySource {name='Config resource 'class path resource [application.properties]''}' to '${key}'\n${logTime(rng)} ERROR ${pid} --- [           main] o.s.boot.SpringApplication : Application run failed\norg.springframework.beans.factory.BeanCreationException: Error creating bean with name 'mailClient'`,
      key,
    );
  },
);

/** ActiveRecord's SQL log with bind values, where a token column is written. */
const railsSqlBinds = idiom(
  'rails-sql-binds',
  17,
  (rng) => {
    const tok = rng.pick([() => githubToken(rng, 'gho'), () => shopifyToken(rng), () => slackBotToken(rng)])();
    const id = rng.int(1, 9999);
    return paste(
      `Started GET "/auth/${rng.pick(['github', 'shopify', 'slack'])}/callback?code=[FILTERED]&state=${hex(rng, 32)}" for 127.0.0.1 at 2025-0${rng.int(1, 9)}-1${rng.int(0, 9)} 1${rng.int(0, 9)}:2${rng.int(0, 9)}:0${rng.int(0, 9)} +0000\nProcessing by OmniauthCallbacksController#create as HTML\n  TRANSACTION (0.2ms)  BEGIN\n  Integration Create (1.${rng.int(0, 9)}ms)  INSERT INTO "integrations" ("account_id", "provider", "access_token", "created_at") VALUES ($1, $2, $3, $4) RETURNING "id"  [["account_id", ${id}], ["provider", "oauth"], ["access_token", "${tok}"], ["created_at", "2025-0${rng.int(1, 9)}-0${rng.int(1, 9)} 10:00:00"]]\n  TRANSACTION (0.9ms)  COMMIT\nCompleted 500 Internal Server Error in ${rng.int(40, 900)}ms`,
      tok,
    );
  },
  (rng) => {
    const key = rng.pick([stripeKey, twilioAuthToken, mailgunKey])(rng);
    return paste(
      `  Setting Update (0.${rng.int(3, 9)}ms)  UPDATE "settings" SET "value" = $1, "updated_at" = $2 WHERE "settings"."id" = $3  [["value", "${key}"], ["updated_at", "2025-0${rng.int(1, 9)}-2${rng.int(0, 8)} 08:1${rng.int(0, 9)}:33.${rng.int(100000, 999999)}"], ["id", ${rng.int(1, 80)}]]\n↳ app/services/settings_sync.rb:${rng.int(10, 90)}:in \`call'\nActiveRecord::RecordInvalid (Validation failed: Value is too long)`,
      key,
    );
  },
);

/** ansible-playbook -vvv printing module_args when no_log is not set. */
const ansibleModuleArgs = idiom(
  'ansible-module-args',
  17,
  (rng) => {
    const pw = password(rng);
    const host = rng.pick(['db01', 'web-02', 'pg-primary', '10.0.3.17', 'mysql-a']);
    return paste(
      `TASK [mysql : create application user] ***************************************\ntask path: /home/ops/playbooks/roles/mysql/tasks/main.yml:${rng.int(10, 80)}\n<${host}> ESTABLISH SSH CONNECTION FOR USER: ${rng.pick(['ansible', 'ubuntu', 'deploy'])}\nfatal: [${host}]: FAILED! => {"changed": false, "invocation": {"module_args": {"login_host": "localhost", "login_user": "root", "name": "${user(rng)}", "password": "${pw}", "priv": "${db(rng)}.*:ALL", "host": "%", "state": "present"}}, "msg": "unable to connect to database, check login_user and login_password are correct"}\n\nPLAY RECAP *********************************************************************\n${host}                       : ok=${rng.int(1, 9)}    changed=0    unreachable=0    failed=1`,
      pw,
    );
  },
  (rng) => {
    const tok = rng.pick([githubToken, gitlabToken, digitaloceanToken])(rng);
    return paste(
      `ok: [localhost] => {\n    "changed": false,\n    "invocation": {\n        "module_args": {\n            "url": "https://api.${rng.pick(['github.com', 'gitlab.com', 'digitalocean.com'])}/${rng.pick(['user/keys', 'v4/projects', 'v2/account'])}",\n            "method": "GET",\n            "headers": {\n                "Authorization": "token ${tok}"\n            },\n            "status_code": [200],\n            "return_content": true\n        }\n    },\n    "status": 401\n}`,
      tok,
    );
  },
);

/** `docker compose config` renders the interpolated environment, values included. */
const composeConfigRender = idiom(
  'compose-config-render',
  17,
  (rng) => {
    const pw = password(rng);
    const svc = rng.pick(SERVICES);
    return paste(
      `$ docker compose config\nname: ${rng.pick(REPOS)}\nservices:\n  ${svc}:\n    build:\n      context: /home/dev/${rng.pick(REPOS)}\n    environment:\n      NODE_ENV: production\n      POSTGRES_HOST: db\n      POSTGRES_PASSWORD: ${pw}\n      LOG_LEVEL: debug\n    ports:\n      - mode: ingress\n        target: ${rng.int(3000, 9000)}\n        published: "${rng.int(3000, 9000)}"\n        protocol: tcp\n\nthe container still says "password authentication failed"`,
      pw,
    );
  },
  (rng) => {
    const key = rng.pick([openaiKey, anthropicKey, googleApiKey])(rng);
    return paste(
      `\`docker compose config | grep -A3 environment\` shows the key does get through:\n\n    environment:\n      LLM_PROVIDER: ${rng.pick(['openai', 'anthropic', 'google'])}\n      LLM_API_KEY: ${key}\n      PORT: "${rng.int(3000, 9000)}"\n\nbut the app logs "missing API key" on startup.`,
      key,
    );
  },
);

/** kubectl describe / get -o yaml / create secret, with literal values. */
const kubectlSecretEnv = idiom(
  'kubectl-secret-and-env',
  17,
  (rng) => {
    const pw = password(rng);
    const enc = b64(pw);
    const name = `${rng.pick(SERVICES)}-db`;
    return paste(
      `$ kubectl get secret ${name} -n ${rng.pick(['prod', 'staging', 'default'])} -o yaml\napiVersion: v1\ndata:\n  password: ${enc}\n  username: ${b64(user(rng))}\nkind: Secret\nmetadata:\n  creationTimestamp: "${isoTime(rng).slice(0, 19)}Z"\n  name: ${name}\n  resourceVersion: "${rng.int(100000, 9999999)}"\n  uid: ${uuid(rng)}\ntype: Opaque`,
      enc,
    );
  },
  (rng) => {
    const key = rng.pick([stripeKey, sendgridKey, twilioAuthToken])(rng);
    const pod = `${rng.pick(SERVICES)}-${hex(rng, 10)}-${hex(rng, 5)}`;
    return paste(
      `kubectl describe pod ${pod}\n...\n    Environment:\n      PORT:             8080\n      PAYMENTS_API_KEY: ${key}\n      DB_PASSWORD:      <set to the key 'password' in secret '${rng.pick(SERVICES)}-db'>  Optional: false\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-${hex(rng, 5)} (ro)\nEvents:\n  Type     Reason   Age                From     Message\n  ----     ------   ----               ----     -------\n  Warning  BackOff  ${rng.int(1, 9)}m (x${rng.int(2, 40)} over ${rng.int(10, 50)}m)  kubelet  Back-off restarting failed container`,
      key,
    );
  },
  (rng) => {
    const pw = password(rng);
    return paste(
      `this is how I created it:\n\nkubectl create secret generic ${rng.pick(SERVICES)}-creds \\\n  --from-literal=username=${user(rng)} \\\n  --from-literal=password='${pw}' \\\n  -n ${rng.pick(['prod', 'staging', 'apps'])}\n\nand the pod still gets FailedMount.`,
      pw,
    );
  },
);

/** AWS CLI output and --debug lines carrying temporary or long-lived credentials. */
const awsCliOutput = idiom(
  'aws-cli-output',
  17,
  (rng) => {
    const secret = awsSecretKey(rng);
    const session = awsSessionToken(rng);
    return paste(
      `$ aws sts assume-role --role-arn arn:aws:iam::${rng.str('0123456789', 12)}:role/${rng.pick(['deploy', 'ci-runner', 'readonly'])} --role-session-name test\n{\n    "Credentials": {\n        "AccessKeyId": "${awsAccessKeyId(rng, 'ASIA')}",\n        "SecretAccessKey": "${secret}",\n        "SessionToken": "${session}",\n        "Expiration": "${isoTime(rng).slice(0, 19)}+00:00"\n    },\n    "AssumedRoleUser": {\n        "AssumedRoleId": "AROA${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 17)}:test"\n    }\n}`,
      secret,
      session,
    );
  },
  (rng) => {
    const session = awsSessionToken(rng);
    return paste(
      `${logTime(rng, ' ', ',')} - MainThread - botocore.endpoint - DEBUG - Making request for OperationModel(name=GetCallerIdentity) with params: {'url_path': '/', 'query_string': '', 'method': 'POST', 'headers': {'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', 'User-Agent': 'aws-cli/2.${rng.int(10, 22)}.${rng.int(0, 30)}', 'X-Amz-Security-Token': '${session}'}, 'body': {'Action': 'GetCallerIdentity', 'Version': '2011-06-15'}}\n${logTime(rng, ' ', ',')} - MainThread - botocore.hooks - DEBUG - Event request-created.sts.GetCallerIdentity: calling handler <function signal_not_transferring at ${pyAddr(rng)}>`,
      session,
    );
  },
  (rng) => {
    const secret = awsSecretKey(rng);
    return paste(
      `my ~/.aws/credentials (this is a throwaway IAM user):\n\n[default]\naws_access_key_id = ${awsAccessKeyId(rng)}\naws_secret_access_key = ${secret}\nregion = ${rng.pick(['us-east-1', 'eu-west-1', 'ap-southeast-2'])}\n\nand \`aws s3 ls --debug\` ends with SignatureDoesNotMatch.`,
      secret,
    );
  },
);

/** Tokens in git remote URLs: `git remote -v`, clone errors, .git/config. */
const gitRemoteUrlToken = idiom(
  'git-remote-url-token',
  17,
  (rng) => {
    const tok = githubToken(rng, rng.pick(['ghp', 'ghs'] as const));
    const org = rng.pick(ORGS);
    const repo = rng.pick(REPOS);
    return paste(
      `$ git remote -v\norigin\thttps://x-access-token:${tok}@github.com/${org}/${repo}.git (fetch)\norigin\thttps://x-access-token:${tok}@github.com/${org}/${repo}.git (push)\n$ git push origin HEAD\nremote: Permission to ${org}/${repo}.git denied to github-actions[bot].\nfatal: unable to access 'https://github.com/${org}/${repo}.git/': The requested URL returned error: 403`,
      tok,
    );
  },
  (rng) => {
    const tok = gitlabToken(rng);
    const org = rng.pick(ORGS);
    return paste(
      `Cloning into '${rng.pick(REPOS)}'...\nremote: HTTP Basic: Access denied. The provided password or token is incorrect or your account has 2FA enabled and you must use a personal access token instead of a password.\nfatal: Authentication failed for 'https://oauth2:${tok}@gitlab.com/${org}/${rng.pick(REPOS)}.git/'`,
      tok,
    );
  },
  (rng) => {
    const tok = githubToken(rng);
    return paste(
      `cat .git/config\n[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n[remote "origin"]\n\turl = https://${rng.pick(['dev', 'ci', 'builder'])}:${tok}@github.com/${rng.pick(ORGS)}/${rng.pick(REPOS)}.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main`,
      tok,
    );
  },
);

/** Jupyter / IPython tracebacks echo the cell's source, keys included. */
const jupyterTraceback = idiom(
  'jupyter-traceback',
  17,
  (rng) => {
    const key = rng.pick([openaiKey, anthropicKey, huggingfaceToken])(rng);
    const n = rng.int(2, 40);
    const line = rng.int(3, 9);
    return paste(
      `---------------------------------------------------------------------------\nAuthenticationError                       Traceback (most recent call last)\nCell In[${n}], line ${line}\n      1 from llm_client import Client\n      2 \n      3 client = Client(api_key="${key}")\n----> ${line} resp = client.complete(prompt=prompt, max_tokens=${rng.int(64, 2048)})\n\nFile ~/.venv/lib/python3.1${rng.int(0, 3)}/site-packages/llm_client/_base_client.py:${rng.int(900, 1100)}, in SyncAPIClient._request(self, cast_to, options, retries_taken, stream, stream_cls)\nAuthenticationError: Error code: 401`,
      key,
    );
  },
  (rng) => {
    const key = rng.pick([googleApiKey, databricksToken])(rng);
    const n = rng.int(2, 40);
    return paste(
      `KeyError                                  Traceback (most recent call last)\n<ipython-input-${n}-${hex(rng, 12)}> in <module>\n      4 API_KEY = '${key}'\n      5 rows = fetch(API_KEY, since='2025-0${rng.int(1, 9)}-01')\n----> 6 df = pd.DataFrame(rows['results'])\n\nKeyError: 'results'`,
      key,
    );
  },
);

/** curl -v and similar wire traces: the request headers as sent. */
const httpDebugTrace = idiom(
  'http-debug-trace',
  17,
  (rng) => {
    const tok = rng.pick([githubToken, digitaloceanToken, gitlabToken])(rng);
    return paste(
      `$ curl -v https://api.${rng.pick(['github.com', 'digitalocean.com', 'gitlab.com'])}/${rng.pick(['user', 'v2/droplets', 'api/v4/projects'])} -H "Authorization: Bearer ${tok}"\n*   Trying ${rng.int(100, 199)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}:443...\n* Connected to api (port 443)\n> GET /${rng.pick(['user', 'v2/droplets'])} HTTP/2\n> Host: api\n> User-Agent: curl/8.${rng.int(0, 9)}.${rng.int(0, 9)}\n> Accept: */*\n> Authorization: Bearer ${tok}\n>\n< HTTP/2 401\n< content-type: application/json\n< x-request-id: ${requestId(rng)}`,
      tok,
    );
  },
  (rng) => {
    const user = rng.pick(['api', 'admin', 'ci']);
    const pw = password(rng);
    const basic = b64(`${user}:${pw}`);
    return paste(
      `> POST /service/rest/v1/components?repository=${rng.pick(['maven-releases', 'npm-private', 'raw-hosted'])} HTTP/1.1\n> Host: nexus.${rng.pick(ORGS)}.internal\n> Authorization: Basic ${basic}\n> Content-Length: ${rng.int(1000, 90000)}\n> Content-Type: multipart/form-data; boundary=------------------------${hex(rng, 16)}\n>\n< HTTP/1.1 403 Forbidden\n< Date: Mon, 1${rng.int(0, 9)} Mar 2025 09:1${rng.int(0, 9)}:00 GMT`,
      basic,
    );
  },
);

/** Access logs that keep the query string, or a bot token in the path. */
const accessLogQueryToken = idiom(
  'access-log-query-token',
  17,
  (rng) => {
    const tok = telegramBotToken(rng);
    const ip = privateIp(rng);
    return paste(
      `${ip} - - [1${rng.int(0, 9)}/Oct/2025:0${rng.int(0, 9)}:2${rng.int(0, 9)}:1${rng.int(0, 9)} +0000] "POST /bot${tok}/sendMessage HTTP/1.1" 502 157 "-" "python-telegram-bot/2${rng.int(0, 1)}.${rng.int(0, 9)}"\n2025/10/1${rng.int(0, 9)} 0${rng.int(0, 9)}:2${rng.int(0, 9)}:1${rng.int(0, 9)} [error] ${rng.int(10, 40)}#${rng.int(10, 40)}: *${rng.int(1, 9999)} connect() failed (111: Connection refused) while connecting to upstream, client: ${ip}, server: _, request: "POST /bot${tok}/sendMessage HTTP/1.1", upstream: "http://127.0.0.1:${rng.int(8000, 8999)}/bot${tok}/sendMessage", host: "${privateIp(rng)}"`,
      tok,
    );
  },
  (rng) => {
    const tok = rng.pick([() => jwt(rng), () => hex(rng, 40), () => googleApiKey(rng)])();
    const param = rng.pick(['access_token', 'api_key', 'token', 'key']);
    return paste(
      `${privateIp(rng)} - - [0${rng.int(1, 9)}/Nov/2025:1${rng.int(0, 9)}:0${rng.int(0, 9)}:5${rng.int(0, 9)} +0000] "GET /api/v2/export?format=csv&${param}=${tok}&page=${rng.int(1, 9)} HTTP/1.1" 200 ${rng.int(1000, 900000)} "-" "${rng.pick(['curl/8.5.0', 'Go-http-client/1.1', 'axios/1.7.2'])}" rt=${rng.int(0, 3)}.${rng.int(100, 999)}`,
      tok,
    );
  },
);

/** Postgres / MySQL statement logs that record a password in clear. */
const postgresStatementLog = idiom(
  'postgres-statement-log',
  17,
  (rng) => {
    const pw = password(rng);
    const pid = rng.int(100, 99999);
    return paste(
      `${logTime(rng)} UTC [${pid}] postgres@${db(rng)} LOG:  statement: ALTER ROLE ${user(rng)} WITH LOGIN PASSWORD '${pw}';\n${logTime(rng)} UTC [${pid}] postgres@${db(rng)} LOG:  duration: 0.${rng.int(100, 999)} ms\n${logTime(rng)} UTC [${rng.int(100, 99999)}] ${user(rng)}@${db(rng)} FATAL:  password authentication failed for user "${user(rng)}"\n${logTime(rng)} UTC [${rng.int(100, 99999)}] DETAIL:  Connection matched file "/etc/postgresql/16/main/pg_hba.conf" line ${rng.int(90, 130)}: "host all all 0.0.0.0/0 scram-sha-256"`,
      pw,
    );
  },
  (rng) => {
    const pw = password(rng);
    return paste(
      `general_log is on, and this is what mysqld wrote:\n\n${isoTime(rng)}\t   ${rng.int(8, 400)} Connect\troot@localhost on  using Socket\n${isoTime(rng)}\t   ${rng.int(8, 400)} Query\tCREATE USER '${user(rng)}'@'%' IDENTIFIED BY '${pw}'\n${isoTime(rng)}\t   ${rng.int(8, 400)} Query\tGRANT ALL PRIVILEGES ON ${db(rng)}.* TO '${user(rng)}'@'%'`,
      pw,
    );
  },
);

/** Sentry events: breadcrumbs keep the full URL, request headers, or extra data. */
const sentryEventJson = idiom(
  'sentry-event-json',
  17,
  (rng) => {
    const key = rng.pick([googleApiKey, () => hex(rng, 32), mailgunKey])(rng);
    const [status, reason] = rng.pick([[403, 'Forbidden'], [429, 'Too Many Requests'], [500, 'Internal Server Error']] as const);
    return paste(
      `Raw event JSON from Sentry (trimmed):\n\n"breadcrumbs": {"values": [\n  {"type": "http", "category": "http", "level": "info", "timestamp": ${1_750_000_000 + rng.int(0, 9_000_000)}.${rng.int(100, 999)},\n   "data": {"method": "GET", "url": "https://maps.example-geo.com/geocode/json?address=${rng.pick(['Main+St', 'Station+Rd', 'Harbour+Way'])}&key=${key}", "status_code": ${status}, "reason": "${reason}"}},\n  {"type": "default", "category": "console", "level": "error", "message": "geocode failed"}\n]},\n"event_id": "${hex(rng, 32)}"`,
      key,
    );
  },
  (rng) => {
    const tok = jwt(rng, { role: rng.pick(['service_role', 'admin', 'internal']) });
    return paste(
      `"request": {\n  "url": "https://${rng.pick(SERVICES)}.example.app/api/sync",\n  "method": "POST",\n  "headers": [["Accept", "application/json"], ["Authorization", "Bearer ${tok}"], ["X-Request-Id", "${requestId(rng)}"]],\n  "env": {"SERVER_NAME": "${rng.pick(SERVICES)}-${rng.int(1, 9)}"}\n},\n"exception": {"values": [{"type": "TimeoutError", "value": "upstream timed out after 30s"}]}`,
      tok,
    );
  },
);

/** CI logs where the secret escaped masking: set -x traces, error messages, transformed values. */
const ciLogUnmasked = idiom(
  'ci-log-unmasked',
  17,
  (rng) => {
    const tok = rng.pick([githubToken, npmToken, gitlabToken])(rng);
    return paste(
      `${isoTime(rng)} ##[group]Run ./scripts/release.sh\n${isoTime(rng)} + VERSION=${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 30)}\n${isoTime(rng)} + curl -sf -H 'Authorization: token ${tok}' https://api.github.com/repos/${rng.pick(ORGS)}/${rng.pick(REPOS)}/releases\n${isoTime(rng)} curl: (22) The requested URL returned error: 404\n${isoTime(rng)} ##[error]Process completed with exit code 22.`,
      tok,
    );
  },
  (rng) => {
    const key = azureStorageKey(rng);
    return paste(
      `│ Error: building account: could not acquire access token: storage account key "${key}" rejected: AuthenticationFailed\n│ \n│   with azurerm_storage_container.${rng.pick(['assets', 'logs', 'backups'])},\n│   on main.tf line ${rng.int(10, 90)}, in resource "azurerm_storage_container" "${rng.pick(['assets', 'logs', 'backups'])}":\n│ ${rng.int(10, 90)}: resource "azurerm_storage_container" "${rng.pick(['assets', 'logs', 'backups'])}" {\n\nthe secret is masked everywhere else in the job log, only this error prints it.`,
      key,
    );
  },
  (rng) => {
    const hook = slackWebhookPath(rng);
    return paste(
      `Run curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy ${gitSha(rng).slice(0, 7)} done"}' $SLACK_WEBHOOK\n  curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy done"}' https://hooks.slack.com/services/${hook}\n  shell: /usr/bin/bash -e {0}\ninvalid_payload\nError: Process completed with exit code 1.`,
      hook,
    );
  },
  (rng) => {
    const tok = discordBotToken(rng);
    return paste(
      `bot.py crashed in the container, output:\n\nTraceback (most recent call last):\n  File "/app/bot.py", line ${rng.int(40, 200)}, in <module>\n    client.run("${tok}")\n  File "/usr/local/lib/python3.12/site-packages/discord/client.py", line ${rng.int(800, 900)}, in run\ndiscord.errors.PrivilegedIntentsRequired: Shard ID None is requesting privileged intents that have not been explicitly enabled`,
      tok,
    );
  },
);

export const LOG_SECRET_CATEGORIES: readonly PasteCategory[] = [
  clientDebugAuth,
  goPanicConfig,
  springBootStartup,
  railsSqlBinds,
  ansibleModuleArgs,
  composeConfigRender,
  kubectlSecretEnv,
  awsCliOutput,
  gitRemoteUrlToken,
  jupyterTraceback,
  httpDebugTrace,
  accessLogQueryToken,
  postgresStatementLog,
  sentryEventJson,
  ciLogUnmasked,
];

