/**
 * Hard negatives: text with nothing to remove, written to look like the places secrets live.
 * A negative is a false positive if the redacted text differs from the input at all.
 */
import { createHash } from 'node:crypto';
import { fileView, isoTime, logTime, person, PROJECTS, SERVICES, terminal } from './common.js';
import { ALNUM, B64, BASE32, BASE58, DIGITS, HEX, LOWER, mixed, privateIpv4, sha1, sha256hex, uuid } from './values.js';
const neg = (text) => ({ text, targets: [] });
const CONTEXT_PATHS = ['notes.md', 'scratch.txt', 'docs/notes.md', 'src/README.md', 'CHANGELOG.md'];
/**
 * One generator per category. Forms with fixed text would repeat verbatim; a repeat is presented
 * in another view (numbered file, terminal, chat fence) so that no two cases are identical.
 */
function category(name, count, forms) {
    // Keyed by the generator, so every run of the corpus starts afresh (the corpus makes one Rng per category).
    const seenBy = new WeakMap();
    return {
        category: name,
        count,
        gen: (rng) => {
            const seen = seenBy.get(rng) ?? new Set();
            seenBy.set(rng, seen);
            let text = rng.pick(forms)(rng);
            for (let i = 0; i < 6 && seen.has(text); i++)
                text = rng.pick(forms)(rng);
            while (seen.has(text))
                text = fileView(rng, rng.pick(CONTEXT_PATHS), text);
            seen.add(text);
            return neg(text);
        },
    };
}
const ENV_NAMES = ['GITHUB_TOKEN', 'STRIPE_SECRET_KEY', 'DB_PASSWORD', 'OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'SLACK_BOT_TOKEN', 'JWT_SECRET', 'NPM_TOKEN', 'DATABASE_URL', 'SENDGRID_API_KEY'];
const secretReads = category('code-reads-secret', 46, [
    (r) => fileView(r, 'cli/login.ts', `const password = await prompt("Password: ", { hidden: true });\nconst session = await api.login(user, password);`),
    (r) => fileView(r, 'scripts/release.py', `token = os.environ.get("${r.pick(ENV_NAMES)}")\nif not token:\n    sys.exit("missing token")`),
    (r) => fileView(r, 'src/secrets.ts', `const secret = await getSecret('${r.pick(SERVICES)}/api-key');\nconst client = new Client({ apiKey: secret });`),
    (r) => fileView(r, 'app.py', `api_key = config["api_key"]\npassword = settings.DATABASES["default"]["PASSWORD"]`),
    (r) => fileView(r, '.github/workflows/release.yml', `      - uses: actions/setup-node@v4\n        with:\n          registry-url: https://registry.npmjs.org\n      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}\n      - uses: ./deploy\n        with:\n          key: \${{ secrets.DEPLOY_KEY }}`),
    (r) => fileView(r, 'src/stripe.js', `const stripe = require('stripe')(process.env.STRIPE_KEY);`),
    (r) => fileView(r, 'main.go', `password := os.Getenv("DB_PASSWORD")\ntoken, err := keyring.Get("atx", "github-token")`),
    (r) => fileView(r, 'config/initializers/stripe.rb', `Stripe.api_key = Rails.application.credentials.dig(:stripe, :secret_key)\nENV.fetch("SLACK_BOT_TOKEN")`),
    (r) => fileView(r, 'Program.cs', `var password = builder.Configuration["Db:Password"];\nvar apiKey = Environment.GetEnvironmentVariable("API_KEY");`),
    (r) => fileView(r, 'src/main.rs', `let token = std::env::var("GITHUB_TOKEN").expect("GITHUB_TOKEN not set");`),
    (r) => fileView(r, 'src/main/resources/application.properties', `spring.datasource.password=\${DB_PASSWORD}\nspring.mail.password=\${SMTP_PASSWORD:}`),
    (r) => fileView(r, 'docker-compose.yml', `services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: \${POSTGRES_PASSWORD}\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password`),
    (r) => terminal(r, 'read -s -p "Vault token: " VAULT_TOKEN && export VAULT_TOKEN', 'Vault token: '),
    (r) => fileView(r, 'src/auth.py', `def check(password: str, password_hash: str) -> bool:\n    return bcrypt.checkpw(password.encode(), password_hash.encode())`),
    (r) => fileView(r, 'settings.py', `SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\nDEBUG = env.bool("DEBUG", default=False)`),
    (r) => fileView(r, 'terraform/main.tf', `resource "aws_db_instance" "main" {\n  username = "app"\n  password = var.db_password\n  manage_master_user_password = true\n}`),
]);
const secretRefs = category('secret-manager-reference', 38, [
    (r) => fileView(r, 'config/app.yml', `database:\n  password: \${vault:secret/data/${r.pick(SERVICES)}/db#password}\n  username: app`),
    (r) => fileView(r, '.env.tpl', `DB_PASSWORD={{ op://Engineering/${r.pick(SERVICES)}-db/password }}\nSTRIPE_KEY=op://vault/stripe/credential`),
    (r) => fileView(r, 'k8s/deploy.yaml', `          env:\n            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: ${r.pick(SERVICES)}-db\n                  key: password`),
    (r) => `arn:aws:secretsmanager:${r.pick(['us-east-1', 'eu-west-1'])}:${r.str(DIGITS, 12)}:secret:prod/${r.pick(SERVICES)}/db-${r.str(ALNUM, 6)}`,
    (r) => fileView(r, 'values.yaml', `apiKey: azurekeyvault://kv-${r.pick(PROJECTS)}/secrets/api-key\ntoken: "{{ .Values.global.token }}"`),
    (r) => fileView(r, 'ansible/site.yml', `- name: set db password\n  mysql_user:\n    name: app\n    password: "{{ vault_mysql_password }}"`),
    (r) => fileView(r, 'serverless.yml', `environment:\n  STRIPE_KEY: \${ssm:/prod/stripe/secret-key}\n  DB_PASSWORD: \${env:DB_PASSWORD}`),
    (r) => terminal(r, `aws secretsmanager describe-secret --secret-id prod/${r.pick(SERVICES)}/api`, `{\n    "ARN": "arn:aws:secretsmanager:us-east-1:${r.str(DIGITS, 12)}:secret:prod/api-${r.str(ALNUM, 6)}",\n    "Name": "prod/api",\n    "RotationEnabled": true\n}`),
    (r) => fileView(r, 'external-secret.yaml', `spec:\n  secretStoreRef:\n    name: gcp-sm\n  data:\n    - secretKey: password\n      remoteRef:\n        key: projects/${r.pick(PROJECTS)}/secrets/db-password/versions/latest`),
    (r) => fileView(r, 'main.tf', `data "vault_generic_secret" "db" {\n  path = "secret/${r.pick(SERVICES)}"\n}\npassword = data.vault_generic_secret.db.data["password"]`),
    (r) => `gh secret set STRIPE_SECRET_KEY --env production < /dev/stdin   # value pasted from 1Password`,
]);
const cacheKeys = category('cache-etag-keys', 26, [
    (r) => `< HTTP/2 200\n< x-cache-key: v2-assets-${r.str(HEX, 32)}\n< etag: "${r.str(HEX, 40)}"\n< cache-control: public, max-age=31536000, immutable`,
    (r) => fileView(r, '.github/workflows/ci.yml', `      - uses: actions/cache@v4\n        with:\n          path: ~/.npm\n          key: node-modules-\${{ hashFiles('**/package-lock.json') }}`),
    (r) => `Cache restored from key: node-modules-Linux-${r.str(HEX, 64)}`,
    (r) => `Received 183500800 of 183500800 (100.0%), 91.2 MBs/sec\nCache Size: ~175 MB (183500800 B)\ncache-key: setup-python-Linux-x64-22.04-python-3.12-pip-${r.str(HEX, 64)}`,
    (r) => `ETag: W/"${r.str(HEX, 8)}-${r.str(ALNUM, 27)}"`,
    (r) => `turbo: cache hit, replaying logs ${r.str(HEX, 16)}`,
    (r) => `sccache: cache key ${r.str(HEX, 64)}: hit`,
]);
const hashes = category('hashes-digests', 40, [
    (r) => terminal(r, 'git log --oneline -5', Array.from({ length: 5 }, () => `${sha1(r).slice(0, 7)} ${r.pick(['fix: null check in cart', 'feat: add webhooks', 'chore: bump deps', 'refactor: split auth module', 'docs: README'])}`).join('\n')),
    (r) => terminal(r, 'git rev-parse HEAD', sha1(r)),
    (r) => `<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-${createHash('sha384').update(r.bytes(8)).digest('base64')}" crossorigin="anonymous"></script>`,
    (r) => terminal(r, `docker pull node:20-alpine`, `20-alpine: Pulling from library/node\nDigest: sha256:${sha256hex(r)}\nStatus: Downloaded newer image for node:20-alpine`),
    (r) => fileView(r, 'package-lock.json', `    "node_modules/lodash": {\n      "version": "4.17.21",\n      "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n      "integrity": "sha512-${createHash('sha512').update(r.bytes(8)).digest('base64')}"\n    }`),
    (r) => fileView(r, 'requirements.txt', `requests==2.32.3 \\\n    --hash=sha256:${sha256hex(r)}`),
    (r) => terminal(r, 'sha256sum dist/atx-linux-x64.tar.gz', `${sha256hex(r)}  dist/atx-linux-x64.tar.gz`),
    (r) => fileView(r, 'go.sum', `github.com/spf13/cobra v1.8.1 h1:${r.bytes(32).toString('base64')}\ngithub.com/spf13/cobra v1.8.1/go.mod h1:${r.bytes(32).toString('base64')}`),
    (r) => fileView(r, 'Cargo.lock', `[[package]]\nname = "serde"\nversion = "1.0.204"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${sha256hex(r)}"`),
    (r) => `Merge pull request #${r.int(100, 4000)} from fieldline/feature/${r.pick(['webhooks', 'cart', 'auth'])}\n\ncommit ${sha1(r)}\nAuthor: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>`,
]);
const ids = category('ids-versions-numbers', 46, [
    (r) => `request_id=${uuid(r)} trace_id=${r.str(HEX, 32)} span_id=${r.str(HEX, 16)}`,
    (r) => `traceparent: 00-${r.str(HEX, 32)}-${r.str(HEX, 16)}-01`,
    (r) => `{"id":"${uuid(r)}","orderId":"ord_${mixed(r, ALNUM, 14)}","customer":"cus_${mixed(r, ALNUM, 14)}","status":"paid"}`,
    (r) => `Build #${r.int(1000, 99999)} (${r.str(HEX, 7)}) finished in ${r.int(2, 14)}m ${r.int(1, 59)}s — artifacts: build-${r.int(100000, 999999)}.zip`,
    (r) => `x-amz-request-id: ${r.str('ABCDEF0123456789', 16)}\nx-amz-id-2: ${r.bytes(48).toString('base64')}`,
    (r) => `Instance i-0${r.str(HEX, 16)} in sg-0${r.str(HEX, 16)} (subnet-0${r.str(HEX, 16)}) is running`,
    (r) => `{"type":"message","id":"msg_01${mixed(r, ALNUM, 22)}","model":"claude-sonnet-4","usage":{"input_tokens":${r.int(100, 9000)},"output_tokens":${r.int(10, 900)}}}`,
    (r) => `tool_use_id: toolu_01${mixed(r, ALNUM, 22)}\nsession: ${uuid(r)}`,
    (r) => `Version 4.${r.int(0, 20)}.${r.int(0, 40)}+build.${r.int(100, 9999)} (commit ${r.str(HEX, 12)}), node v20.${r.int(10, 19)}.0`,
    (r) => `Order ${r.int(100, 999)}-${r.int(1000000, 9999999)}-${r.int(1000000, 9999999)} shipped; tracking 1Z${r.str('0123456789ABCDEFGHJKLMNPRSTUVWXYZ', 16)}`,
    (r) => `discord user id ${r.int(1, 1)}${r.str(DIGITS, 18)} joined channel ${r.str(DIGITS, 19)}`,
    (r) => `ticket number: ${r.int(200, 999)} ${r.int(100, 999)} ${r.str(DIGITS, 4)}  (ref ${r.int(10, 99)}-${r.str(DIGITS, 7)})`,
    (r) => `timestamp ${1_700_000_000 + r.int(0, 90_000_000)} (${isoTime(r)}), epoch ms ${1_700_000_000_000 + r.int(0, 90_000_000_000)}`,
]);
const prose = category('prose-secret-words', 38, [
    () => 'This gives us a basic structure for the module; Basic auth is not enough here, so we will add OAuth later.',
    () => 'I hate to be the bearer of bad news, but the token refresh logic is broken when the clock skews.',
    () => 'We should rotate the token weekly and store the secret in the vault instead of the repo.',
    () => 'The password field must be at least 12 characters; the key point is that we never log it.',
    () => 'Tokenization splits the prompt into tokens; the model has a limit of 200k tokens per request.',
    () => 'Make sure the API key is passed via an environment variable, not hard-coded. The secret sauce is caching.',
    () => 'Bearer tokens are sent in the Authorization header. Basic authentication base64-encodes user:password.',
    () => 'The primary key of this table is a composite of (tenant_id, order_id); foreign key constraints are deferred.',
    () => 'I reset my password and now 2FA asks for a recovery code. Where are the recovery codes stored?',
    () => 'Secrets management: use AWS Secrets Manager for credentials, SSM for config, and never commit .env files.',
    (r) => `Fixed the ${r.pick(['keyboard shortcut', 'key binding', 'sort key', 'cache key'])} bug; the secret was a missing await in token.ts.`,
    () => 'Authorization: Bearer <token> — replace <token> with the value from the dashboard.',
    () => 'In OAuth 2.0, the client exchanges the authorization code for an access token and a refresh token.',
    () => 'The password reset email contains a one-time link that expires after 30 minutes.',
]);
const placeholders = category('placeholders', 40, [
    (r) => fileView(r, '.env.example', `OPENAI_API_KEY=<YOUR_API_KEY>\nSTRIPE_SECRET_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX\nGITHUB_TOKEN=your-token-here\nDB_PASSWORD=changeme`),
    (r) => fileView(r, 'README.md', `Set your key before running:\n\n\`\`\`bash\nexport ANTHROPIC_API_KEY="sk-ant-..."\nexport API_KEY=\${API_KEY}\n\`\`\``),
    (r) => fileView(r, 'config.sample.yml', `slack:\n  token: xoxb-your-bot-token\n  webhook: https://hooks.slack.com/services/XXX/YYY/ZZZ\naws:\n  access_key_id: YOUR_ACCESS_KEY_ID\n  secret_access_key: YOUR_SECRET_ACCESS_KEY`),
    (r) => fileView(r, 'docs/setup.md', `1. Copy \`.env.example\` to \`.env\`\n2. Replace \`REPLACE_ME\` with your token\n3. \`DATABASE_URL=postgres://user:password@localhost:5432/db\``),
    () => 'password: xxxxxxxx\napi_key: ************\ntoken: <token>',
    () => `curl -H "Authorization: Bearer $TOKEN" -H "x-api-key: \${API_KEY}" https://api.fieldline.io/v1/me`,
    (r) => fileView(r, 'appsettings.Development.json', `{\n  "Jwt": { "Key": "{{JWT_SIGNING_KEY}}" },\n  "ConnectionStrings": { "Default": "Server=localhost;Database=app;User Id=sa;Password=<password>;" }\n}`),
    () => `DB_PASSWORD=\nAPI_TOKEN=""\nSECRET_KEY=dummy\nPASSWORD=password\nSTRIPE_KEY=sk_live_...`,
    () => `mysql -u root -p\nEnter password:`,
    () => `export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`,
    () => `<add key="ApiKey" value="%API_KEY%" />\n<add key="DbPassword" value="$(DbPassword)" />`,
    () => `SECRET_KEY = 'your-secret-key-here'\nAPI_KEY = 'INSERT_KEY_HERE'`,
    () => `token = "TODO"\npassword = "********"\nclient_secret = "<client-secret>"`,
]);
const redacted = category('already-redacted', 22, [
    () => 'GITHUB_TOKEN=[REDACTED]\nDB_PASSWORD=***\nSTRIPE_KEY=<redacted>',
    () => 'Authorization: Bearer [REDACTED]\nCookie: session=<redacted>',
    () => 'found token ghp_**** in .env (masked)\naws_secret_access_key = ****************',
    () => 'AWS Access Key ID [****************7QXA]: \nAWS Secret Access Key [****************bR2k]: ',
    () => 'postgres://app:***@db.internal:5432/orders',
    () => `::add-mask::***\nRun ./deploy.sh\n  env:\n    API_TOKEN: ***`,
    () => '{"password": "[FILTERED]", "api_key": "[FILTERED]", "email": "[FILTERED]"}',
    () => `key1  ************************************************==  FULL`,
]);
const base58 = category('base58-ids', 18, [
    (r) => `Send SOL to ${r.str(BASE58, 44)} (memo: invoice ${r.int(1000, 9999)})`,
    (r) => `bitcoin address: 1${r.str(BASE58, 33)}`,
    (r) => `ipfs://bafybei${r.str('abcdefghijklmnopqrstuvwxyz234567', 52)}/metadata.json`,
    (r) => `CID Qm${r.str(BASE58, 44)} pinned`,
    (r) => `tx signature ${r.str(BASE58, 87)} confirmed in slot ${r.int(2e8, 3e8)}`,
    (r) => `Program Id: ${r.str(BASE58, 43)}`,
]);
const publicKeys = category('public-keys-certs', 28, [
    (r) => fileView(r, '~/.ssh/id_ed25519.pub', `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.bytes(32).toString('base64').replace(/=+$/, '')} ${person(r).first.toLowerCase()}@laptop`),
    (r) => fileView(r, '~/.ssh/authorized_keys', `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${r.bytes(380).toString('base64').replace(/=+$/, '')} deploy@ci`),
    (r) => `-----BEGIN PUBLIC KEY-----\n${(Buffer.concat([Buffer.from('30820122300d06092a864886f70d01010105000382010f003082010a0282010100', 'hex'), r.bytes(256), Buffer.from('0203010001', 'hex')]).toString('base64').match(/.{1,64}/g) ?? []).join('\n')}\n-----END PUBLIC KEY-----`,
    (r) => `-----BEGIN CERTIFICATE-----\nMIID${(r.bytes(700).toString('base64').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----`,
    (r) => `-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG${(r.bytes(500).toString('base64').match(/.{1,64}/g) ?? []).join('\n')}\n=${r.str(B64, 4)}\n-----END PGP PUBLIC KEY BLOCK-----`,
    (r) => fileView(r, 'wg0.conf', `[Peer]\nPublicKey = ${r.bytes(32).toString('base64')}\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.internal:51820`),
    (r) => `{"keys":[{"kty":"RSA","kid":"${r.str(ALNUM, 16)}","use":"sig","alg":"RS256","n":"${r.bytes(256).toString('base64url')}","e":"AQAB"}]}`,
    (r) => terminal(r, 'ssh-keygen -lf ~/.ssh/id_ed25519.pub', `256 SHA256:${r.bytes(32).toString('base64').replace(/=+$/, '')} dev@laptop (ED25519)`),
    (r) => `github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.bytes(32).toString('base64').replace(/=+$/, '')}`,
]);
const minified = category('minified-and-data-uris', 18, [
    (r) => `!function(e,t){"object"==typeof exports&&"undefined"!=typeof module?module.exports=t():"function"==typeof define&&define.amd?define(t):(e=e||self).${r.pick(['Dayjs', 'Popper', 'Chart'])}=t()}(this,function(){"use strict";var e="${r.str(LOWER, 12)}",t=function(n,r){return n.key===r.key&&n.token===r.token};return{a:e,b:t,c:"${r.str(ALNUM, 24)}"}});`,
    (r) => `(self.webpackChunk_N_E=self.webpackChunk_N_E||[]).push([[${r.int(100, 999)}],{${r.int(1000, 9999)}:function(e,t,n){"use strict";n.d(t,{Z:function(){return o}});var r=n(${r.int(1000, 9999)}),o=function(e){var t=e.token,n=e.secret;return(0,r.jsx)("div",{className:"${r.str(LOWER, 6)}_${r.str(ALNUM, 5)}",children:t&&n})}}}]);`,
    (r) => `//# sourceMappingURL=data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify({ version: 3, sources: ['src/auth.ts'], names: ['token', 'password'], mappings: r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz;,', 120) })).toString('base64')}`,
    (r) => `.btn-primary{color:#${r.str(HEX, 6)};background-color:#${r.str(HEX, 6)}}.key-${r.str(HEX, 5)}{display:none}`,
    (r) => `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${r.bytes(180).toString('base64')}`,
]);
const noreply = category('noreply-example-emails', 24, [
    () => 'Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
    (r) => `Author: ${person(r).first.toLowerCase()} <${r.int(1000000, 99999999)}+${person(r).first.toLowerCase()}@users.noreply.github.com>`,
    () => 'From: GitHub <noreply@github.com>\nSubject: [fieldline/orbit] Run failed: CI - main',
    () => 'From: "Stripe" <no-reply@stripe.com>\nReply-To: no-reply@accounts.google.com',
    (r) => fileView(r, 'tests/fixtures/users.json', `[{"name":"Test User","email":"test@example.com"},{"name":"Alice","email":"alice@example.org"},{"email":"bob@example.net"}]`),
    () => 'git config user.email "github-actions[bot]@users.noreply.github.com"',
    () => 'From: no-reply@fieldline.io\nReturn-Path: <bounces+noreply@em.fieldline.io>',
    () => `"author": "Renovate Bot <bot@renovateapp.com>"`,
    () => `Signed-off-by: user <user@example.com>`,
]);
const urlsPaths = category('urls-and-paths', 30, [
    (r) => `https://github.com/fieldline/${r.pick(PROJECTS)}/blob/main/src/auth/token.ts#L${r.int(10, 300)}`,
    () => 'See https://docs.stripe.com/keys#obtain-api-keys and https://api.fieldline.io/v1/secrets?page=2&per_page=50',
    (r) => terminal(r, 'ls -la config/', `-rw-r--r--  1 dev staff  412 Jul  8 09:12 secrets.example.yml\n-rw-------  1 dev staff 1675 Jul  8 09:12 token_cache.json\ndrwxr-xr-x  3 dev staff   96 Jul  8 09:12 keys`),
    (r) => `src/components/PasswordInput.tsx\nsrc/hooks/useApiKey.ts\nsrc/lib/secret-manager/index.ts\nsrc/auth/refresh-token.test.ts\n${r.pick(['tests/fixtures/private_key_test.go', 'docs/tokens.md'])}`,
    (r) => `DATABASE_URL=postgres://${r.pick(['localhost', 'db'])}:5432/app\nREDIS_URL=redis://redis:6379/0\nAPI_BASE_URL=https://api.fieldline.io`,
    () => `git clone git@github.com:fieldline/orbit.git && cd orbit && git remote add upstream https://github.com/orbit-org/orbit.git`,
    (r) => `grep -rn "password" src/ | head\nsrc/auth/login.ts:${r.int(10, 99)}:  const password = form.get('password');\nsrc/auth/schema.ts:${r.int(5, 40)}:  password: z.string().min(12),`,
    () => `/var/run/secrets/kubernetes.io/serviceaccount/token\n/etc/ssl/private/\n~/.config/gcloud/application_default_credentials.json`,
]);
const privateIps = category('private-ips', 18, [
    (r) => `upstream backend {\n    server ${privateIpv4(r)}:8080;\n    server ${privateIpv4(r)}:8080 backup;\n}`,
    (r) => terminal(r, 'ip -4 addr show eth0', `    inet ${privateIpv4(r)}/24 brd 192.168.1.255 scope global eth0`),
    (r) => `${logTime(r)} INFO  connected to ${privateIpv4(r)}:5432 (pool=10)`,
    (r) => terminal(r, 'dig @8.8.8.8 api.fieldline.io +short', `${privateIpv4(r)}`),
    (r) => `ALLOWED_HOSTS=127.0.0.1,localhost,${privateIpv4(r)}\nlisten 0.0.0.0:8080`,
    () => 'Pinging 1.1.1.1 and 8.8.4.4 from 192.0.2.10 (documentation range) and 198.51.100.7',
]);
const numbers = category('phone-shaped-numbers', 26, [
    (r) => `Processed ${r.int(100, 999)} ${r.int(100, 999)} ${r.str(DIGITS, 4)} bytes in ${r.int(2, 99)}.${r.int(10, 99)}s`,
    (r) => `Order #${r.str(DIGITS, 10)} total $${r.int(10, 999)}.${r.int(10, 99)} (qty ${r.int(1, 9)})`,
    (r) => `  at Object.<anonymous> (/app/src/server.js:${r.int(10, 900)}:${r.int(1, 80)})\n  at Module._compile (node:internal/modules/cjs/loader:1358:14)`,
    (r) => `Listening on port ${r.int(3000, 9999)}; pid ${r.int(1000, 65000)}; heap ${r.int(40, 900)}MB`,
    (r) => `Invoice INV-${r.str(DIGITS, 4)}-${r.str(DIGITS, 4)}-${r.str(DIGITS, 4)}-${r.str(DIGITS, 4)} due ${isoTime(r).slice(0, 10)}`,
    (r) => `rows: ${r.int(1000000, 9999999)}, checksum ${r.int(100000000, 999999999)}, elapsed ${r.int(100, 9999)} ms`,
    (r) => `Version 2025.${r.int(1, 12)}.${r.int(1, 28)}.${r.str(DIGITS, 6)}`,
    (r) => `color: #${r.str(HEX, 6)}; z-index: ${r.int(1, 9999)}; grid-template-columns: repeat(${r.int(2, 12)}, 1fr);`,
    (r) => `max_tokens: ${r.pick([1024, 4096, 8192])}\ntoken_type: bearer\nexpires_in: 3600\ncache_read_input_tokens: ${r.int(1000, 90000)}`,
]);
const sensitiveKeys = category('sensitive-looking-keys', 32, [
    () => `{\n  "key": "ctrl+shift+p",\n  "command": "workbench.action.showCommands"\n}`,
    (r) => `secret_name: ${r.pick(SERVICES)}-prod-db\npublic_key: ./keys/id_ed25519.pub\npassword_min_length: 12\ntoken_ttl: 3600`,
    () => `<input type="password" name="password" autocomplete="current-password" />`,
    () => `CREATE TABLE users (\n  id bigserial PRIMARY KEY,\n  password_hash text NOT NULL,\n  api_key_id uuid REFERENCES api_keys(id)\n);`,
    () => `const accessTokenExpirationMilliseconds = 15 * 60 * 1000;\nconst refreshTokenCookieName = 'rt';`,
    () => `password_policy:\n  require_uppercase: true\n  require_symbols: true\n  min_length: 14`,
    (r) => `{"token_type":"Bearer","scope":"read write","expires_in":${r.int(600, 7200)},"refresh_expires_in":86400}`,
    () => `- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password`,
    () => `api_key_header = "X-API-Key"\nauth_scheme = "Bearer"\npassword_env = "DB_PASSWORD"`,
    () => `"passwordRules": "minlength: 20; required: lower; required: upper; required: digit;"`,
]);
const docsLike = category('docs-and-help-text', 16, [
    () => `## Authentication\n\nAll requests need an \`Authorization\` header:\n\n\`\`\`http\nAuthorization: Bearer YOUR_TOKEN\n\`\`\`\n\nTokens start with \`sk_\` and are 32 characters long.`,
    () => `| Variable | Description |\n| --- | --- |\n| \`GITHUB_TOKEN\` | A PAT with \`repo\` scope |\n| \`DB_PASSWORD\` | Database password (from Vault) |`,
    () => `Usage: mysql [OPTIONS] [database]\n  -p, --password[=name]  Password to use when connecting to server.\n  -u, --user=name        User for login if not current user.`,
    () => `docker login --username deploy --password-stdin < ~/.docker-token\nmkdir -p build/keys && ssh -p 2222 deploy@bastion`,
    () => `psql -W -U app -h db orders   # -W forces a password prompt`,
    () => `Options:\n  --token TEXT     API token (or set ATX_TOKEN)\n  --password TEXT  prompt if omitted`,
]);
const k8sCli = category('cli-output-without-secrets', 26, [
    (r) => terminal(r, 'kubectl get secrets', `NAME                  TYPE                                  DATA   AGE\n${r.pick(SERVICES)}-db           Opaque                                2      14d\ndefault-token-${r.str('bcdfghjklmnpqrstvwxz2456789', 5)}   kubernetes.io/service-account-token   3      91d`),
    (r) => terminal(r, `kubectl describe secret ${r.pick(SERVICES)}-db`, `Name:         db\nNamespace:    default\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  3 bytes`),
    (r) => terminal(r, 'aws sts get-caller-identity', `{\n    "UserId": "AIDA${r.str(BASE32, 17)}",\n    "Account": "${r.str(DIGITS, 12)}",\n    "Arn": "arn:aws:iam::${r.str(DIGITS, 12)}:user/ci"\n}`),
    (r) => terminal(r, 'gh auth status', `github.com\n  ✓ Logged in to github.com account ${person(r).first.toLowerCase()} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'`),
    (r) => terminal(r, `az storage account list --query "[].{name:name, sku:sku.name}" -o table`, `Name                Sku\n------------------  ------------\n${r.pick(['orbitprodstore', 'fieldlinelogs'])}      Standard_LRS`),
    (r) => terminal(r, 'npm whoami && npm token list', `${person(r).first.toLowerCase()}\n┌────────┬─────────┬────────────┬──────────┐\n│ id     │ token   │ created    │ readonly │\n├────────┼─────────┼────────────┼──────────┤\n│ ${r.str(HEX, 6)} │ npm_Ab… │ 2025-06-01 │ yes      │\n└────────┴─────────┴────────────┴──────────┘`),
    (r) => terminal(r, 'stripe config --list', `[default]\ndevice_name = "${person(r).first.toLowerCase()}-mbp"\ndisplay_name = "Fieldline"\nlive_mode_api_key = "rk_live_*********************************************************************************************F2kQ"`),
]);
const stripePublic = category('public-client-keys', 18, [
    (r) => fileView(r, '.env', `NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51${mixed(r, ALNUM, 97)}`),
    (r) => `const stripe = Stripe('pk_test_51${mixed(r, ALNUM, 97)}');`,
    (r) => `mapboxgl.accessToken = 'pk.eyJ1Ijoi${mixed(r, B64, 20)}';`.replace(/[+/]/g, 'A'),
    (r) => `<script>window.SENTRY_DSN = "https://${r.str(HEX, 32)}@o${r.int(100000, 999999)}.ingest.sentry.io/${r.int(1000000, 9999999)}";</script>`,
    (r) => `<meta name="google-site-verification" content="${mixed(r, ALNUM + '-_', 43)}" />`,
    (r) => `firebaseConfig = { projectId: "${r.pick(PROJECTS)}", appId: "1:${r.str(DIGITS, 12)}:web:${r.str(HEX, 22)}", measurementId: "G-${r.str('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 10)}" }`,
]);
const lockfiles = category('lockfiles', 14, [
    (r) => fileView(r, 'yarn.lock', `"@babel/core@^7.24.0":\n  version "7.24.7"\n  resolved "https://registry.yarnpkg.com/@babel/core/-/core-7.24.7.tgz#${sha1(r)}"\n  integrity sha512-${createHash('sha512').update(r.bytes(8)).digest('base64')}`),
    (r) => fileView(r, 'pnpm-lock.yaml', `  /zod@3.23.8:\n    resolution: {integrity: sha512-${createHash('sha512').update(r.bytes(8)).digest('base64')}}\n    dev: false`),
    (r) => fileView(r, 'poetry.lock', `[[package]]\nname = "cryptography"\nversion = "43.0.0"\nfiles = [\n    {file = "cryptography-43.0.0-cp39-abi3-manylinux_2_28_x86_64.whl", hash = "sha256:${sha256hex(r)}"},\n]`),
    (r) => fileView(r, 'flake.lock', `"narHash": "sha256-${r.bytes(32).toString('base64')}",\n"rev": "${sha1(r)}"`),
]);
const base64Data = category('base64-data', 14, [
    (r) => `{"data":[],"next_cursor":"${Buffer.from(JSON.stringify({ id: r.int(1000, 99999), ts: isoTime(r) })).toString('base64')}"}`,
    (r) => fileView(r, 'k8s/configmap.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nginx-conf\ndata:\n  nginx.conf: |\n    worker_processes 4;\nbinaryData:\n  logo.png: iVBORw0KGgo${r.bytes(60).toString('base64')}`),
    (r) => `echo ${Buffer.from(`{"service":"${r.pick(SERVICES)}","replicas":${r.int(1, 9)}}`).toString('base64')} | base64 -d`,
    (r) => `state=${Buffer.from(JSON.stringify({ returnTo: '/dashboard', nonce: r.str(HEX, 16) })).toString('base64url')}`,
]);
const jwtShapedPublic = category('jwt-without-signature', 6, [
    // An unsigned JWT (alg none, empty signature) carries no secret: header and claims only.
    (r) => `id_token_hint=${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'anonymous', iat: 1_700_000_000 + r.int(0, 9e7) })).toString('base64url')}.`,
    (r) => `JWT header: ${Buffer.from('{"alg":"RS256","typ":"JWT","kid":"' + r.str(HEX, 8) + '"}').toString('base64url')} (decoded: {"alg":"RS256","typ":"JWT"})`,
]);
export const NEGATIVE_CATEGORIES = [
    secretReads, secretRefs, cacheKeys, hashes, ids, prose, placeholders, redacted, base58, publicKeys, minified,
    noreply, urlsPaths, privateIps, numbers, sensitiveKeys, docsLike, k8sCli, stripePublic, lockfiles, base64Data,
    jwtShapedPublic,
];
//# sourceMappingURL=negatives.js.map