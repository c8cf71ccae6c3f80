/**
 * Text that holds nothing to remove, as agents see it: hashes, ids, digests, public keys, code that
 * reads a secret, references to a store, placeholders, already-redacted output, bots' addresses,
 * numbers of every kind, and the same commands as the secret cases run where nothing is secret.
 */
import { b64, defineCorpusCategory, DIGITS, HEX, LOWER, UPPER, uuid } from '../corpus-kit.js';
import { ALNUM, hexOf, hostName, isoTime, randomBytes, slug } from './rng.js';
import { plainEnv, shell, toolCall } from './session.js';
const none = (text) => ({ text, targets: [] });
const negative = (category, count, gen) => defineCorpusCategory(category, count, (rng) => none(gen(rng)));
const SUBJECTS = ['Fix flaky retry test', 'Add pagination to /orders', 'Refactor config loader', 'Bump vitest to 3.2', 'Document the upload flow', 'Drop Node 18 support', 'Cache compiled templates', 'Handle 429 from the API'];
const PACKAGES = ['react-dom', 'lodash.merge', '@types/node', 'vitest', 'esbuild', '@aws-sdk/client-s3', 'zod', 'typescript', 'prettier', 'undici'];
const ENVS = ['API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'STRIPE_SECRET_KEY', 'OPENAI_API_KEY', 'SLACK_BOT_TOKEN', 'JWT_SECRET', 'AWS_SECRET_ACCESS_KEY'];
const gitShas = negative('git-shas', 16, (rng) => {
    switch (rng.int(0, 2)) {
        case 0: return shell(`git log --oneline -${rng.int(3, 6)}`, Array.from({ length: rng.int(3, 6) }, () => `${hexOf(rng, 7)} ${rng.pick(SUBJECTS)}`).join('\n'));
        case 1: return shell('git rev-parse HEAD origin/main', `${hexOf(rng, 40)}\n${hexOf(rng, 40)}`);
        default: return shell(`git cherry-pick ${hexOf(rng, 12)}`, `[main ${hexOf(rng, 7)}] ${rng.pick(SUBJECTS)}\n Date: ${isoTime(rng)}\n ${rng.int(1, 9)} files changed, ${rng.int(1, 200)} insertions(+), ${rng.int(0, 80)} deletions(-)`);
    }
});
const lockfileIntegrity = negative('lockfile-integrity', 16, (rng) => {
    const pkg = rng.pick(PACKAGES);
    const version = `${rng.int(0, 19)}.${rng.int(0, 30)}.${rng.int(0, 12)}`;
    const sri = `sha512-${randomBytes(rng, 64).toString('base64')}`;
    switch (rng.int(0, 3)) {
        case 0: return shell(`grep -A3 '"node_modules/${pkg}"' package-lock.json`, `    "node_modules/${pkg}": {\n      "version": "${version}",\n      "resolved": "https://registry.npmjs.org/${pkg}/-/${pkg.split('/').pop()}-${version}.tgz",\n      "integrity": "${sri}",`);
        case 1: return `"${pkg}@^${version}":\n  version "${version}"\n  resolved "https://registry.yarnpkg.com/${pkg}/-/${pkg.split('/').pop()}-${version}.tgz#${hexOf(rng, 40)}"\n  integrity ${sri}`;
        case 2: return `[[package]]\nname = "${slug(rng).replace(/-/g, '_')}"\nversion = "${version}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${hexOf(rng, 64)}"`;
        default: return `  /${pkg}@${version}:\n    resolution: {integrity: ${sri}}\n    engines: {node: '>=18'}\n    dev: true`;
    }
});
const imageDigests = negative('image-digests', 16, (rng) => {
    const image = rng.pick(['node', 'python', 'postgres', 'nginx', 'ghcr.io/acme/api']);
    const digest = `sha256:${hexOf(rng, 64)}`;
    switch (rng.int(0, 2)) {
        case 0: return shell('docker images --digests', `REPOSITORY   TAG       DIGEST                                                                    IMAGE ID       CREATED\n${image.padEnd(12)} ${rng.pick(['20-alpine', '3.12-slim', '16', 'latest'])} ${digest}   ${hexOf(rng, 12)}   ${rng.int(2, 9)} days ago`);
        case 1: return shell(`docker pull ${image}:latest`, `latest: Pulling from ${image.includes('/') ? image.split('/').slice(1).join('/') : `library/${image}`}\nDigest: ${digest}\nStatus: Image is up to date for ${image}:latest`);
        default: return `FROM ${image}@${digest} AS build\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev`;
    }
});
const sriCsp = negative('sri-csp', 16, (rng) => {
    const nonce = randomBytes(rng, 16).toString('base64');
    return rng.pick([
        `<script src="https://cdn.jsdelivr.net/npm/${rng.pick(['alpinejs', 'htmx.org', 'chart.js'])}@${rng.int(1, 4)}.${rng.int(0, 9)}.${rng.int(0, 9)}/dist/cdn.min.js" integrity="sha384-${randomBytes(rng, 48).toString('base64')}" crossorigin="anonymous"></script>`,
        `content-security-policy: default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'sha256-${randomBytes(rng, 32).toString('base64')}'`,
        `<style nonce="${nonce}">body{margin:0}</style>`,
    ]);
});
const ksuid = (rng) => rng.str(DIGITS + UPPER + LOWER, 27);
const ulid = (rng) => `01${rng.str('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 24)}`;
const ids = negative('ids', 16, (rng) => rng.pick([
    () => `${isoTime(rng)} INFO request_id=${uuid(rng)} trace_id=${hexOf(rng, 32)} span_id=${hexOf(rng, 16)} method=GET path=/v1/orders status=200 duration_ms=${rng.int(2, 900)}`,
    () => JSON.stringify({ id: ulid(rng), parentId: ulid(rng), createdAt: isoTime(rng) }),
    () => `segment ${ksuid(rng)} committed (${rng.int(10, 9999)} events)`,
    () => `db.orders.find({ _id: ObjectId("${hexOf(rng, 24)}") })`,
    () => shell('kubectl get pods -o name', Array.from({ length: 3 }, () => `pod/${slug(rng)}-${rng.str(LOWER + DIGITS, 10)}-${rng.str(LOWER + DIGITS, 5)}`).join('\n')),
])());
const checksumFiles = negative('checksum-files', 16, (rng) => {
    const name = rng.pick(['atx-linux-x64.tar.gz', 'node-v22.11.0-darwin-arm64.tar.xz', 'terraform_1.9.8_linux_amd64.zip', 'release.tgz']);
    return rng.pick([
        () => shell(`sha256sum ${name}`, `${hexOf(rng, 64)}  ${name}`),
        () => shell('cat SHA256SUMS', `${hexOf(rng, 64)}  ${name}\n${hexOf(rng, 64)}  ${name.replace('linux', 'windows')}`),
        () => shell(`md5sum ${name}`, `${hexOf(rng, 32)}  ${name}`),
        () => `golang.org/x/${rng.pick(['net', 'sys', 'text', 'crypto'])} v0.${rng.int(10, 40)}.0 h1:${randomBytes(rng, 32).toString('base64')}`,
    ])();
});
const base64Assets = negative('base64-assets', 16, (rng) => rng.pick([
    () => `.icon-${slug(rng)} { background-image: url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ${randomBytes(rng, rng.int(90, 160)).toString('base64')}"); }`,
    () => `@font-face {\n  font-family: "Inter";\n  src: url(data:font/woff2;base64,d09GMgABAAAAA${randomBytes(rng, rng.int(120, 200)).toString('base64')}) format("woff2");\n}`,
    () => `export const PLACEHOLDER = "data:image/webp;base64,UklGR${randomBytes(rng, rng.int(60, 120)).toString('base64')}";`,
])());
const minifiedJs = negative('minified-js', 16, (rng) => {
    const v = () => rng.str(LOWER, 1) + rng.str(LOWER + UPPER + DIGITS, rng.int(0, 1));
    return rng.pick([
        () => `!function(${v()},${v()}){"use strict";var ${v()}=${rng.int(1, 999)},${v()}=function(${v()}){return ${v()}.map(function(${v()}){return ${v()}.id})};${v()}.exports={v:"${rng.int(1, 9)}.${rng.int(0, 9)}.${rng.int(0, 9)}",k:${v()}}}(this,window);`,
        () => `{"version":3,"sources":["../src/${slug(rng)}.ts"],"names":["${v()}","${v()}"],"mappings":"${Array.from({ length: rng.int(8, 16) }, () => rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', rng.int(4, 8))).join(rng.pick([',', ';']))}"}`,
        () => `//# sourceMappingURL=data:application/json;base64,${b64(JSON.stringify({ version: 3, sources: [`src/${slug(rng)}.tsx`], mappings: 'AAAA,SAAS' }))}`,
    ])();
});
const codeReadingSecrets = negative('code-reading-secrets', 16, (rng) => {
    const env = rng.pick(ENVS);
    return rng.pick([
        `const ${rng.pick(['apiKey', 'token', 'secret'])} = process.env.${env} ?? '';`,
        `${env.toLowerCase()} = os.environ["${env}"]`,
        `password = os.getenv("${env}")`,
        `token := os.Getenv("${env}")`,
        `let key = std::env::var("${env}").expect("${env} must be set");`,
        `const secret = await client.send(new GetSecretValueCommand({ SecretId: "${slug(rng)}/${env.toLowerCase()}" }));`,
        `secret = client.access_secret_version(name=f"projects/{project}/secrets/${env.toLowerCase()}/versions/latest")`,
        `password = getpass.getpass("Password for ${slug(rng)}: ")`,
        shell(`aws secretsmanager get-secret-value --secret-id prod/${slug(rng)} --query SecretString --output text | jq -r .username`, rng.pick(['app', 'readonly', 'svc_orders'])),
    ]);
});
const secretReferences = negative('secret-references', 16, (rng) => {
    const env = rng.pick(ENVS);
    return rng.pick([
        `        env:\n          ${env}: \${{ secrets.${env} }}`,
        `${env}=op://${rng.pick(['Engineering', 'Private', 'CI'])}/${slug(rng)}/credential`,
        `spring.datasource.password=\${vault:secret/data/${slug(rng)}#password}`,
        `            - name: ${env}\n              valueFrom:\n                secretKeyRef:\n                  name: ${slug(rng)}-secrets\n                  key: ${env.toLowerCase()}`,
        `"SecretArn": "arn:aws:secretsmanager:${rng.pick(['us-east-1', 'eu-central-1'])}:${rng.str(DIGITS, 12)}:secret:${slug(rng)}-${rng.str(ALNUM, 6)}"`,
        `password: {{ .Values.${slug(rng).replace(/-/g, '')}.password | quote }}`,
        `"${env.toLowerCase()}": "\${env:${env}}"`,
    ]);
});
const placeholders = negative('placeholders', 16, (rng) => {
    const env = rng.pick(ENVS);
    return rng.pick([
        `${env}=<your-${env.toLowerCase().replace(/_/g, '-')}>`,
        `export ${env}="\${${env}}"`,
        `${env}=xxxxxxxxxxxxxxxxxxxxxxxx`,
        `# .env.example\n${env}=changeme\nDB_HOST=localhost`,
        `curl -H "Authorization: Bearer YOUR_API_KEY_HERE" https://api.${slug(rng)}.io/v1/me`,
        `Set \`${env}\` to the value from your dashboard (it looks like \`sk-...\`).`,
        `${env}=REPLACE_ME`,
        `"${env.toLowerCase()}": "TODO"`,
    ]);
});
const alreadyRedacted = negative('already-redacted', 16, (rng) => {
    const env = rng.pick(ENVS);
    return rng.pick([
        `${env}=[REDACTED]`,
        shell('gh auth status', `github.com\n  ✓ Logged in to github.com account ${rng.pick(['octo-dev', 'lwirth'])} (keyring)\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'`),
        `${env}=********`,
        shell(`heroku config:get ${env} -a ${slug(rng)}`, '<hidden>'),
        `password: "{{REDACTED}}"`,
        `Authorization: Bearer ***`,
        shell('vercel env ls', `  name                 value               environments\n  ${env.padEnd(20)} Encrypted           Production, Preview`),
    ]);
});
function sshPublicKey(rng) {
    return rng.chance(0.5)
        ? `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${randomBytes(rng, 32).toString('base64').slice(0, 43)}`
        : `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${randomBytes(rng, 380).toString('base64').replace(/=+$/, '')}`;
}
const publicKeys = negative('public-keys', 16, (rng) => rng.pick([
    () => {
        const key = sshPublicKey(rng);
        return shell(`cat ~/.ssh/id_${key.startsWith('ssh-rsa') ? 'rsa' : 'ed25519'}.pub`, `${key} ${rng.pick(['dev@laptop', 'ci-deploy', 'runner@build-7'])}`);
    },
    () => shell('cat ~/.ssh/known_hosts | head -1', `github.com ${sshPublicKey(rng)}`),
    () => `-----BEGIN PUBLIC KEY-----\n${(Buffer.concat([Buffer.from([0x30, 0x59, 0x30, 0x13, 0x06, 0x07]), randomBytes(rng, 85)]).toString('base64').match(/.{1,64}/g) ?? []).join('\n')}\n-----END PUBLIC KEY-----`,
    () => `-----BEGIN CERTIFICATE-----\n${(Buffer.concat([Buffer.from([0x30, 0x82, 0x03]), randomBytes(rng, 400)]).toString('base64').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----`,
])());
const numbers = negative('numbers-and-addresses', 16, (rng) => rng.pick([
    () => `${isoTime(rng)} listening on http://${rng.pick(['192.0.2', '198.51.100', '203.0.113'])}.${rng.int(1, 254)}:${rng.pick([3000, 8080, 8443])} (pid ${rng.int(1000, 99999)})`,
    () => `Build #${rng.int(1000, 99999)} of ${slug(rng)} v${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 99)}+${rng.int(100, 9999)} finished in ${rng.int(1, 59)}m ${rng.int(0, 59)}s`,
    () => `inet6 2001:db8:${hexOf(rng, 4)}::${rng.int(1, 99)}/64 scope global`,
    () => `epoch=${rng.int(1_700_000_000, 1_800_000_000)} offset=${rng.int(100000, 9999999)} partition=${rng.int(0, 31)} lag=${rng.int(0, 5000)}`,
    () => shell('node --version && npm --version', `v${rng.int(18, 23)}.${rng.int(0, 19)}.${rng.int(0, 9)}\n${rng.int(9, 11)}.${rng.int(0, 9)}.${rng.int(0, 4)}`),
])());
const pathsPackages = negative('paths-and-packages', 16, (rng) => rng.pick([
    () => shell('npm ls --depth=0', `${slug(rng)}@${rng.int(0, 3)}.${rng.int(0, 9)}.0 /workspace/${slug(rng)}\n${rng.pickMany(PACKAGES, 3).map((p) => `├── ${p}@${rng.int(1, 19)}.${rng.int(0, 9)}.${rng.int(0, 9)}`).join('\n')}`),
    () => shell('pip list | head -4', `Package    Version\n---------- -------\n${rng.pick(['requests', 'pydantic-settings', 'python-dotenv'])} ${rng.int(1, 3)}.${rng.int(0, 30)}.${rng.int(0, 9)}\n${rng.pick(['boto3', 'keyring', 'cryptography'])} ${rng.int(1, 43)}.${rng.int(0, 9)}.${rng.int(0, 9)}`),
    () => shell(`find src -name '*${rng.pick(['secret', 'token', 'auth', 'credentials'])}*'`, `src/${rng.pick(['auth', 'lib', 'server'])}/${rng.pick(['secret-store', 'token-refresh', 'credentials-provider'])}.ts\nsrc/__tests__/${rng.pick(['secret-store', 'token-refresh'])}.test.ts`),
    () => `Error: ENOENT: no such file or directory, open '/home/dev/${slug(rng)}/config/${rng.pick(['secrets.yaml', 'credentials.json', 'token.txt'])}'`,
])());
const testOutput = negative('test-output', 16, (rng) => rng.pick([
    () => {
        const [files, passed, skipped] = [rng.int(1, 60), rng.int(10, 900), rng.int(0, 9)];
        return ` Test Files  ${files} passed (${files})\n      Tests  ${passed} passed | ${skipped} skipped (${passed + skipped})\n   Start at  ${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}\n   Duration  ${rng.int(1, 90)}.${rng.int(10, 99)}s`;
    },
    () => `========== ${rng.int(1, 400)} passed, ${rng.int(0, 9)} warnings in ${rng.int(1, 99)}.${rng.int(10, 99)}s ==========`,
    () => `PASS src/auth/token.test.ts (${rng.int(1, 9)}.${rng.int(100, 999)} s)\n  ✓ rejects an expired token (${rng.int(1, 90)} ms)\n  ✓ refreshes the secret before expiry (${rng.int(1, 90)} ms)`,
])());
const botEmails = negative('bot-and-doc-emails', 16, (rng) => rng.pick([
    () => `Co-Authored-By: Claude <noreply@anthropic.com>`,
    () => shell('git log -1 --format="%an <%ae>"', rng.pick(['dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>', 'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>', 'renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>'])) + ` ${hexOf(rng, 7)}`,
    () => `Merge pull request #${rng.int(10, 9999)} from ${rng.pick(['acme', 'fernway'])}/${rng.pick(['dependabot/npm_and_yarn', 'renovate'])}/${rng.pick(PACKAGES).replace('@', '')}-${rng.int(1, 9)}.${rng.int(0, 9)}.0\n\nSigned-off-by: dependabot[bot] <support@github.com>`,
    () => `# Usage: send a test e-mail to user${rng.int(1, 99)}@example.com or ${rng.pick(['alice', 'bob'])}@example.org`,
    () => `From: GitHub <noreply@github.com>\nSubject: [${slug(rng)}] Run failed: CI - main (${hexOf(rng, 7)})`,
])());
const colorsCss = negative('colors-and-css', 16, (rng) => {
    const c = () => `#${rng.str(HEX, rng.pick([3, 6, 8]))}`;
    return rng.pick([
        `:root {\n  --brand-${rng.int(100, 900)}: ${c()};\n  --surface: ${c()};\n  --shadow: 0 1px 2px ${c()};\n}`,
        `<div class="flex items-center gap-${rng.int(1, 8)} bg-[${c()}] text-[${c()}] px-${rng.int(1, 6)}">`,
        `theme: { colors: { primary: '${c()}', accent: '${c()}', muted: '${c()}' } }`,
    ]);
});
const longIdentifiers = negative('long-identifiers', 16, (rng) => rng.pick([
    () => `export function ${rng.pick(['validateWebhookSignatureAgainstSharedSecret', 'refreshAccessTokenIfExpiringWithinWindow', 'resolveCredentialsProviderChainForProfile'])}(${rng.pick(['req', 'opts', 'ctx'])}: ${rng.pick(['Request', 'Options', 'Context'])}) {`,
    () => `t('settings.integrations.${rng.pick(['slack', 'github', 'stripe'])}.apiTokenDescriptionPlaceholder_${rng.int(1, 9)}')`,
    () => `FEATURE_${rng.pick(['ENABLE_TOKEN_ROTATION_FOR_SERVICE_ACCOUNTS', 'USE_SECRET_MANAGER_BACKED_CONFIG', 'REQUIRE_PASSWORD_RESET_ON_FIRST_LOGIN'])}=${rng.pick(['true', 'false'])}`,
    () => `{"operationName":"${rng.pick(['GetRepository', 'ListOrders'])}","extensions":{"persistedQuery":{"version":1,"sha256Hash":"${hexOf(rng, 64)}"}}}`,
])());
const cleanEnv = negative('env-without-secrets', 16, (rng) => {
    const lines = plainEnv(rng, rng.int(6, 11)).map(([k, v]) => `${k}=${v}`);
    return shell(rng.pick(['env', 'printenv', 'env | sort', 'docker exec web env']), lines.join('\n'));
});
const cleanKube = negative('kube-and-docker-without-secrets', 16, (rng) => rng.pick([
    () => {
        const name = `${slug(rng)}-config`;
        return shell(`kubectl get configmap ${name} -o yaml`, `apiVersion: v1\ndata:\n  LOG_LEVEL: ${rng.pick(['info', 'debug'])}\n  FEATURE_FLAGS: new-checkout\n  UPSTREAM_URL: http://${slug(rng)}.svc.cluster.local:8080\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  uid: ${uuid(rng)}`);
    },
    () => shell(`docker inspect --format '{{json .Config.Env}}' ${slug(rng)}`, JSON.stringify(plainEnv(rng, rng.int(3, 6)).map(([k, v]) => `${k}=${v}`))),
    () => shell('kubectl get secrets', ['NAME                            TYPE                                  DATA   AGE', `${(slug(rng) + '-secrets').padEnd(32)}Opaque                                ${rng.int(1, 6)}      ${rng.int(1, 90)}d`, `default-token-${rng.str(LOWER + DIGITS, 5)}             kubernetes.io/service-account-token   3      ${rng.int(100, 400)}d`].join('\n')),
])());
const cleanCommands = negative('commands-without-credentials', 16, (rng) => rng.pick([
    () => toolCall(rng, `curl -sS -H 'Accept: application/vnd.github+json' https://api.github.com/repos/${rng.pick(['nodejs/node', 'vitejs/vite', 'python/cpython'])}/releases/latest`),
    () => {
        const url = `git@github.com:${rng.pick(['acme', 'fernway'])}/${slug(rng)}.git`;
        return shell('git remote -v', `origin\t${url} (fetch)\norigin\t${url} (push)`);
    },
    () => toolCall(rng, `psql -h localhost -U ${rng.pick(['postgres', 'app'])} -d ${slug(rng).replace(/-/g, '_')} -c 'select count(*) from orders'`),
    () => toolCall(rng, `redis-cli -h ${hostName(rng)} --scan --pattern 'session:*' | head`),
    () => shell('terraform output', `db_endpoint = "${hostName(rng)}:5432"\ndb_password = <sensitive>\nbucket = "${slug(rng)}-artifacts-${rng.int(100, 999)}"`),
])());
const proseAboutSecrets = negative('prose-about-secrets', 16, (rng) => rng.pick([
    `I'll read the token from \`process.env.${rng.pick(ENVS)}\` instead of hard-coding it, and add the variable to \`.env.example\` with an empty value.`,
    `The ${rng.pick(['API key', 'password', 'token'])} is never logged: the logger masks any field named like a secret before it writes the line.`,
    `Rotate the credentials in the ${rng.pick(['AWS', 'Stripe', 'GitHub'])} console, then update the secret in ${rng.pick(['Vault', '1Password', 'the CI settings'])}; nothing needs to change in the code.`,
    `I set up a simple layout for the ${slug(rng)} module and wrote a short README with the build steps.`,
    `Tests pass (${rng.int(10, 400)} passed). The key rotation job now runs every ${rng.int(2, 30)} days.`,
]));
const base64Text = negative('base64-of-plain-text', 16, (rng) => {
    const plain = rng.pick([`{"page":${rng.int(1, 99)},"per_page":${rng.pick([20, 50, 100])}}`, `cursor:${rng.int(1000, 999999)}`, `${slug(rng)}:v${rng.int(1, 9)}`, `{"sort":"created_at","order":"desc","after":${rng.int(1, 9999)}}`]);
    return rng.pick([
        `GET /v1/orders?cursor=${b64(plain)} 200 ${rng.int(3, 400)}ms`,
        `{"next_page_token":"${Buffer.from(plain).toString('base64url')}"}`,
        shell(`echo ${b64(plain)} | base64 -d`, plain),
    ]);
});
export const NEGATIVE_CATEGORIES = [gitShas, lockfileIntegrity, imageDigests, sriCsp, ids, checksumFiles, base64Assets, minifiedJs, codeReadingSecrets, secretReferences, placeholders, alreadyRedacted, publicKeys, numbers, pathsPackages, testOutput, botEmails, colorsCss, longIdentifiers, cleanEnv, cleanKube, cleanCommands, proseAboutSecrets, base64Text];
//# sourceMappingURL=negatives.js.map