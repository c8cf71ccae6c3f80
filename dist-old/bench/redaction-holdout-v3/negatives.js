/**
 * Hard negatives: text an agent session is full of that holds nothing to remove. Any change to
 * one of these texts is a false positive.
 */
import { ALNUM, B64, DIGITS, HEX, LOWER, LOWER_ALNUM, UPPER, UPPER_ALNUM, b64, b64Bytes, hexOf, luhnValid, mixed, uuid, anyOf } from './util.js';
const c = (text) => ({ text, targets: [] });
const NAMES = ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'OPENAI_API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'JWT_SECRET', 'SENDGRID_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'SLACK_BOT_TOKEN', 'REDIS_PASSWORD', 'NPM_TOKEN', 'SENTRY_AUTH_TOKEN'];
const name = (r) => r.pick(NAMES);
const lc = (s) => s.toLowerCase();
const camel = (s) => lc(s).replace(/_([a-z])/g, (_m, x) => x.toUpperCase());
const ulid = (r) => '01' + r.str('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 24);
const acct = (r) => String(r.int(1, 9)) + r.str(DIGITS, 11);
const envReads = anyOf('neg-env-reads', 26, [
    (r) => c(`import os\n\n${lc(name(r))} = os.environ["${name(r)}"]\ntimeout = int(os.getenv("HTTP_TIMEOUT", "30"))`),
    (r) => { const n = name(r); return c(`const ${camel(n)} = process.env.${n};\nif (!${camel(n)}) throw new Error('${n} is not set');`); },
    (r) => c(`token := os.Getenv("${name(r)}")\nif token == "" {\n\tlog.Fatal("${name(r)} is not set")\n}`),
    (r) => c(`String secret = System.getenv("${name(r)}");\nObjects.requireNonNull(secret, "${name(r)} must be set");`),
    (r) => c(`val apiKey: String = System.getenv("${name(r)}") ?: error("${name(r)} missing")`),
    (r) => c(`var key = Environment.GetEnvironmentVariable("${name(r)}")\n    ?? throw new InvalidOperationException("${name(r)} not configured");`),
    (r) => c(`Stripe.api_key = ENV.fetch("${name(r)}")\nredis = Redis.new(password: ENV["REDIS_PASSWORD"])`),
    (r) => c(`$password = getenv('DB_PASSWORD') ?: $_ENV['DB_PASSWORD'];\n$pdo = new PDO($dsn, $user, $password);`),
    (r) => c(`let token = std::env::var("${name(r)}").expect("${name(r)} must be set");`),
    (r) => c(`config :lumen, Lumen.Repo,\n  password: System.fetch_env!("DB_PASSWORD"),\n  url: System.get_env("DATABASE_URL")`),
    (r) => c(`let key = ProcessInfo.processInfo.environment["${name(r)}"] ?? ""`),
    (r) => c(`curl -fsS -H "Authorization: Bearer $${name(r)}" "$API_URL/v1/health"`),
    (r) => c(`PS> $headers = @{ Authorization = "Bearer $env:${name(r)}" }\nPS> Invoke-RestMethod -Uri $env:API_URL -Headers $headers`),
    (r) => c(`const key = Deno.env.get("${name(r)}");\nconst other = Bun.env.${name(r)};`),
    (r) => c(`@Value("\${spring.datasource.password}")\nprivate String dbPassword;`),
    (r) => c(`import 'dotenv/config';\nconst { ${name(r)}: secret } = process.env;`),
    (r) => c(`$ printenv ${name(r)} | wc -c\n0`),
    (r) => c(`settings = Settings(_env_file=".env")  # pydantic reads ${name(r)} from the environment`),
]);
const secretManagers = anyOf('neg-secret-manager-calls', 24, [
    (r) => c(`const res = await sm.send(new GetSecretValueCommand({ SecretId: 'prod/${r.pick(['db', 'stripe', 'api'])}' }));\nconst secret = JSON.parse(res.SecretString ?? '{}');`),
    (r) => c(`client = boto3.client("secretsmanager", region_name="eu-west-1")\nvalue = client.get_secret_value(SecretId="prod/${r.pick(['db', 'stripe'])}")["SecretString"]`),
    (r) => c(`read = client.secrets.kv.v2.read_secret_version(path="apps/${r.pick(['billing', 'orders'])}", mount_point="secret")\npassword = read["data"]["data"]["password"]`),
    (r) => c(`name := "projects/lumen-prod-4412/secrets/${lc(name(r))}/versions/latest"\nresult, err := client.AccessSecretVersion(ctx, &secretmanagerpb.AccessSecretVersionRequest{Name: name})`),
    (r) => c(`secret_client = SecretClient(vault_url="https://kv-lumen-prod.vault.azure.net/", credential=DefaultAzureCredential())\ndb_password = secret_client.get_secret("db-password").value`),
    (r) => c(`$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text | jq -r .password > /dev/null`),
    (r) => c(`$ vault kv get -field=password secret/apps/${r.pick(['billing', 'orders'])}/db | pbcopy`),
    (r) => c(`$ export ${name(r)}="$(op read 'op://Engineering/${r.pick(['Stripe', 'Postgres', 'OpenAI'])}/credential')"`),
    (r) => c(`$ gcloud secrets versions access latest --secret=${lc(name(r)).replace(/_/g, '-')} --project lumen-prod-4412 > /tmp/secret && chmod 600 /tmp/secret`),
    (r) => c(`v1 := clientset.CoreV1().Secrets("prod")\nsec, err := v1.Get(ctx, "db-creds", metav1.GetOptions{})\npassword := string(sec.Data["password"])`),
    (r) => c(`$ doppler run --project api --config prd -- node server.js`),
    (r) => c(`$ bw get password "Lumen prod DB" | xclip -selection clipboard`),
    (r) => c(`var secret = await secretClient.GetSecretAsync("StripeSecretKey");\nStripeConfiguration.ApiKey = secret.Value.Value;`),
    (r) => c(`$ sops exec-env secrets.enc.yaml 'npm run migrate'`),
]);
const references = anyOf('neg-references-templates', 26, [
    (r) => c(`      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: \${{ secrets.${name(r)} }}`),
    (r) => c(`env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password`),
    (r) => c(`password: {{ .Values.postgresql.auth.password | quote }}\napiKey: {{ required "apiKey is required" .Values.apiKey }}`),
    (r) => c(`- name: Configure DB\n  template:\n    src: db.conf.j2\n  vars:\n    db_password: "{{ vault_db_password }}"`),
    (r) => c(`services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: \${POSTGRES_PASSWORD:?set it in .env}\n      POSTGRES_USER: \${POSTGRES_USER:-app}`),
    (r) => c(`resource "aws_db_instance" "main" {\n  username = "app"\n  password = var.db_password\n  manage_master_user_password = false\n}`),
    (r) => c(`data "aws_secretsmanager_secret_version" "db" {\n  secret_id = "arn:aws:secretsmanager:eu-west-1:${acct(r)}:secret:prod/db-${mixed(r, 6)}"\n}`),
    (r) => c(`"DbPassword": "@Microsoft.KeyVault(SecretUri=https://kv-lumen-prod.vault.azure.net/secrets/db-password/)"`),
    (r) => c(`STRIPE_SECRET_KEY=op://Engineering/Stripe/credential\nDATABASE_URL=op://Engineering/Postgres/url`),
    (r) => c(`deploy:\n  script:\n    - echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin $CI_REGISTRY`),
    (r) => c(`spring.datasource.password=\${DB_PASSWORD}\nspring.mail.password=\${SMTP_PASSWORD:}`),
    (r) => c(`: "\${${name(r)}:?missing}"\nexport TOKEN="\${${name(r)}:-}"`),
    (r) => c(`vault:\n  path: secret/data/prod/payments\n  role: payments-api\n  field: stripe_secret_key`),
    (r) => c(`arn:aws:kms:us-east-1:${acct(r)}:key/${uuid(r)}`),
    (r) => c(`"Password": "#{DbPassword}#",\n"ApiKey": "#{ApiKey}#"`),
    (r) => c(`<password>\${env.NEXUS_PASSWORD}</password>\n<username>\${env.NEXUS_USER}</username>`),
    (r) => c(`secrets:\n  db_password:\n    external: true\n  stripe_key:\n    file: ./secrets/stripe_key.txt`),
]);
const PLACE = [
    'your-api-key-here', '<YOUR_TOKEN>', 'YOUR_SECRET_KEY', '********', '[REDACTED]', '<redacted>', 'xxxxxxxxxxxxxxxxxxxx', 'REPLACE_ME', '${API_KEY}', '<paste token here>', '…', 'sk-...', 'TODO', '<password>', '[FILTERED]', '•••••••••',
];
const placeholders = anyOf('neg-placeholders-redacted', 24, [
    (r) => c(`# .env.example\n${name(r)}=${r.pick(PLACE)}\n${name(r)}=`),
    (r) => c(`export OPENAI_API_KEY="sk-proj-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"`),
    (r) => c(`aws_access_key_id = AKIAXXXXXXXXXXXXXXXX\naws_secret_access_key = <your-secret-access-key>`),
    (r) => c(`DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME`),
    (r) => c(`Authorization: Bearer <token>\nContent-Type: application/json`),
    (r) => c(`2026-11-25 10:12:01 INFO config loaded: {"db_password": "[REDACTED]", "api_key": "[REDACTED]", "pool": 10}`),
    (r) => c(`GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`),
    (r) => c(`password: ${r.pick(['"********"', '"<redacted>"', '"***"', '""', 'null', '~'])}`),
    (r) => c(`curl -H "X-API-Key: $API_KEY" https://api.lumen.dev/v1/ping   # replace $API_KEY with your key`),
    (r) => c(`Set \`STRIPE_SECRET_KEY\` to the value from the dashboard (it starts with \`sk_live_\`).`),
    (r) => c(`"apiKey": "YOUR_API_KEY_HERE",\n"projectId": "your-project-id"`),
    (r) => c(`SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX`),
    (r) => c(`$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <not set>             None    None\naccess_key     ****************${r.str(UPPER_ALNUM, 4)} shared-credentials-file\nsecret_key     ****************${r.str(ALNUM, 4)} shared-credentials-file`),
    (r) => c(`$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account octo-dev (keyring)\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'`),
    (r) => c(`<add key="ApiSecret" value="__API_SECRET__" />`),
]);
const hashesIds = anyOf('neg-hashes-ids', 26, [
    (r) => c(`$ git log --oneline -4\n${hexOf(r, 7)} Merge pull request #${r.int(100, 999)} from lumen/fix-retry\n${hexOf(r, 7)} fix: retry on 503\n${hexOf(r, 7)} chore: bump deps\n${hexOf(r, 7)} docs: README`),
    (r) => c(`$ git rev-parse HEAD\n${hexOf(r, 40)}`),
    (r) => c(`$ sha256sum dist/lumen-linux-amd64.tar.gz\n${hexOf(r, 64)}  dist/lumen-linux-amd64.tar.gz`),
    (r) => c(`$ docker images --digests lumen/api\nREPOSITORY   TAG     DIGEST                                                                    IMAGE ID       SIZE\nlumen/api    2.4.0   sha256:${hexOf(r, 64)}   ${hexOf(r, 12)}   182MB`),
    (r) => c(`{"request_id":"${uuid(r)}","trace_id":"${hexOf(r, 32)}","span_id":"${hexOf(r, 16)}","status":504}`),
    (r) => c(`order ${ulid(r)} created; job ${ulid(r)} enqueued`),
    (r) => c(`< x-amzn-requestid: ${uuid(r)}\n< x-amz-cf-id: ${mixed(r, 56, ALNUM + '-_')}==\n< etag: "${hexOf(r, 32)}"`),
    (r) => c(`commit ${hexOf(r, 40)}\nMerge: ${hexOf(r, 7)} ${hexOf(r, 7)}\nDate:   Tue Nov 25 10:14:02 2026 +0000`),
    (r) => c(`$ md5sum backup.sql.gz\n${hexOf(r, 32)}  backup.sql.gz`),
    (r) => c(`"id": "evt_${mixed(r, 24)}",\n"object": "event",\n"type": "invoice.paid"`),
    (r) => c(`Deployment ${uuid(r)} finished in 41s (build ${r.int(1000, 9999)}, image sha256:${hexOf(r, 64)})`),
    (r) => c(`-- migration ${r.str(DIGITS, 14)}_add_index.sql  checksum: ${hexOf(r, 64)}`),
    (r) => c(`Subresource Integrity: <script src="/app.js" integrity="sha384-${b64Bytes(r, 48)}" crossorigin="anonymous"></script>`),
    (r) => c(`git-lfs pointer:\nversion https://git-lfs.github.com/spec/v1\noid sha256:${hexOf(r, 64)}\nsize ${r.int(10000, 9999999)}`),
    (r) => c(`"correlationId": "${uuid(r)}", "tenantId": "${uuid(r)}", "objectId": "${uuid(r)}"`),
]);
const encrypted = anyOf('neg-encrypted-at-rest', 24, [
    (r) => c(`db:\n    password: ENC[AES256_GCM,data:${b64Bytes(r, 18)},iv:${b64Bytes(r, 32)},tag:${b64Bytes(r, 16)},type:str]\nsops:\n    age:\n        - recipient: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n    lastmodified: "2026-11-20T09:12:44Z"\n    mac: ENC[AES256_GCM,data:${b64Bytes(r, 64)},iv:${b64Bytes(r, 32)},tag:${b64Bytes(r, 16)},type:str]\n    version: 3.9.1`),
    (r) => { const lines = []; for (let i = 0; i < 6; i++)
        lines.push(hexOf(r, 80)); return c(`$ cat group_vars/prod/vault.yml\n$ANSIBLE_VAULT;1.1;AES256\n${lines.join('\n')}`); },
    (r) => c(`apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: db-creds\nspec:\n  encryptedData:\n    password: AgB${b64Bytes(r, 300).replace(/=+$/, '')}`),
    (r) => c(`$ aws kms encrypt --key-id alias/app --plaintext fileb://p.txt --query CiphertextBlob --output text\nAQICAH${b64Bytes(r, 140)}`),
    (r) => c(`-----BEGIN AGE ENCRYPTED FILE-----\n${(b64Bytes(r, 220).match(/.{1,64}/g) ?? []).join('\n')}\n-----END AGE ENCRYPTED FILE-----`),
    (r) => c(`-----BEGIN PGP MESSAGE-----\n\nhQIMA${(b64Bytes(r, 300).match(/.{1,64}/g) ?? []).join('\n')}\n=${mixed(r, 4)}\n-----END PGP MESSAGE-----`),
    (r) => c(`jasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256\nspring.datasource.password=ENC(${b64Bytes(r, 48)})`),
    (r) => c(`#/-------------------[DOTENV_PUBLIC_KEY]--------------------/\n#/            public-key encryption for .env files          /\nDOTENV_PUBLIC_KEY="02${hexOf(r, 64)}"\n\n# .env\n${name(r)}="encrypted:BD${b64Bytes(r, 120)}"`),
    (r) => c(`$ cat config/credentials.yml.enc\n${b64Bytes(r, 180)}--${b64Bytes(r, 12)}--${b64Bytes(r, 16)}`),
    (r) => c(`$ vault write -field=ciphertext transit/encrypt/orders plaintext=$(base64 <<< "$CARD")\nvault:v1:${b64Bytes(r, 60)}`),
    (r) => c(`"encryptedKey": {\n  "keyId": "arn:aws:kms:eu-west-1:${acct(r)}:key/${uuid(r)}",\n  "ciphertext": "AQIDAHh${b64Bytes(r, 160)}"\n}`),
]);
function wrap64(s) { return (s.match(/.{1,64}/g) ?? []).join('\n'); }
const publicKeys = anyOf('neg-public-keys-certs', 22, [
    (r) => c(`$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${mixed(r, 43, ALNUM + '+/')} deploy-key`),
    (r) => c(`# ~/.ssh/authorized_keys\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${b64Bytes(r, 380).replace(/=+$/, '')} ci-runner`),
    (r) => c(`$ ssh-keyscan github.com 2>/dev/null | head -1\ngithub.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${mixed(r, 43, ALNUM + '+/')}`),
    (r) => c(`-----BEGIN PUBLIC KEY-----\n${wrap64('MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' + b64Bytes(r, 250).replace(/=+$/, '') + 'IDAQAB')}\n-----END PUBLIC KEY-----`),
    (r) => c(`$ openssl s_client -connect api.lumen.dev:443 -showcerts </dev/null 2>/dev/null | sed -n '/BEGIN/,/END/p'\n-----BEGIN CERTIFICATE-----\n${wrap64('MIIF' + b64Bytes(r, 900))}\n-----END CERTIFICATE-----`),
    (r) => c(`# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)},age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}`),
    (r) => c(`[Peer]\nPublicKey = ${b64Bytes(r, 32)}\nEndpoint = vpn.lumen.dev:51820\nAllowedIPs = 10.8.0.0/24`),
    (r) => c(`{"keys":[{"kty":"RSA","use":"sig","kid":"${hexOf(r, 40)}","alg":"RS256","n":"${b64Bytes(r, 256).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}","e":"AQAB"}]}`),
    (r) => c(`-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG${wrap64(b64Bytes(r, 500))}\n=${mixed(r, 4)}\n-----END PGP PUBLIC KEY BLOCK-----`),
    (r) => c(`apiVersion: v1\nkind: ConfigMap\ndata:\n  ca.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU${b64Bytes(r, 600)}`),
    (r) => c(`$ gpg --list-keys --keyid-format long\npub   ed25519/${hexOf(r, 16).toUpperCase()} 2025-01-10 [SC]\n      ${hexOf(r, 40).toUpperCase()}\nuid                 [ultimate] Lumen Release Signing`),
]);
const lockfiles = anyOf('neg-lockfile-integrity', 22, [
    (r) => c(`"node_modules/${r.pick(['undici', 'zod', 'esbuild', 'semver'])}": {\n  "version": "${r.int(1, 9)}.${r.int(0, 30)}.${r.int(0, 20)}",\n  "resolved": "https://registry.npmjs.org/x/-/x-1.0.0.tgz",\n  "integrity": "sha512-${b64Bytes(r, 64)}",\n  "license": "MIT"\n}`),
    (r) => c(`"@babel/core@^7.24.0":\n  version "7.26.0"\n  resolved "https://registry.yarnpkg.com/@babel/core/-/core-7.26.0.tgz#${hexOf(r, 40)}"\n  integrity sha512-${b64Bytes(r, 64)}`),
    (r) => c(`[[package]]\nname = "serde"\nversion = "1.0.${r.int(150, 220)}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${hexOf(r, 64)}"`),
    (r) => c(`[[package]]\nname = "requests"\nversion = "2.32.3"\nfiles = [\n    {file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:${hexOf(r, 64)}"},\n]`),
    (r) => c(`golang.org/x/crypto v0.${r.int(20, 40)}.0 h1:${b64Bytes(r, 32)}\ngolang.org/x/crypto v0.${r.int(20, 40)}.0/go.mod h1:${b64Bytes(r, 32)}`),
    (r) => c(`  /zod@3.23.8:\n    resolution: {integrity: sha512-${b64Bytes(r, 64)}}\n    dev: false`),
    (r) => c(`"locked": {\n  "lastModified": 17${r.str(DIGITS, 8)},\n  "narHash": "sha256-${b64Bytes(r, 32)}",\n  "rev": "${hexOf(r, 40)}",\n  "type": "github"\n}`),
    (r) => c(`requests==2.32.3 \\\n    --hash=sha256:${hexOf(r, 64)} \\\n    --hash=sha256:${hexOf(r, 64)}`),
    (r) => c(`"source": {\n    "type": "git",\n    "url": "https://github.com/guzzle/guzzle.git",\n    "reference": "${hexOf(r, 40)}"\n},\n"dist": { "shasum": "" }`),
    (r) => c(`{\n  "identity" : "swift-argument-parser",\n  "kind" : "remoteSourceControl",\n  "state" : { "revision" : "${hexOf(r, 40)}", "version" : "1.5.0" }\n}`),
    (r) => c(`  "jason": {:hex, :jason, "1.4.4", "${hexOf(r, 64)}", [:mix], [], "hexpm", "${hexOf(r, 64)}"},`),
    (r) => c(`CHECKSUMS\n  rack (3.1.8) sha256=${hexOf(r, 64)}\n  rails (8.0.0) sha256=${hexOf(r, 64)}`),
]);
const assets = anyOf('neg-assets-minified', 20, [
    (r) => c(`.logo { background-image: url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA${b64Bytes(r, 300)}"); }`),
    (r) => c(`@font-face { font-family: "Inter"; src: url(data:font/woff2;base64,d09GMgABAAAAA${b64Bytes(r, 400)}) format("woff2"); }`),
    (r) => c(`{"version":3,"file":"app.min.js","sources":["../src/app.ts"],"names":["e","t","n"],"mappings":"${Array.from({ length: 30 }, () => r.str('ABCDEFGIKLMOQSUWYacegikmoqsuwy+/', r.int(4, 8))).join(';')}"}`),
    (r) => c(`!function(e,t){"object"==typeof exports?module.exports=t():e.${mixed(r, 6)}=t()}(this,function(){var e=${r.int(1, 99)},t="${mixed(r, 22)}";return function(n){return n+e+t}});`),
    (r) => c(`<img alt="avatar" src="data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ${b64Bytes(r, 250)}" />`),
    (r) => c(`<path d="M${r.int(1, 20)}.${r.int(0, 99)} ${r.int(1, 20)}.${r.int(0, 9)}c${r.int(0, 9)}.${r.int(10, 99)}-${r.int(0, 9)}.${r.int(10, 99)} 1.${r.int(10, 99)}-2.${r.int(10, 99)} 3.5-3.5V4a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2z"/>`),
    (r) => c(`export const ICON = "data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="' + r.int(4, 10) + '"/></svg>')}";`),
    (r) => c(`$ head -c 300 dist/assets/index-${mixed(r, 8, ALNUM + '_-')}.js\nimport{r as ${r.str(LOWER, 1)},j as ${r.str(LOWER, 1)}}from"./vendor-${mixed(r, 8)}.js";const ${r.str(LOWER, 2)}=()=>{const[a,b]=useState(0);return a+b}`),
    (r) => c(`"favicon": "data:image/x-icon;base64,AAABAAEAEBAAAAEAIABoBAAAFgAAACgAAAAQAAAAIAAAAAEAIAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAD${b64Bytes(r, 120)}"`),
    (r) => c(`const wasm = Uint8Array.from(atob("AGFzbQEAAAAB${b64Bytes(r, 200)}"), (c) => c.charCodeAt(0));`),
]);
function luhnInvalid(r, len) {
    for (;;) {
        const n = String(r.int(1, 9)) + r.str(DIGITS, len - 1);
        if (!luhnValid(n))
            return n;
    }
}
const numbers = anyOf('neg-versions-numbers', 24, [
    (r) => c(`$ node --version\nv${r.int(18, 23)}.${r.int(0, 19)}.${r.int(0, 9)}\n$ npm --version\n10.${r.int(0, 9)}.${r.int(0, 9)}`),
    (r) => c(`[assembly: AssemblyVersion("${r.int(1, 9)}.${r.int(0, 9)}.${r.int(0, 99)}.0")]\n[assembly: AssemblyFileVersion("${r.int(1, 9)}.${r.int(0, 9)}.${r.int(0, 99)}.${r.int(0, 999)}")]`),
    (r) => c(`Invoice number: ${luhnInvalid(r, 16)}\nAmount due: 1,240.00 EUR`),
    (r) => c(`{"tweet_id": "1${r.str(DIGITS, 18)}", "created_at": 17${r.str(DIGITS, 11)}}`),
    (r) => c(`ISBN 978-${r.int(0, 1)}-${r.str(DIGITS, 3)}-${r.str(DIGITS, 5)}-${r.int(0, 9)}`),
    (r) => c(`Tracking number: 1Z${r.str(UPPER_ALNUM, 16)} (UPS)`),
    (r) => c(`For the demo, call the fictional support line (${r.pick(['212', '415', '312'])}) 555-01${String(r.int(0, 99)).padStart(2, '0')}.`),
    (r) => c(`2026-11-25T10:14:02.${r.str(DIGITS, 3)}Z took ${r.int(100, 999)}ms elapsed_ns=${r.str(DIGITS, 13)}`),
    (r) => c(`Chrome/${r.int(120, 132)}.0.${r.int(6000, 6999)}.${r.int(10, 200)} Safari/537.36`),
    (r) => c(`EXPOSE ${r.pick([3000, 8080, 5432, 6379])}\nLABEL build.number="${r.int(1000, 99999)}" version="${r.int(1, 5)}.${r.int(0, 20)}.${r.int(0, 20)}"`),
    (r) => c(`Order #${r.str(DIGITS, 10)} shipped · SKU ${r.str(UPPER, 3)}-${r.str(DIGITS, 6)} · qty ${r.int(1, 9)}`),
    (r) => c(`error: process exited with code ${r.int(1, 255)} after ${r.int(1, 3600)} s (pid ${r.int(1000, 65000)})`),
    (r) => c(`| p50 | p95 | p99 |\n|---|---|---|\n| ${r.int(10, 99)}.${r.int(0, 9)} ms | ${r.int(100, 400)}.${r.int(0, 9)} ms | ${r.int(400, 2000)} ms |`),
    (r) => c(`const MAX_SAFE = 9007199254740991;\nconst LIMIT = ${r.str(DIGITS, 12)}n;`),
]);
const roleEmails = anyOf('neg-role-bot-emails', 20, [
    () => c(`Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>`),
    (r) => c(`From: GitHub <noreply@github.com>\nSubject: [lumen/api] Run failed: CI - main (${hexOf(r, 7)})`),
    () => c(`$ git clone git@github.com:lumen/api.git\nCloning into 'api'...`),
    (r) => c(`Please report vulnerabilities to security@lumen.dev (PGP key ${hexOf(r, 16).toUpperCase()}).`),
    () => c(`MAIL_FROM_ADDRESS=no-reply@lumen.dev\nMAIL_FROM_NAME="Lumen"`),
    () => c(`Return-Path: <bounces+${'12345'}@sendgrid.net>\nReply-To: support@lumen.dev`),
    () => c(`# examples\nuser = User(email="alice@example.com")\nother = User(email="bob@example.org")`),
    () => c(`"bugs": { "url": "https://github.com/lumen/cli/issues", "email": "opensource@lumen.dev" }`),
    () => c(`Author: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>`),
    () => c(`postmaster@lumen.dev, abuse@lumen.dev and hostmaster@lumen.dev must exist for the DMARC report.`),
    () => c(`client_email: deployer@lumen-prod-4412.iam.gserviceaccount.com`),
    () => c(`git config user.email "ci@lumen.dev" && git config user.name "Lumen CI"`),
    () => c(`Message-ID: <20261125101402.4412@lumen.dev>\nIn-Reply-To: <20261124090011.1187@lumen.dev>`),
]);
const privateIps = anyOf('neg-private-reserved-ips', 22, [
    (r) => c(`$ ip -4 addr show eth0\n    inet 10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(2, 254)}/16 brd 10.0.255.255 scope global eth0`),
    (r) => c(`upstream api {\n    server 192.168.${r.int(0, 255)}.${r.int(2, 254)}:8080;\n    server 172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(2, 254)}:8080;\n}`),
    (r) => c(`$ curl -s http://169.254.169.254/latest/meta-data/instance-type\nm6i.large`),
    (r) => c(`resource "aws_vpc" "main" { cidr_block = "10.${r.int(0, 200)}.0.0/16" }\nresource "aws_subnet" "a" { cidr_block = "10.${r.int(0, 200)}.1.0/24" }`),
    () => c(`Listening on http://127.0.0.1:3000 and http://[::1]:3000`),
    (r) => c(`Example from RFC 5737: ping 192.0.2.${r.int(1, 254)}, 198.51.100.${r.int(1, 254)} and 203.0.113.${r.int(1, 254)}`),
    (r) => c(`tailscale status\n100.${r.int(64, 127)}.${r.int(0, 255)}.${r.int(1, 254)}  build-box   linux   -`),
    (r) => c(`inet6 fe80::${hexOf(r, 4)}:${hexOf(r, 4)}:${hexOf(r, 4)}:${hexOf(r, 4)}%en0 prefixlen 64\ninet6 fd${hexOf(r, 2)}:${hexOf(r, 4)}::1 prefixlen 64`),
    () => c(`server.bind("0.0.0.0", 8080)  # netmask 255.255.255.0, gateway 192.168.1.1`),
    (r) => c(`Documentation prefix: 2001:db8:${hexOf(r, 4)}::/48`),
    (r) => c(`$ kubectl get pods -o wide\nNAME          READY   STATUS    IP            NODE\napi-7d9f-x2   1/1     Running   10.244.${r.int(0, 9)}.${r.int(2, 250)}   node-a`),
]);
const prose = anyOf('neg-prose-about-secrets', 20, [
    () => c(`I didn't print the key. It lives in the \`STRIPE_SECRET_KEY\` environment variable; rotate it in the Stripe dashboard and update the secret in your deployment platform rather than committing it.`),
    () => c(`The password must be at least 12 characters and include a digit; the API rejects passwords that appear in known breach lists.`),
    () => c(`Das Passwort wird nie im Klartext gespeichert, sondern nur als Argon2-Hash.`),
    () => c(`Le jeton d'accès expire après une heure ; utilisez le jeton de rafraîchissement pour en obtenir un nouveau.`),
    () => c(`La contraseña debe cambiarse cada 90 días según la política de seguridad.`),
    () => c(`Tokens are scoped per repository. If the token leaked, revoke it under Settings → Developer settings → Personal access tokens and create a new one.`),
    () => c(`User: where should I put my API key so it's not committed?\n\nAssistant: Put it in \`.env\` (already in \`.gitignore\`) and read it with \`process.env.API_KEY\`.`),
    () => c(`パスワードは環境変数から読み込まれます。コードには書かないでください。`),
    () => c(`The secret key is derived from the master key with HKDF; neither is ever logged.`),
    () => c(`Session cookies are HttpOnly and Secure; the CSRF token is sent in a header.`),
    () => c(`密钥存放在 Vault 中，应用启动时通过 Kubernetes 认证读取。`),
    () => c(`Passwort vergessen? Wir senden Ihnen einen Link zum Zurücksetzen.`),
    () => c(`A private key should never leave the HSM; only the public key is exported for verification.`),
    () => c(`Пароль хранится в менеджере секретов, а не в репозитории.`),
]);
const ui = anyOf('neg-ui-translations', 18, [
    () => c(`{\n  "login.email": "E-Mail-Adresse",\n  "login.password": "Passwort",\n  "login.forgot": "Passwort vergessen?",\n  "settings.apiToken": "API-Token"\n}`),
    () => c(`msgid "Password"\nmsgstr "Mot de passe"\n\nmsgid "Confirm password"\nmsgstr "Confirmez le mot de passe"`),
    () => c(`<string name="password_hint">Contraseña</string>\n<string name="token_label">Token de acceso</string>`),
    () => c(`"Password" = "Senha";\n"Secret key" = "Chave secreta";`),
    () => c(`ja:\n  devise:\n    password: パスワード\n    password_confirmation: パスワード（確認）`),
    () => c(`{ "password": "Пароль", "token": "Токен", "secret": "Секрет" }`),
    () => c(`password_label = Hasło\napi_key_label = Klucz API`),
    () => c(`<label for="password">{{ t('auth.password') }}</label>\n<input id="password" type="password" autocomplete="current-password" />`),
    () => c(`zh-CN:\n  password: 密码\n  api_key: API 密钥`),
    () => c(`"auth": { "password": "Parola", "passwordRepeat": "Parolayı tekrarla", "token": "Erişim anahtarı" }`),
    () => c(`PASSWORD_TOO_SHORT=La password deve contenere almeno 12 caratteri`),
]);
const codeHandling = anyOf('neg-code-handling-secrets', 22, [
    () => c(`interface Credentials {\n  username: string;\n  password: string;\n  apiKey?: string;\n}`),
    () => c(`const schema = z.object({ email: z.string().email(), password: z.string().min(12) });`),
    () => c(`CREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  password_hash TEXT NOT NULL,\n  api_token_digest BYTEA\n);`),
    () => c(`if not bcrypt.checkpw(password.encode(), user.password_hash):\n    raise AuthError("invalid password")`),
    () => c(`type Config struct {\n\tPassword string \`json:"password" env:"DB_PASSWORD,required"\`\n\tToken    string \`json:"-"\`\n}`),
    () => c(`password = getpass.getpass("Password: ")\ntoken = input("Paste your token: ").strip()`),
    () => c(`parser.add_argument("--password", help="database password (default: read from $PGPASSWORD)")`),
    () => c(`token = jwt.encode(payload, settings.SECRET_KEY, algorithm="HS256")`),
    () => c(`@JsonIgnore\nprivate String password;\n\npublic void setPassword(String password) { this.password = encoder.encode(password); }`),
    () => c(`def redact(s: str) -> str:\n    return re.sub(r"(api_key=)[^&]+", r"\\1***", s)`),
    () => c(`expect(res.body).not.toHaveProperty('password');\nexpect(log).not.toContain(process.env.API_KEY);`),
    () => c(`public function rules(): array {\n    return ['password' => ['required', 'confirmed', Password::min(12)]];\n}`),
    () => c(`let secret = Secret::new(std::env::var("API_SECRET")?);\nlet client = Client::builder().api_key(secret.expose()).build();`),
    () => c(`ALTER ROLE app_user WITH PASSWORD :'new_password';  -- psql variable, set with \\set`),
]);
const cleanOutput = anyOf('neg-clean-tool-output', 22, [
    (r) => c(`  # aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {\n        id       = "lumen-prod"\n      ~ password = (sensitive value)\n        tags     = { "env" = "prod" }\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy. (run ${r.int(100, 999)})`),
    (r) => c(`$ kubectl get secrets -n prod\nNAME                  TYPE                             DATA   AGE\ndb-creds              Opaque                           2      ${r.int(2, 90)}d\ningress-tls           kubernetes.io/tls                2      ${r.int(2, 90)}d\nregistry              kubernetes.io/dockerconfigjson   1      ${r.int(2, 90)}d`),
    () => c(`$ kubectl describe secret db-creds -n prod\nName:         db-creds\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  8 bytes`),
    () => c(`$ env | sort\nHOME=/home/dev\nLANG=C.UTF-8\nNODE_ENV=development\nPATH=/usr/local/bin:/usr/bin:/bin\nPWD=/workspace/app\nSHELL=/bin/bash\nTERM=xterm-256color`),
    (r) => c(`$ docker ps\nCONTAINER ID   IMAGE             COMMAND                  STATUS         PORTS\n${hexOf(r, 12)}   postgres:16       "docker-entrypoint.s…"   Up 2 hours     0.0.0.0:5432->5432/tcp\n${hexOf(r, 12)}   redis:7-alpine    "docker-entrypoint.s…"   Up 2 hours     6379/tcp`),
    () => c(`$ npm whoami\nlumen-ci\n$ npm publish --dry-run\nnpm notice 📦  @lumen/cli@2.4.0`),
    () => c(`$ vault status\nKey             Value\n---             -----\nSeal Type       shamir\nInitialized     true\nSealed          false\nTotal Shares    5\nThreshold       3\nVersion         1.17.2`),
    () => c(`$ terraform output\ndb_endpoint = "lumen-prod.c9x2kq.eu-west-1.rds.amazonaws.com:5432"\ndb_password = <sensitive>\nvpc_id = "vpc-0a1b2c3d4e5f67890"`),
    () => c(`$ heroku config -a lumen-api | cut -d: -f1\n=== lumen-api Config Vars\nDATABASE_URL\nREDIS_URL\nSTRIPE_SECRET_KEY`),
    (r) => c(`$ gh secret list\nNAME               UPDATED\nNPM_TOKEN          about ${r.int(2, 11)} months ago\nSENTRY_AUTH_TOKEN  about 1 month ago`),
    () => c(`Run actions/checkout@v4\n  with:\n    token: ***\n    persist-credentials: true\nSyncing repository: lumen/api`),
    () => c(`$ docker inspect api --format '{{json .Config.Env}}'\n["PATH=/usr/local/bin:/usr/bin:/bin","NODE_ENV=production","PORT=8080","LOG_LEVEL=info"]`),
    () => c(`$ cargo publish\n    Updating crates.io index\n   Packaging lumen-core v0.9.1\n   Uploading lumen-core v0.9.1\n    Uploaded lumen-core v0.9.1 to registry \`crates-io\``),
]);
const configs = anyOf('neg-config-without-secrets', 18, [
    () => c(`name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with: { node-version: 22, cache: npm }\n      - run: npm ci && npm test`),
    () => c(`[tool.pytest.ini_options]\naddopts = "-q --strict-markers"\ntestpaths = ["tests"]`),
    () => c(`FROM node:22-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nCMD ["node", "dist/server.js"]`),
    () => c(`registry=https://registry.npmjs.org/\n@lumen:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=\${NODE_AUTH_TOKEN}`),
    () => c(`[registries.lumen]\nindex = "sparse+https://cargo.lumen.dev/index/"\ncredential-provider = ["cargo:token"]`),
    () => c(`<configuration>\n  <packageSourceCredentials>\n    <lumen>\n      <add key="Username" value="az" />\n      <add key="ClearTextPassword" value="%NUGET_PAT%" />\n    </lumen>\n  </packageSourceCredentials>\n</configuration>`),
    () => c(`[pgbouncer]\nlisten_port = 6432\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = transaction`),
    () => c(`spring:\n  datasource:\n    url: jdbc:postgresql://localhost:5432/app\n    username: \${DB_USER}\n    password: \${DB_PASSWORD}`),
    () => c(`[mysqld]\ndefault_authentication_plugin = caching_sha2_password\nvalidate_password.length = 12`),
    () => c(`logging:\n  level: info\n  redact_fields: [password, token, secret, authorization]`),
    () => c(`$ git diff .env.example\n+SENTRY_DSN=\n+SENTRY_AUTH_TOKEN=\n-LEGACY_TOKEN=`),
    () => c(`# php.ini\nsession.cookie_secure = 1\nsession.cookie_httponly = 1\nsession.use_strict_mode = 1`),
]);
export const NEGATIVE_CATEGORIES = [
    envReads, secretManagers, references, placeholders, hashesIds, encrypted, publicKeys, lockfiles, assets, numbers,
    roleEmails, privateIps, prose, ui, codeHandling, cleanOutput, configs,
];
export const PROSE_NEGATIVE = new Set(['neg-prose-about-secrets', 'neg-ui-translations']);
// keep imported helpers referenced
void B64;
void HEX;
void LOWER_ALNUM;
//# sourceMappingURL=negatives.js.map