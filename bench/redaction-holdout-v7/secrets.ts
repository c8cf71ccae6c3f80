/** Secrets as they reach an agent's log through an encoding or a carrier (one category each). */
import type { RandomDraws } from '../random.js';
import { ansi, base64, base64Wrapped, dumpRowsCovering, formEncode, hardWrap, hexdumpRows, htmlEscape, jsonEscape, jsonEscapeTimes, percentEncode, pythonRepr, quotedPrintable, shellSingleQuote, unicodeEscape, xxdRows } from './encode.js';
import { category, diffHeader, hex, isoTime, repoPath, service, syslogTime, type DrawnCase } from './kit.js';
import { awsKeyId, awsSecret, azureStorageKey, envKey, githubToken, hostName, jwt, password, slackToken, stripeKey, twilioAuthToken, userName, vendorToken } from './values.js';

const one = (text: string, target: string): DrawnCase => ({ text, targets: [target] });

function dotenv(rng: RandomDraws, secretLine: string): string {
  return [`NODE_ENV=production`, `PORT=${rng.int(3000, 9000)}`, secretLine, `LOG_LEVEL=${rng.pick(['info', 'debug', 'warn'])}`].join('\n') + '\n';
}

function kubeconfig(rng: RandomDraws): string {
  const cluster = rng.pick(['prod-eu', 'staging', 'ops-1']);
  return `apiVersion: v1\nkind: Config\nclusters:\n- name: ${cluster}\n  cluster:\n    server: https://${hex(rng, 8)}.gr7.eu-west-1.eks.amazonaws.com\nusers:\n- name: ${userName(rng)}\n  user:\n    token: ${jwt(rng)}\ncurrent-context: ${cluster}\n`;
}

export const SECRET_CATEGORIES = [
  category('json-double-escaped', 12, (rng) => {
    const pw = password(rng, '!#$%&*"\\/');
    const inner = JSON.stringify({ DATABASE_URL: `postgres://${userName(rng)}:${pw}@${hostName(rng)}:5432/app` });
    const text = JSON.stringify({ type: 'tool_result', tool_use_id: `toolu_${hex(rng, 24)}`, content: JSON.stringify({ stdout: inner, exit: 0 }) });
    return one(text, jsonEscapeTimes(pw, 3));
  }),
  category('url-query-encoded', 12, (rng) => {
    const token = rng.pick([awsSecret, azureStorageKey, jwt])(rng);
    const enc = percentEncode(token);
    return one(`GET https://${service(rng)}.example-corp.io/v2/export?format=csv&${rng.pick(['access_token', 'sig', 'api_key', 'token'])}=${enc}&page=${rng.int(1, 40)} HTTP/1.1 -> ${rng.pick([200, 403, 500])}`, enc);
  }),
  category('form-urlencoded-body', 12, (rng) => {
    const pw = password(rng);
    const cs = rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789~._-', 40);
    const body = `grant_type=password&username=${formEncode(`${userName(rng)}@acme-ops.net`)}&password=${formEncode(pw)}&client_id=${hex(rng, 12)}&client_secret=${formEncode(cs)}`;
    return { text: `> POST /oauth/token HTTP/1.1\n> Content-Type: application/x-www-form-urlencoded\n> Content-Length: ${body.length}\n>\n${body}`, targets: [formEncode(pw), formEncode(cs)] };
  }),
  category('base64-whole-file', 12, (rng) => {
    if (rng.chance(0.3)) {
      const blob = base64(kubeconfig(rng));
      return one(`$ base64 -w0 ~/.kube/config\n${blob}`, blob);
    }
    const blob = base64Wrapped(dotenv(rng, `${envKey(rng)}=${vendorToken(rng)}`));
    return one(`$ cat ${rng.pick(['.env', '.env.production', 'config/.env.local'])} | base64\n${blob}\n$ `, blob);
  }),
  category('k8s-secret-data', 12, (rng) => {
    const value = base64(rng.pick([vendorToken, password])(rng));
    return one(`$ kubectl get secret ${service(rng)}-creds -o yaml\napiVersion: v1\ndata:\n  ${rng.pick(['api-key', 'password', 'token', 'DB_PASSWORD'])}: ${value}\n  username: ${base64(userName(rng))}\nkind: Secret\nmetadata:\n  name: ${service(rng)}-creds\n  namespace: ${rng.pick(['prod', 'default', 'payments'])}\ntype: Opaque`, value);
  }),
  category('docker-config-auth', 12, (rng) => {
    const auth = base64(`${userName(rng)}:${rng.pick([githubToken, password])(rng)}`);
    const doc = JSON.stringify({ auths: { [rng.pick(['ghcr.io', 'registry.gitlab.com', 'index.docker.io/v1/', `${hex(rng, 12)}.dkr.ecr.eu-west-1.amazonaws.com`])]: { auth } } }, null, rng.pick([2, 4, 0]));
    return rng.chance(0.5) ? one(`$ cat ~/.docker/config.json\n${doc}`, auth) : one(`$ base64 -w0 ~/.docker/config.json\n${base64(doc)}`, base64(doc));
  }),
  category('percent-encoded-userinfo', 12, (rng) => {
    const pw = password(rng, '@:/?#%!');
    const enc = percentEncode(pw);
    const scheme = rng.pick(['postgresql', 'mongodb+srv', 'mysql', 'amqps', 'redis']);
    return one(`${rng.pick(['Connecting to', 'url:', 'DSN=', 'Using broker'])} ${scheme}://${userName(rng)}:${enc}@${hostName(rng)}/${rng.pick(['app', 'orders', 'vhost1', '0'])}`, enc);
  }),
  category('html-entities', 12, (rng) => {
    const key = rng.pick([stripeKey, slackToken, () => password(rng, '&<>"\'')])(rng);
    const enc = htmlEscape(key);
    return one(`<pre class="output">config = {&quot;${rng.pick(['api_key', 'secret', 'password'])}&quot;: &quot;${enc}&quot;, &quot;region&quot;: &quot;eu-west-1&quot;}</pre>`, enc);
  }),
  category('quoted-printable-mail', 12, (rng) => {
    const token = vendorToken(rng);
    const qp = quotedPrintable(`Hi team, the new ${rng.pick(['deploy', 'staging', 'CI'])} key is ${token} — please rotate the old one by Friday.`);
    const softBreaks = new RegExp([...token].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?:=\n)?'));
    const target = qp.match(softBreaks)?.[0] ?? token;
    return one(`Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\n${qp}`, target);
  }),
  category('shell-quoted', 12, (rng) => {
    const pw = `${password(rng)}'${rng.str('abcdefghXYZ0123', 6)}`;
    const quoted = shellSingleQuote(pw);
    return one(`+ ${rng.pick(['export DB_PASSWORD=', 'PGPASSWORD=', 'mysql -u root -p'])}${quoted}${rng.pick(['', ' psql -h db -U app', ' ./migrate.sh'])}`, quoted.slice(1, -1));
  }),
  category('unicode-escaped', 12, (rng) => {
    const token = vendorToken(rng);
    const enc = unicodeEscape(token);
    return one(`{"event":"config_loaded","${rng.pick(['apiKey', 'token', 'credential'])}":"${enc}","ts":"${isoTime(rng)}"}`, enc);
  }),
  category('hexdump-credentials', 12, (rng) => {
    const secret = awsSecret(rng);
    const file = `[default]\naws_access_key_id = ${awsKeyId(rng)}\naws_secret_access_key = ${secret}\nregion = eu-central-1\n`;
    const tool = rng.pick(['xxd', 'hexdump -C']);
    const rows = tool === 'xxd' ? xxdRows(file) : hexdumpRows(file);
    const start = file.indexOf(secret);
    return { text: `$ ${tool} ~/.aws/credentials\n${rows.join('\n')}`, targets: dumpRowsCovering(rows, start, start + secret.length) };
  }),
  category('crlf-windows', 12, (rng) => {
    const twilio = rng.chance(0.25);
    const token = twilio ? twilioAuthToken(rng) : vendorToken(rng);
    const user = rng.pick(['jdoe', 'm.ross', 'build', 'dev01']);
    return one(`PS C:\\Users\\${user}\\source\\repos\\${service(rng)}> type .env\r\nASPNETCORE_ENVIRONMENT=Development\r\n${twilio ? 'TWILIO_AUTH_TOKEN' : envKey(rng)}=${token}\r\nLogging__LogLevel__Default=Information\r\n`, token);
  }),
  category('git-diff-hunk', 12, (rng) => {
    const token = vendorToken(rng);
    const path = `${repoPath(rng)}/${rng.pick(['.env.example', 'settings.py', 'config.yml', 'app.config.ts'])}`;
    const sign = rng.pick(['+', '-']);
    return one(`${diffHeader(rng, path)}\n # shared settings\n ${rng.pick(['timeout', 'retries'])}: ${rng.int(1, 30)}\n${sign}${envKey(rng).toLowerCase()}: "${token}"\n debug: false`, token);
  }),
  category('curl-verbose-trace', 12, (rng) => {
    const token = rng.pick([jwt, vendorToken])(rng);
    return one(`*   Trying 10.0.${rng.int(0, 255)}.${rng.int(1, 254)}:443...\n* Connected to api.${service(rng)}.io port 443\n> GET /v1/${rng.pick(['users', 'invoices', 'repos'])} HTTP/2\n> Host: api.${service(rng)}.io\n> user-agent: curl/8.5.0\n> authorization: Bearer ${token}\n> accept: */*\n>\n< HTTP/2 200\n< content-type: application/json\n< x-request-id: ${hex(rng, 32)}`, token);
  }),
  category('har-entry', 12, (rng) => {
    const token = rng.pick([jwt, slackToken, stripeKey])(rng);
    const cookie = hex(rng, 48);
    const entry = { request: { method: 'POST', url: `https://app.${service(rng)}.io/api/graphql`, headers: [{ name: 'Authorization', value: `Bearer ${token}` }, { name: 'Cookie', value: `sessionid=${cookie}` }, { name: 'Accept', value: 'application/json' }] }, response: { status: 200 }, time: rng.int(20, 900) };
    return { text: `"entries": [${JSON.stringify(entry, null, rng.pick([0, 2]))}]`, targets: [token, cookie] };
  }),
  category('structured-log-line', 12, (rng) => {
    const pw = password(rng, '!#%*-_');
    const token = vendorToken(rng);
    return rng.chance(0.5)
      ? { text: `{"level":"debug","time":"${isoTime(rng)}","msg":"loaded config","config":{"db":{"host":"${hostName(rng)}","password":"${jsonEscape(pw)}"},"apiKey":"${token}"}}`, targets: [jsonEscape(pw), token] }
      : { text: `${syslogTime(rng)} ${service(rng)}-${hex(rng, 5)} app[${rng.int(100, 9999)}]: level=debug msg="client init" api_key=${token} db_password="${pw}"`, targets: [token, pw] };
  }),
  category('stack-trace-connection', 12, (rng) => {
    const pw = password(rng, '!#*-_');
    const host = hostName(rng);
    return rng.chance(0.5)
      ? one(`Traceback (most recent call last):\n  File "/srv/app/db.py", line ${rng.int(10, 200)}, in connect\n    conn = psycopg2.connect(dsn)\npsycopg2.OperationalError: could not connect to server: Connection refused (dsn='postgresql://${userName(rng)}:${pw}@${host}:5432/app')`, pw)
      : one(`Exception in thread "main" java.sql.SQLException: Access denied for url jdbc:mysql://${host}:3306/shop?user=${userName(rng)}&password=${pw}\n\tat com.mysql.cj.jdbc.ConnectionImpl.<init>(ConnectionImpl.java:${rng.int(100, 900)})`, pw);
  }),
  category('repl-repr', 12, (rng) => {
    const pw = `${password(rng)}'${rng.str('abcxyz', 4)}\\${rng.str('0123', 3)}`;
    const token = vendorToken(rng);
    return rng.pick([
      () => ({ text: `>>> settings.DATABASES['default']\n{'ENGINE': 'django.db.backends.postgresql', 'NAME': 'app', 'USER': '${userName(rng)}', 'PASSWORD': ${pythonRepr(pw)}, 'HOST': '${hostName(rng)}'}`, targets: [pythonRepr(pw).slice(1, -1)] }),
      () => ({ text: `irb(main):00${rng.int(1, 9)}:0> Rails.application.credentials.config\n=> {:secret_key_base=>"${hex(rng, 128)}", :stripe=>{:api_key=>"${token}"}}`, targets: [token] }),
      () => ({ text: `> config\n{ region: 'eu-west-1', apiKey: '${token}', retries: ${rng.int(1, 5)} }`, targets: [token] }),
    ])();
  }),
  category('env-dump', 12, (rng) => {
    const token = vendorToken(rng);
    const key = rng.pick(['GITHUB_TOKEN', 'NPM_TOKEN', 'OPENAI_API_KEY', 'SLACK_BOT_TOKEN', 'STRIPE_API_KEY']);
    return one(rng.pick([
      `$ export -p\ndeclare -x HOME="/home/dev"\ndeclare -x ${key}="${token}"\ndeclare -x LANG="en_US.UTF-8"`,
      `$ printenv | sort\nHOME=/root\nHOSTNAME=${hex(rng, 12)}\n${key}=${token}\nPATH=/usr/local/bin:/usr/bin`,
      `C:\\> set\nCOMPUTERNAME=BUILD-${rng.int(10, 99)}\n${key}=${token}\nOS=Windows_NT`,
    ]), token);
  }),
  category('inspect-and-state-json', 12, (rng) => {
    const token = vendorToken(rng);
    const pw = password(rng, '!#*-_');
    return rng.pick([
      () => ({ text: `$ docker inspect ${service(rng)}\n[{"Id":"${hex(rng, 64)}","Config":{"Env":["PATH=/usr/local/bin","${envKey(rng)}=${token}","DB_PASSWORD=${pw}"]}}]`, targets: [token, pw] }),
      () => ({ text: `$ terraform show -json | jq .values.root_module.resources[0]\n{"address":"aws_db_instance.main","values":{"username":"${userName(rng)}","password":"${pw}","engine":"postgres"}}`, targets: [pw] }),
      () => ({ text: `$ pulumi stack export --show-secrets\n{"deployment":{"resources":[{"urn":"urn:pulumi:prod::${service(rng)}::config","outputs":{"apiToken":"${token}","dbPassword":"${pw}"}}]}}`, targets: [token, pw] }),
    ])();
  }),
  category('ci-log-ansi', 12, (rng) => {
    const token = vendorToken(rng);
    return one(`${isoTime(rng)} ${ansi(36, '##[group]')}Run ./deploy.sh\n${isoTime(rng)} ${ansi(33, 'env:')}\n${isoTime(rng)}   ${envKey(rng)}: ${ansi(32, token)}\n${isoTime(rng)} ${ansi(90, `deploy finished in ${rng.int(2, 90)}s`)}`, token);
  }),
  category('markdown-table-and-fence', 12, (rng) => {
    const token = vendorToken(rng);
    const key = awsSecret(rng);
    return rng.chance(0.5)
      ? { text: `| Service | Key |\n| --- | --- |\n| ${service(rng)} | \`${token}\` |\n| ${service(rng)} | see vault |`, targets: [token] }
      : { text: `Here is the profile I used:\n\n\`\`\`ini\n[${rng.pick(['default', 'prod', 'ops'])}]\naws_access_key_id = ${awsKeyId(rng)}\naws_secret_access_key = ${key}\n\`\`\``, targets: [key] };
  }),
  category('quoted-mail-chat', 12, (rng) => {
    const pw = password(rng, '!#*-_');
    const depth = rng.pick(['> ', '> > ', '>> ']);
    return one(`On ${rng.pick(['Tue', 'Wed', 'Thu'])}, ${rng.pick(['Dana', 'Ops', 'Marco'])} wrote:\n${depth}the ${rng.pick(['staging', 'VPN', 'admin panel'])} login is ${userName(rng)} / ${pw}\n${depth}don't share it outside the team\n\nThanks, it works.`, pw);
  }),
  category('wrapped-columns', 12, (rng) => {
    const token = rng.pick([jwt, azureStorageKey, () => slackToken(rng) + hex(rng, 40)])(rng);
    const width = rng.pick([76, 80]);
    const line = `${rng.pick(['export', 'const'])} ${envKey(rng)}=${token}`;
    const wrapped = hardWrap(line, width);
    const start = wrapped.indexOf(token.slice(0, 6));
    return one(`${wrapped}\n`, wrapped.slice(start));
  }),
  category('terminal-capture', 12, (rng) => {
    const token = vendorToken(rng);
    const n = rng.int(3, 140);
    return one(rng.chance(0.5)
      ? `  ${n - 1} │ import os\n  ${n} │ ${envKey(rng)} = "${token}"\n  ${n + 1} │ client = Client(${envKey(rng)})`
      : `dev@${service(rng)}:~/src$ echo $${envKey(rng)}\n${token}\ndev@${service(rng)}:~/src$ `, token);
  }),
];
