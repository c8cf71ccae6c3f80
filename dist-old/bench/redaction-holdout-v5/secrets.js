/**
 * Secret cases: each category is one place where a coding agent meets a credential (a command's
 * output, a tool call's arguments, a diff, a log line, the user's or the agent's own words).
 */
import { b64, DIGITS, defineCorpusCategory, LOWER } from '../corpus-kit.js';
import { ALNUM, hexOf, hostName, isoTime, mixed, password, randomBytes, slug } from './rng.js';
import { interleave, jsonToolResult, plainEnv, shell, toolCall } from './session.js';
import { awsKeyId, credential, credentialOf, prefixedCredential } from './vendors.js';
const creds = (rng, n) => {
    const out = new Map();
    while (out.size < n) {
        const c = credential(rng);
        if (!out.has(c.env))
            out.set(c.env, c);
    }
    return [...out.values()];
};
const values = (cs) => cs.map((c) => c.value);
/** A password that may sit in a URI unescaped. */
const uriPassword = (rng) => mixed(rng, rng.int(14, 24)) + rng.pick(['', '-', '_']) + mixed(rng, rng.int(2, 6));
const user = (rng) => rng.pick(['app', 'admin', 'postgres', 'deploy', 'svc_orders', 'readonly', 'root', 'etl']);
const envDump = defineCorpusCategory('env-dump', 24, (rng) => {
    const secret = creds(rng, rng.int(1, 3));
    const lines = interleave(rng, plainEnv(rng, rng.int(5, 10)), secret.map((c) => [c.env, c.value]));
    const command = rng.pick(['env', 'printenv', 'env | sort', 'set', 'export -p', 'docker exec web env', 'kubectl exec deploy/api -- env']);
    const render = command === 'export -p' ? ([k, v]) => `declare -x ${k}="${v}"` : command === 'set' ? ([k, v]) => `${k}='${v}'` : ([k, v]) => `${k}=${v}`;
    return { text: shell(command, lines.map(render).join('\n')), targets: values(secret) };
});
const dockerInspect = defineCorpusCategory('docker-inspect', 18, (rng) => {
    const secret = creds(rng, rng.int(1, 2));
    const env = interleave(rng, plainEnv(rng, rng.int(3, 6)).map(([k, v]) => `${k}=${v}`), secret.map((c) => `${c.env}=${c.value}`));
    const config = { Hostname: rng.str('0123456789abcdef', 12), Image: `ghcr.io/acme/${slug(rng)}:${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 9)}`, Env: env, WorkingDir: '/app' };
    const text = rng.chance(0.5)
        ? shell(`docker inspect --format '{{json .Config}}' ${slug(rng)}`, JSON.stringify(config))
        : shell(`docker inspect ${slug(rng)}`, JSON.stringify([{ Id: hexOf(rng, 64), Created: isoTime(rng), Config: config }], null, 4));
    return { text, targets: values(secret) };
});
const kubectlSecretYaml = defineCorpusCategory('kubectl-secret-yaml', 18, (rng) => {
    const secret = creds(rng, rng.int(1, 3));
    const name = `${slug(rng)}-secrets`;
    const data = interleave(rng, [`  DB_HOST: ${b64(hostName(rng))}`], secret.map((c) => `  ${c.env}: ${b64(c.value)}`));
    const yaml = ['apiVersion: v1', 'data:', ...data, 'kind: Secret', 'metadata:', `  creationTimestamp: "${isoTime(rng)}"`, `  name: ${name}`, `  namespace: ${rng.pick(['default', 'prod', 'payments'])}`, `  resourceVersion: "${rng.int(10000, 9999999)}"`, `  uid: ${hexOf(rng, 8)}-${hexOf(rng, 4)}-${hexOf(rng, 4)}-${hexOf(rng, 4)}-${hexOf(rng, 12)}`, 'type: Opaque'];
    return { text: shell(`kubectl get secret ${name} -o yaml`, yaml.join('\n')), targets: secret.map((c) => b64(c.value)) };
});
const kubectlDescribePod = defineCorpusCategory('kubectl-describe-pod', 14, (rng) => {
    const secret = creds(rng, rng.int(1, 2));
    const pod = `${slug(rng)}-${rng.str(LOWER + DIGITS, 10)}-${rng.str(LOWER + DIGITS, 5)}`;
    const env = interleave(rng, plainEnv(rng, rng.int(2, 4)).map(([k, v]) => `      ${k}:  ${v}`), secret.map((c) => `      ${c.env}:  ${c.value}`));
    const text = [`Name:             ${pod}`, `Namespace:        ${rng.pick(['default', 'staging'])}`, 'Containers:', '  app:', `    Image:          registry.acme.io/${slug(rng)}:v${rng.int(1, 5)}.${rng.int(0, 40)}`, '    Port:           8080/TCP', '    State:          Running', '    Environment:', ...env, '    Mounts:', '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access (ro)'].join('\n');
    return { text: shell(`kubectl describe pod ${pod}`, text), targets: values(secret) };
});
const dotfiles = [
    (rng) => {
        const t = credentialOf(rng, 'npm').value;
        return { text: shell('cat ~/.npmrc', `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${t}\n@acme:registry=https://npm.pkg.github.com/`), targets: [t] };
    },
    (rng) => {
        const t = credentialOf(rng, 'pypi').value;
        return { text: shell('cat ~/.pypirc', `[distutils]\nindex-servers =\n    pypi\n\n[pypi]\n  username = __token__\n  password = ${t}`), targets: [t] };
    },
    (rng) => {
        const p = password(rng);
        return { text: shell('cat ~/.netrc', `machine ${hostName(rng)}\n  login ${user(rng)}\n  password ${p}`), targets: [p] };
    },
    (rng) => {
        const t = rng.chance(0.5) ? credentialOf(rng, 'github-classic').value : credentialOf(rng, 'gitlab').value;
        const host = t.startsWith('glpat') ? 'gitlab.com' : 'github.com';
        return { text: shell('cat ~/.git-credentials', `https://${rng.pick(['octo-dev', 'mkowalski', 'oauth2'])}:${t}@${host}`), targets: [t] };
    },
    (rng) => {
        const pass = uriPassword(rng);
        const auth = b64(`${user(rng)}:${pass}`);
        return { text: shell('cat ~/.docker/config.json', JSON.stringify({ auths: { [rng.pick(['https://index.docker.io/v1/', 'ghcr.io', 'registry.gitlab.com'])]: { auth } } }, null, '\t')), targets: [auth] };
    },
    (rng) => {
        const secret = credentialOf(rng, 'aws-secret').value;
        return { text: shell('cat ~/.aws/credentials', `[default]\naws_access_key_id = ${awsKeyId(rng)}\naws_secret_access_key = ${secret}\n\n[${slug(rng)}]\nrole_arn = arn:aws:iam::${rng.str(DIGITS, 12)}:role/deploy\nsource_profile = default`), targets: [secret] };
    },
    (rng) => {
        const token = `${mixed(rng, 6).toLowerCase()}.${mixed(rng, 16).toLowerCase()}`;
        const sa = rng.chance(0.5) ? `eyJhbGciOiJSUzI1NiIsImtpZCI6Ij${mixed(rng, 40)}.${Buffer.from(JSON.stringify({ iss: 'kubernetes/serviceaccount', sub: `system:serviceaccount:ci:${slug(rng)}` })).toString('base64url')}.${randomBytes(rng, 64).toString('base64url')}` : token;
        return { text: shell('cat ~/.kube/config', `apiVersion: v1\nclusters:\n- cluster:\n    server: https://${hostName(rng)}:6443\n  name: ${slug(rng)}\nusers:\n- name: ci\n  user:\n    token: ${sa}`), targets: [sa] };
    },
];
const catDotfiles = defineCorpusCategory('cat-dotfiles', 28, (rng) => rng.pick(dotfiles)(rng));
const paasCli = defineCorpusCategory('paas-cli', 20, (rng) => {
    const secret = creds(rng, rng.int(1, 3));
    switch (rng.int(0, 3)) {
        case 0: {
            const app = slug(rng);
            const rows = interleave(rng, [['DATABASE_SSL', 'true'], ['WEB_CONCURRENCY', '2']], secret.map((c) => [c.env, c.value]));
            return { text: shell(`heroku config -a ${app}`, `=== ${app} Config Vars\n${rows.map(([k, v]) => `${(k + ':').padEnd(26)}${v}`).join('\n')}`), targets: values(secret) };
        }
        case 1:
            return { text: shell('vercel env pull .env.local && cat .env.local', `Downloading \`development\` Environment Variables for ${slug(rng)}\n✅  Created .env.local file\n# Created by Vercel CLI\n${secret.map((c) => `${c.env}="${c.value}"`).join('\n')}\nVERCEL_ENV="development"`), targets: values(secret) };
        case 2: {
            const t = credentialOf(rng, rng.pick(['github-oauth', 'github-classic'])).value;
            return { text: shell('gh auth status -t', `github.com\n  ✓ Logged in to github.com account ${rng.pick(['octo-dev', 'lwirth', 'psanchez'])} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: ${t}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'`), targets: [t] };
        }
        default: {
            const rows = secret.map((c) => `│ ${c.env.padEnd(28)} │ ${c.value} │`);
            return { text: shell(`doppler secrets --config ${rng.pick(['dev', 'prd', 'stg'])}`, ['┌──────────────────────────────┬─────────┐', '│ NAME                         │ VALUE   │', ...rows, '└──────────────────────────────┴─────────┘'].join('\n')), targets: values(secret) };
        }
    }
});
const terraform = defineCorpusCategory('terraform', 16, (rng) => {
    const pw = password(rng);
    const key = credential(rng);
    if (rng.chance(0.5)) {
        const out = { db_endpoint: { sensitive: false, type: 'string', value: `${hostName(rng)}:5432` }, db_password: { sensitive: true, type: 'string', value: pw }, [`${key.env.toLowerCase()}`]: { sensitive: true, type: 'string', value: key.value } };
        return { text: shell('terraform output -json', JSON.stringify(out, null, 2)), targets: [pw, key.value] };
    }
    const state = { mode: 'managed', type: 'aws_db_instance', name: slug(rng).replace(/-/g, '_'), instances: [{ schema_version: 2, attributes: { engine: 'postgres', username: user(rng), password: pw, port: 5432 } }] };
    return { text: shell(`terraform state pull | jq '.resources[${rng.int(0, 9)}]'`, JSON.stringify(state, null, 2)), targets: [pw] };
});
const dbCli = defineCorpusCategory('db-cli', 22, (rng) => {
    const pw = uriPassword(rng);
    const host = hostName(rng);
    const db = slug(rng).replace(/-/g, '_');
    const [command, output] = rng.pick([
        [`psql "postgresql://${user(rng)}:${pw}@${host}:5432/${db}?sslmode=require" -c '\\dt'`, `          List of relations\n Schema |   Name   | Type  | Owner\n--------+----------+-------+-------\n public | orders   | table | app\n(1 row)`],
        [`PGPASSWORD=${pw} psql -h ${host} -U ${user(rng)} -d ${db}`, 'psql: error: connection to server failed: timeout expired'],
        [`mysql -h ${host} -u ${user(rng)} -p${pw} ${db} -e 'SHOW TABLES;'`, `mysql: [Warning] Using a password on the command line interface can be insecure.\n+------------------+\n| Tables_in_${db} |\n+------------------+\n| orders           |\n+------------------+`],
        [`mysql --user=${user(rng)} --password=${pw} --host=${host} ${db}`, `ERROR 2003 (HY000): Can't connect to MySQL server on '${host}:3306' (110)`],
        [`redis-cli -h ${host} -p 6379 -a ${pw} --no-auth-warning INFO keyspace`, `# Keyspace\ndb0:keys=${rng.int(10, 99999)},expires=${rng.int(0, 999)},avg_ttl=${rng.int(0, 999999)}`],
        [`redis-cli -u redis://default:${pw}@${host}:6380 PING`, 'PONG'],
        [`mongosh "mongodb+srv://${user(rng)}:${pw}@${slug(rng)}.${rng.str(LOWER + DIGITS, 5)}.mongodb.net/${db}?retryWrites=true"`, `Current Mongosh Log ID:\t${hexOf(rng, 24)}\nUsing MongoDB:\t\t7.0.${rng.int(1, 14)}`],
        [`mongodump --uri="mongodb://${user(rng)}:${pw}@${host}:27017/${db}?authSource=admin" --out=/tmp/dump`, `${isoTime(rng)}\twriting ${db}.orders to /tmp/dump/${db}/orders.bson\n${isoTime(rng)}\tdone dumping ${db}.orders (${rng.int(10, 9999)} documents)`],
    ]);
    return { text: rng.chance(0.5) ? toolCall(rng, command) : shell(command, output), targets: [pw] };
});
const curl = defineCorpusCategory('curl', 22, (rng) => {
    const c = prefixedCredential(rng);
    const host = rng.pick(['api.acme-logistics.io', 'internal.fernway.dev', 'api.stripe.com', 'api.github.com', 'hooks.northwind.app']);
    switch (rng.int(0, 4)) {
        case 0: return { text: toolCall(rng, `curl -sS -H "Authorization: Bearer ${c.value}" https://${host}/v1/${slug(rng)}`), targets: [c.value] };
        case 1: {
            const pw = password(rng).replace(/[$!&#%*~^@]/g, '');
            return { text: shell(`curl -u ${user(rng)}:${pw} https://${host}/api/health`, '{"status":"ok"}'), targets: [pw] };
        }
        case 2: {
            const secret = mixed(rng, rng.pick([32, 40, 48]));
            return { text: toolCall(rng, `curl -X POST https://${host}/oauth/token --data "grant_type=client_credentials&client_id=${mixed(rng, 20)}&client_secret=${secret}"`), targets: [secret] };
        }
        case 3: return { text: toolCall(rng, `curl -H 'x-api-key: ${c.value}' -H 'content-type: application/json' -d '{"limit":${rng.int(1, 100)}}' https://${host}/v2/query`), targets: [c.value] };
        default: {
            const key = mixed(rng, 32);
            return { text: shell(`curl "https://${host}/v1/forecast?lat=52.5&lon=13.4&api_key=${key}"`, `{"error":"rate limited","retry_after":${rng.int(1, 60)}}`), targets: [key] };
        }
    }
});
const gitRemote = defineCorpusCategory('git-remote', 14, (rng) => {
    const t = credentialOf(rng, rng.pick(['github-classic', 'github-fine-grained', 'github-app', 'gitlab'])).value;
    const host = t.startsWith('glpat') ? 'gitlab.com' : 'github.com';
    const repo = `${rng.pick(['acme', 'fernway', 'northwind'])}/${slug(rng)}.git`;
    const url = `https://${rng.pick(['x-access-token', 'oauth2', 'ci-bot', 'git'])}:${t}@${host}/${repo}`;
    return rng.chance(0.6)
        ? { text: shell('git remote -v', `origin\t${url} (fetch)\norigin\t${url} (push)`), targets: [t] }
        : { text: toolCall(rng, `git clone ${url} /tmp/${slug(rng)}`), targets: [t] };
});
const logConfig = defineCorpusCategory('log-config', 18, (rng) => {
    const pw = password(rng);
    const key = prefixedCredential(rng);
    const time = isoTime(rng);
    switch (rng.int(0, 2)) {
        case 0: return { text: `${time} INFO  app.config Loaded settings: {'debug': False, 'database': {'host': '${hostName(rng)}', 'user': '${user(rng)}', 'password': '${pw}'}, 'api_key': '${key.value}'}`, targets: [pw, key.value] };
        case 1: return { text: `[${time}] DEBUG config resolved {\n  env: 'production',\n  db: { host: '${hostName(rng)}', password: '${pw}' },\n  ${rng.pick(['apiKey', 'token', 'secretKey'])}: '${key.value}'\n}`, targets: [pw, key.value] };
        default: return { text: `Traceback (most recent call last):\n  File "/app/${slug(rng)}/client.py", line ${rng.int(20, 300)}, in connect\n    raise ConnectionError(f"auth failed for {self.settings!r}")\nConnectionError: auth failed for Settings(url='https://${hostName(rng)}', user='${user(rng)}', password='${pw}', token='${key.value}')`, targets: [pw, key.value] };
    }
});
const testFailure = defineCorpusCategory('test-failure', 16, (rng) => {
    const c = prefixedCredential(rng);
    const pw = password(rng);
    if (rng.chance(0.5)) {
        return { text: `FAILED tests/test_settings.py::test_loads_env - AssertionError: assert {'api_key': '${c.value}', 'db_password': '${pw}', 'region': 'eu-west-1'} == {'api_key': '${c.value}', 'region': 'eu-west-1'}\n  Left contains 1 more item:\n  {'db_password': '${pw}'}`, targets: [c.value, pw] };
    }
    return { text: ` FAIL  src/config.test.ts > reads secrets from env\nAssertionError: expected { apiKey: '${c.value}', …(1) } to deeply equal { apiKey: undefined }\n\n- Expected\n+ Received\n\n  Object {\n-   "apiKey": undefined,\n+   "apiKey": "${c.value}",\n+   "dbPassword": "${pw}",\n  }`, targets: [c.value, pw] };
});
const jsonEscaped = defineCorpusCategory('json-escaped', 18, (rng) => {
    const c = credential(rng);
    const pw = password(rng);
    const inner = rng.pick([
        () => ({ stdout: `${c.env}=${c.value}\nDB_PASSWORD=${pw}\n`, stderr: '', exit_code: 0 }),
        () => ({ file: '.env.production', content: `${c.env}="${c.value}"\nDB_PASSWORD="${pw}"\n` }),
        () => ({ secrets: [{ name: c.env, value: c.value }, { name: 'DB_PASSWORD', value: pw }] }),
    ])();
    return { text: jsonToolResult(rng, inner), targets: [c.value, pw] };
});
const diffHunks = defineCorpusCategory('diff-hunks', 20, (rng) => {
    const c = credential(rng);
    const camel = c.env.toLowerCase().replace(/_(.)/g, (_, x) => x.toUpperCase());
    const [file, before, line, after] = rng.pick([
        ['.env', 'LOG_LEVEL=info', `${c.env}=${c.value}`, 'PORT=8080'],
        ['.env.local', 'NEXT_PUBLIC_APP_URL=http://localhost:3000', `${c.env}="${c.value}"`, 'NEXT_TELEMETRY_DISABLED=1'],
        ['config/settings.py', 'DEBUG = False', `${c.env} = "${c.value}"`, 'ALLOWED_HOSTS = ["*"]'],
        ['docker-compose.yml', '    environment:', `      - ${c.env}=${c.value}`, '    ports:'],
        ['src/config.ts', 'export const config = {', `  ${camel}: '${c.value}',`, `  region: 'eu-west-1',`],
    ]);
    const start = rng.int(1, 60);
    const text = [`diff --git a/${file} b/${file}`, `index ${hexOf(rng, 7)}..${hexOf(rng, 7)} 100644`, `--- a/${file}`, `+++ b/${file}`, `@@ -${start},2 +${start},3 @@`, ` ${before}`, `+${line}`, ` ${after}`].join('\n');
    return { text, targets: [c.value] };
});
const grepHits = defineCorpusCategory('grep-hits', 18, (rng) => {
    const hits = creds(rng, rng.int(1, 2));
    const lines = hits.map((c) => `${rng.pick(['deploy/.env.staging', 'scripts/seed.sh', 'notebooks/explore.ipynb', 'src/legacy/client.js', 'infra/values-prod.yaml'])}:${rng.int(1, 400)}:${rng.pick([`export ${c.env}=${c.value}`, `    "${c.env}": "${c.value}",`, `const ${c.env} = "${c.value}";`, `  ${c.env.toLowerCase()}: ${c.value}`])}`);
    const noise = `src/config.ts:${rng.int(1, 99)}:  const key = process.env.${hits[0].env};`;
    return { text: shell(`grep -rn "${rng.pick(['KEY', 'TOKEN', 'SECRET', 'PASSWORD'])}" . --exclude-dir=node_modules`, interleave(rng, [noise], lines).join('\n')), targets: values(hits) };
});
const agentProse = defineCorpusCategory('agent-prose', 14, (rng) => {
    const c = prefixedCredential(rng);
    const text = rng.pick([
        `I found a hard-coded key in \`src/${slug(rng)}.ts\`: \`${c.value}\`. I'll move it to an environment variable and read it from \`process.env.${c.env}\` instead.`,
        `The request fails with 401 because the token \`${c.value}\` in \`.env\` has been revoked. You'll need to create a new one.`,
        `Done. I set \`${c.env}=${c.value}\` in \`.env.local\` as you asked; the dev server now starts without the warning.`,
    ]);
    return { text, targets: [c.value] };
});
const userPaste = defineCorpusCategory('user-paste', 16, (rng) => {
    const c = prefixedCredential(rng);
    const pw = password(rng);
    const text = rng.pick([
        `here's my key, use it for the test run: ${c.value}`,
        `ok use this token ${c.value} and push the branch`,
        `the staging db password is ${pw} , can you run the migration?`,
        `${c.env}=${c.value}\n\nthat's the one from the dashboard, put it in the .env`,
    ]);
    return { text, targets: text.includes(pw) ? [pw] : [c.value] };
});
/** The base64 lines of a PEM body, 64 characters each. */
function pemBody(bytes, width = 64) {
    return (bytes.toString('base64').match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join('\n');
}
const privateKeys = defineCorpusCategory('private-keys', 12, (rng) => {
    switch (rng.int(0, 2)) {
        case 0: {
            const body = pemBody(Buffer.concat([Buffer.from('openssh-key-v1\0', 'latin1'), randomBytes(rng, rng.pick([384, 400]))]), 70);
            return { text: shell('cat ~/.ssh/id_ed25519', `-----BEGIN OPENSSH PRIVATE KEY-----\n${body}\n-----END OPENSSH PRIVATE KEY-----`), targets: [body] };
        }
        case 1: {
            const body = pemBody(Buffer.concat([Buffer.from([0x30, 0x82, 0x04, rng.int(0xa0, 0xaf), 0x02, 0x01, 0x00]), randomBytes(rng, 600)]));
            return { text: shell(`cat certs/${slug(rng)}.key`, `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`), targets: [body] };
        }
        default: {
            const body = pemBody(Buffer.concat([Buffer.from([0x30, 0x82, 0x04, 0xbe, 0x02, 0x01, 0x00, 0x30, 0x0d]), randomBytes(rng, 700)]));
            const project = `${slug(rng)}-${rng.int(100000, 999999)}`;
            const json = { type: 'service_account', project_id: project, private_key_id: hexOf(rng, 40), private_key: `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`, client_email: `deployer@${project}.iam.gserviceaccount.com` };
            const shown = JSON.stringify(json, null, 2);
            return { text: shell('cat gcp-key.json', shown), targets: [body.replace(/\n/g, '\\n')] };
        }
    }
});
const awsPairs = defineCorpusCategory('aws-cli', 12, (rng) => {
    const id = awsKeyId(rng, true);
    const secret = mixed(rng, 40, ALNUM + '/+');
    const session = credentialOf(rng, 'aws-session').value;
    const out = { Credentials: { AccessKeyId: id, SecretAccessKey: secret, SessionToken: session, Expiration: isoTime(rng) }, AssumedRoleUser: { Arn: `arn:aws:sts::${rng.str(DIGITS, 12)}:assumed-role/deploy/ci` } };
    return { text: shell('aws sts assume-role --role-arn arn:aws:iam::' + rng.str(DIGITS, 12) + ':role/deploy --role-session-name ci', JSON.stringify(out, null, 4)), targets: [secret, session] };
});
export const SECRET_CATEGORIES = [envDump, dockerInspect, kubectlSecretYaml, kubectlDescribePod, catDotfiles, paasCli, terraform, dbCli, curl, gitRemote, logConfig, testFailure, jsonEscaped, diffHunks, grepHits, agentProse, userPaste, privateKeys, awsPairs];
//# sourceMappingURL=secrets.js.map