/**
 * Hard negatives (blind holdout v2): text that looks like a secret or personal data but is not.
 * A negative fails if the redactor changes anything at all.
 */
import { categorySpec } from './secrets.js';
import { ALNUM, B64, B64URL, DIG, HEX, HEXU, LO, UP, b64, luhnValid, made, uuid, wrap } from './util.js';
const readsSecret = categorySpec('code-reads-secret', 22, [
    () => made(`api_key = os.environ["OPENAI_API_KEY"]\nclient = OpenAI(api_key=api_key)`),
    () => made(`const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: '2024-06-20' });`),
    () => made(`password = getpass.getpass("Database password: ")\nconn = psycopg.connect(host=host, user=user, password=password)`),
    () => made(`token := os.Getenv("GITHUB_TOKEN")\nif token == "" {\n\tlog.Fatal("GITHUB_TOKEN is not set")\n}`),
    () => made(`let secret = std::env::var("JWT_SECRET").expect("JWT_SECRET must be set");`),
    () => made(`String password = System.getenv("DB_PASSWORD");\nif (password == null) throw new IllegalStateException("DB_PASSWORD missing");`),
    () => made(`$password = Read-Host -AsSecureString "Enter password"`),
    () => made(`read -rsp "Vault token: " VAULT_TOKEN && export VAULT_TOKEN`),
    () => made(`def authenticate(username: str, password: str) -> bool:\n    user = User.get(username)\n    return bcrypt.checkpw(password.encode(), user.password_hash)`),
    () => made(`if (!req.headers.authorization?.startsWith('Bearer ')) return res.status(401).end();\nconst token = req.headers.authorization.slice(7);`),
    () => made(`PASSWORD_MIN_LENGTH = 12\nPASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]`),
    () => made(`unset AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN\nexport AWS_PROFILE=sandbox`),
    () => made(`"usage": {"input_tokens": 18231, "output_tokens": 912, "cache_read_input_tokens": 16004}`),
    () => made(`token_type: "Bearer"\nexpires_in: 3600\nmax_tokens: 4096`),
    () => made(`@Value("\${spring.datasource.password}")\nprivate String dbPassword;`),
]);
const managerRefs = categorySpec('secret-manager-refs', 20, [
    () => made(`env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: postgres-credentials\n        key: password`),
    (r) => made(`$ aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text --region ${r.pick(['us-east-1', 'eu-west-1'])}`),
    () => made(`$ vault kv get -field=password secret/data/payments/postgres`),
    () => made(`OPENAI_API_KEY=op://Engineering/OpenAI/credential`),
    () => made(`"DbPassword": "@Microsoft.KeyVault(SecretUri=https://kv-acme-prod.vault.azure.net/secrets/db-password/)"`),
    (r) => made(`password: '{{ resolve:secretsmanager:arn:aws:secretsmanager:us-east-1:${r.str(DIG, 12)}:secret:prod/db-${r.str(ALNUM, 6)}:SecretString:password }}'`),
    () => made(`DATABASE_URL=sm://projects/acme-prod/secrets/database-url/versions/latest`),
    () => made(`secrets:\n  db_password:\n    file: ./secrets/db_password.txt\nservices:\n  app:\n    secrets: [db_password]`),
    () => made(`gcloud secrets versions access latest --secret=stripe-api-key --project=acme-prod`),
    () => made(`password_file = "/run/secrets/postgres_password"`),
    () => made(`spec:\n  secretStoreRef:\n    name: aws-secrets-manager\n    kind: ClusterSecretStore\n  data:\n    - secretKey: api-key\n      remoteRef:\n        key: prod/api\n        property: key`),
    () => made(`doppler secrets get STRIPE_SECRET_KEY --plain --project api --config prd`),
    () => made(`value: "vault:secret/data/app#DB_PASSWORD"`),
]);
const templateRefs = categorySpec('template-refs', 24, [
    () => made(`- name: Publish\n  run: npm publish\n  env:\n    NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}`),
    () => made(`password: {{ .Values.postgresql.auth.password | quote }}`),
    () => made(`DATABASE_URL=postgres://\${DB_USER}:\${DB_PASSWORD}@\${DB_HOST}:5432/\${DB_NAME}`),
    () => made(`cursor.execute("UPDATE users SET password_hash = %(password)s WHERE id = %(id)s", params)`),
    () => made(`ansible_become_password: "{{ vault_become_password }}"`),
    () => made(`api_key = "{{ env_var('DBT_API_KEY') }}"`),
    () => made(`variable "db_password" {\n  type      = string\n  sensitive = true\n}\n\npassword = var.db_password`),
    () => made(`"adminPassword": { "value": "[parameters('adminPassword')]" }`),
    () => made(`curl -H "Authorization: Bearer $TOKEN" -H "X-Api-Key: $API_KEY" https://api.acme.dev/v1/ping`),
    () => made(`export PGPASSWORD="$(cat /run/secrets/pgpass)"`),
    () => made(`<password>\${env.NEXUS_PASSWORD}</password>`),
    () => made(`url: jdbc:postgresql://{{ db_host }}:5432/{{ db_name }}?user={{ db_user }}&password={{ db_pass }}`),
    () => made(`const url = \`redis://:\${process.env.REDIS_PASSWORD}@\${host}:6379\`;`),
    () => made(`password = <%= ENV.fetch("SMTP_PASSWORD") %>`),
]);
const placeholders = categorySpec('placeholders', 24, [
    () => made(`OPENAI_API_KEY=your-api-key-here\nANTHROPIC_API_KEY=<your-anthropic-key>`),
    () => made(`STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx`),
    () => made(`DATABASE_URL=postgresql://USER:PASSWORD@HOST:5432/DBNAME`),
    () => made(`export GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`),
    () => made(`aws_access_key_id = <ACCESS_KEY_ID>\naws_secret_access_key = <SECRET_ACCESS_KEY>`),
    () => made(`# Replace with your own token\nSLACK_BOT_TOKEN=xoxb-your-bot-token`),
    () => made(`password: "********"  # set via the UI`),
    () => made(`"apiKey": "YOUR_API_KEY",\n"authDomain": "YOUR_PROJECT.firebaseapp.com"`),
    () => made(`mysql -u root -p\nEnter password:`),
    () => made(`API_KEY=\nAPI_SECRET=\n# fill these in from the dashboard`),
    () => made(`token = "REPLACE_ME"`),
    () => made(`Set \`HF_TOKEN\` to a token from https://huggingface.co/settings/tokens (it starts with \`hf_\`).`),
    () => made(`curl -u admin:<password> https://localhost:9200/_cluster/health`),
    () => made(`DB_PASSWORD=... # ask in #infra`),
]);
const redacted = categorySpec('already-redacted', 18, [
    () => made(`OPENAI_API_KEY=[REDACTED]\nDB_PASSWORD=[REDACTED]`),
    () => made(`Authorization: Bearer ***`),
    () => made(`"token": "<redacted>"`),
    (r) => made(`aws_access_key_id = AKIA****************\naws_secret_access_key = ****************************************\nregion = ${r.pick(['us-east-1', 'eu-west-1'])}`),
    () => made(`DATABASE_URL=postgres://app:****@db.internal:5432/app`),
    () => made(`Using token ghp_…a1B2 (expires in 29 days)`),
    () => made(`password: [FILTERED]`),
    () => made(`STRIPE_SECRET_KEY=sk_live_•••••••••••••••••••••••••`),
    () => made(`Secret values are masked in logs: DEPLOY_KEY=***`),
    () => made(`{"api_key":"[REDACTED:openai-api-key]","model":"gpt-4o"}`),
    () => made(`PGPASSWORD=xxxxxxxx psql -h localhost -U postgres`),
    () => made(`client_secret: "******** (hidden)"`),
]);
const hashes = categorySpec('hashes-digests', 24, [
    (r) => made(`$ sha256sum dist/atx-linux-x64.tar.gz\n${r.str(HEX, 64)}  dist/atx-linux-x64.tar.gz`),
    (r) => made(`commit ${r.str(HEX, 40)}\nMerge: ${r.str(HEX, 7)} ${r.str(HEX, 7)}\n\n    Merge pull request #${r.int(100, 9999)} from acme/feature/cart`),
    (r) => made(`image: ghcr.io/acme/api@sha256:${r.str(HEX, 64)}`),
    (r) => made(`ETag: "${r.str(HEX, 32)}"\nLast-Modified: Wed, 05 Mar 2025 09:12:44 GMT`),
    (r) => made(`<script src="/assets/index-${r.str(ALNUM, 8)}.js" integrity="sha384-${r.str(B64, 64)}" crossorigin="anonymous"></script>`),
    (r) => made(`$ git log --oneline -5\n${[0, 1, 2, 3, 4].map(() => `${r.str(HEX, 7)} ${r.pick(['fix: null check', 'chore: bump deps', 'feat: export csv', 'docs: readme', 'test: flaky retry'])}`).join('\n')}`),
    (r) => made(`md5: ${r.str(HEX, 32)}\nsha1: ${r.str(HEX, 40)}`),
    (r) => made(`Downloading https://files.pythonhosted.org/packages/${r.str(HEX, 2)}/${r.str(HEX, 2)}/${r.str(HEX, 60)}/numpy-2.1.3-cp312-cp312-manylinux_2_17_x86_64.whl (16.0 MB)`),
    (r) => made(`Step 4/9 : RUN npm ci\n ---> Using cache\n ---> ${r.str(HEX, 12)}`),
    (r) => made(`Successfully built ${r.str(HEX, 12)}\nSuccessfully tagged acme/api:${r.int(1, 9)}.${r.int(0, 30)}.${r.int(0, 9)}`),
    (r) => made(`object_id: ${r.str(HEX, 40)}\ntree ${r.str(HEX, 40)}\nparent ${r.str(HEX, 40)}`),
    (r) => made(`"contentHash": "${r.str(HEX, 20)}", "chunkhash": "${r.str(HEX, 8)}"`),
]);
const ids = categorySpec('ids-uuids', 26, [
    (r) => made(`x-request-id: ${uuid(r)}\ntraceparent: 00-${r.str(HEX, 32)}-${r.str(HEX, 16)}-01`),
    (r) => made(`{"id":"msg_01${r.str(ALNUM, 22)}","type":"message","role":"assistant","model":"claude-sonnet-4-5","stop_reason":"tool_use"}`),
    (r) => made(`{"type":"tool_use","id":"toolu_01${r.str(ALNUM, 22)}","name":"Bash","input":{"command":"npm test"}}`),
    (r) => made(`{"id":"chatcmpl-${r.str(ALNUM, 29)}","object":"chat.completion","created":${r.int(1700000000, 1760000000)}}`),
    (r) => made(`Created customer cus_${r.str(ALNUM, 14)} and payment intent pi_${r.str(ALNUM, 24)}`),
    (r) => made(`i-0${r.str(HEX, 16)}  running  t3.medium  vpc-0${r.str(HEX, 16)}  subnet-0${r.str(HEX, 16)}`),
    (r) => made(`metadata:\n  uid: ${uuid(r)}\n  resourceVersion: "${r.int(100000, 9999999)}"`),
    (r) => made(`Run ID: ${r.int(10000000000, 19999999999)}  Job: build (ubuntu-latest)  Attempt: 1`),
    (r) => made(`session_id: "${uuid(r)}"\nparentUuid: "${uuid(r)}"`),
    (r) => made(`resp_${r.str(HEX, 48)}`.replace(/^/, 'OpenAI response id: ')),
    (r) => made(`Slack channel C0${r.str(UP + DIG, 9)}, user U0${r.str(UP + DIG, 9)}, thread_ts ${r.int(1700000000, 1760000000)}.${r.str(DIG, 6)}`),
    (r) => made(`ulid: 01J${r.str('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 23)}`),
    (r) => made(`arn:aws:iam::${r.str(DIG, 12)}:role/github-actions-deploy`),
    (r) => made(`"client_id": "${r.str(DIG, 12)}-${r.str(LO + DIG, 32)}.apps.googleusercontent.com"`),
]);
const versionsNumbers = categorySpec('versions-numbers', 18, [
    (r) => made(`node v${r.int(18, 23)}.${r.int(0, 20)}.${r.int(0, 9)}\nnpm ${r.int(9, 11)}.${r.int(0, 9)}.${r.int(0, 9)}\nUser-Agent: Mozilla/5.0 Chrome/${r.int(120, 134)}.0.${r.int(6000, 6999)}.${r.int(10, 250)} Safari/537.36`),
    () => made(`[assembly: AssemblyVersion("4.2.1.0")]\n[assembly: AssemblyFileVersion("4.2.1.0")]`),
    (r) => made(`Elapsed: ${r.int(100000, 9999999)} ms (${r.int(1000, 99999)} requests, p99 ${r.int(100, 999)} ms)`),
    (r) => made(`Timestamp: ${r.int(1700000000000, 1760000000000)}\nnanos: ${r.str('123456789', 1)}${r.str(DIG, 18)}`),
    (r) => made(`ISBN 978-${r.int(0, 1)}-${r.str(DIG, 3)}-${r.str(DIG, 5)}-${r.int(0, 9)}; see pp. ${r.int(100, 400)}–${r.int(401, 600)}`),
    (r) => made(`Total: 4,294,967,296 bytes (${r.int(1, 99)}.${r.int(0, 9)} GiB), free ${r.int(100000, 999999)} blocks`),
    (r) => made(`coords: ${r.int(10, 60)}.${r.str(DIG, 6)}, ${r.int(-120, 120)}.${r.str(DIG, 6)}`),
    (r) => made(`GET /api/v2/orders?page=${r.int(2, 99)}&per_page=100&since=${r.int(1700000000, 1760000000)}`),
    (r) => made(`Windows 10 Pro 22H2 build 19045.${r.int(1000, 5999)}, KB${r.int(5000000, 5099999)} installed`),
    (r) => made(`Process exited with code 137 after ${r.int(100, 999)}s (pid ${r.int(1000, 65535)}, rss ${r.int(100000, 999999)} kB)`),
    (r) => made(`PR #${r.int(1000, 40000)} closes #${r.int(100, 40000)}; milestone v${r.int(1, 5)}.${r.int(0, 20)}`),
    (r) => made(`  "version": "${r.int(0, 9)}.${r.int(0, 40)}.${r.int(0, 40)}-rc.${r.int(1, 9)}",`),
]);
function nonLuhn(r, len, prefix) {
    let s = prefix + r.str(DIG, len - prefix.length);
    while (luhnValid(s))
        s = s.slice(0, -1) + String((Number(s.slice(-1)) + 1) % 10);
    return s;
}
const lookalikes = categorySpec('phone-card-lookalikes', 20, [
    (r) => made(`Order #${nonLuhn(r, 16, '4')} shipped via DHL, tracking ${r.str(DIG, 10)}`),
    (r) => made(`snowflake id: ${r.int(1, 9)}${r.str(DIG, 18)}`),
    (r) => made(`2025-03-14 10:22:31.${r.str(DIG, 6)} +0000 UTC m=+${r.int(1, 999)}.${r.str(DIG, 9)}`),
    (r) => made(`Invoice ${r.int(2024, 2025)}-${r.str(DIG, 6)} — amount 1 234 567,89 EUR — ref ${nonLuhn(r, 16, '5')}`),
    (r) => made(`id: ${nonLuhn(r, 16, '6011')}\nparent_id: ${nonLuhn(r, 16, '4')}`),
    (r) => made(`Serial number: ${r.str(UP, 2)}${r.str(DIG, 10)}  Part: ${r.str(DIG, 3)}-${r.str(DIG, 4)}-${r.str(DIG, 4)}`),
    (r) => made(`Test phone numbers are configured in the Firebase console; the build number is ${r.int(2024, 2025)}.${r.str(DIG, 4)}.${r.str(DIG, 4)}`),
    (r) => made(`Range: bytes=${r.int(1000000, 9999999)}-${r.int(10000000, 99999999)}`),
    (r) => made(`Phone field accepts E.164, e.g. +{country}{number}; stored as VARCHAR(16). Row count: ${r.int(1000000, 9999999)}`),
    (r) => made(`expected 0x${r.str(HEXU, 16)} got 0x${r.str(HEXU, 16)} at offset ${r.int(1000, 99999)}`),
    (r) => made(`IBAN validation: "DE00 0000 0000 0000 0000 00" is rejected (check digits 00 are never valid)`),
    (r) => made(`EAN-13: ${nonLuhn(r, 13, '40')}; quantity ${r.int(1, 500)}`),
]);
function pemPublic(label, start, r, lines) {
    return `-----BEGIN ${label}-----\n${wrap(start + r.str(B64, 64 * lines - start.length), 64)}\n-----END ${label}-----`;
}
const publicKeys = categorySpec('public-keys-certs', 20, [
    (r) => made(`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.str(B64, 43)} deploy@ci-runner`),
    (r) => made(`ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${r.str(B64, 360)}= backup-key`),
    (r) => made(pemPublic('PUBLIC KEY', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA', r, 6)),
    (r) => made(pemPublic('CERTIFICATE', 'MIIDdzCCAl+gAwIBAgIE', r, 18)),
    (r) => made(`github.com ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB${r.str(B64, 87)}=`),
    (r) => made(`-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBGX${r.str(B64, 57)}\n${r.str(B64, 64)}\n${r.str(B64, 64)}\n=${r.str(B64, 4)}\n-----END PGP PUBLIC KEY BLOCK-----`),
    (r) => made(`# public key: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\nrecipients: [age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}]`),
    (r) => made(`[Peer]\nPublicKey = ${r.str(B64, 43)}=\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.dev:51820`),
    (r) => made(`{"keys":[{"kty":"RSA","kid":"${r.str(B64URL, 43)}","use":"sig","alg":"RS256","e":"AQAB","n":"${r.str(B64URL, 342)}"}]}`),
    (r) => made(pemPublic('CERTIFICATE REQUEST', 'MIICijCCAXICAQAwRTEL', r, 10)),
]);
const encrypted = categorySpec('encrypted-values', 22, [
    (r) => made(`db:\n    password: ENC[AES256_GCM,data:${r.str(B64, 24)},iv:${r.str(B64, 43)}=,tag:${r.str(B64, 22)}==,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:${r.str(DIG, 12)}:key/${uuid(r)}\n    mac: ENC[AES256_GCM,data:${r.str(B64, 86)}==,iv:${r.str(B64, 43)}=,tag:${r.str(B64, 22)}==,type:str]`),
    (r) => made(`$ANSIBLE_VAULT;1.1;AES256\n${Array.from({ length: 6 }, () => r.str(HEX, 80)).join('\n')}`),
    (r) => made(`apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: api-keys\nspec:\n  encryptedData:\n    STRIPE_SECRET_KEY: AgB${r.str(B64, 700)}==`),
    (r) => made(`CiphertextBlob: AQICAHh${r.str(B64, 180)}==\nKeyId: arn:aws:kms:us-east-1:${r.str(DIG, 12)}:key/${uuid(r)}`),
    (r) => made(`$ cat config/credentials.yml.enc\n${r.str(B64, 120)}==--${r.str(B64, 22)}==--${r.str(B64, 22)}==`),
    (r) => made(`-----BEGIN AGE ENCRYPTED FILE-----\nYWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgyNTUxOSB${r.str(B64, 21)}\n${r.str(B64, 64)}\n${r.str(B64, 40)}\n-----END AGE ENCRYPTED FILE-----`),
    (r) => made(`jasypt.encryptor.password is injected at runtime\nspring.datasource.password=ENC(${r.str(B64, 44)})`),
    (r) => made(`$ openssl enc -aes-256-cbc -pbkdf2 -a -in secret.txt\nU2FsdGVkX1${r.str(B64, 42)}=`),
    (r) => made(`-----BEGIN PGP MESSAGE-----\n\nhQEMA${r.str(B64, 59)}\n${r.str(B64, 64)}\n${r.str(B64, 30)}\n=${r.str(B64, 4)}\n-----END PGP MESSAGE-----`),
    (r) => made(`gcloud kms encrypt --plaintext-file=- --ciphertext-file=- ... | base64\nCiQA${r.str(B64, 100)}`),
]);
const helpText = categorySpec('help-text', 16, [
    () => made(`Options:\n  -u, --username <USER>      Registry user name\n  -p, --password <PASSWORD>  Registry password (or set REGISTRY_PASSWORD)\n      --password-stdin       Take the password from stdin`),
    () => made(`  -p, --password[=name] Password to use when connecting to server. If password is\n                        not given it's asked from the tty.`),
    () => made(`USAGE\n  gh auth login [flags]\n\nFLAGS\n  --with-token   Read token from standard input\n  -h, --hostname string   The hostname of the GitHub instance to authenticate with`),
    () => made(`--api-key TEXT  Your API key. Defaults to the ACME_API_KEY environment variable.  [required]`),
    () => made(`Environment variables:\n  PGPASSWORD      password to be used if the server demands password authentication\n  PGPASSFILE      name of the password file (default ~/.pgpass)`),
    () => made(`error: the following required arguments were not provided:\n  --token <TOKEN>\n\nUsage: deployctl push --token <TOKEN> <IMAGE>`),
    () => made(`Authentication failed: invalid API key. Check that OPENAI_API_KEY is set and has not been revoked.`),
    () => made(`aws configure\nAWS Access Key ID [None]:\nAWS Secret Access Key [None]:\nDefault region name [None]: eu-central-1`),
    () => made(`| Variable | Description |\n|---|---|\n| \`SENTRY_AUTH_TOKEN\` | Auth token used to upload source maps |\n| \`SENTRY_ORG\` | Organization slug |`),
    () => made(`The secret key must be at least 32 bytes; generate one with \`openssl rand -hex 32\` and store it in your secret manager.`),
    () => made(`remote: Support for password authentication was removed on August 13, 2021.\nremote: Please see https://docs.github.com/en/get-started/getting-started-with-git/about-remote-repositories#cloning-with-https-urls for information on currently recommended modes of authentication.`),
]);
const i18n = categorySpec('translated-ui', 14, [
    () => made(`{\n  "login.password": "Passwort",\n  "login.forgot": "Passwort vergessen?",\n  "settings.apiKey": "API-Schlüssel",\n  "settings.token.expired": "Ihr Token ist abgelaufen"\n}`),
    () => made(`msgid "Enter your password"\nmsgstr "Introduce tu contraseña"\n\nmsgid "Invalid API key"\nmsgstr "Clave de API no válida"`),
    () => made(`password_reset:\n  title: "Réinitialiser le mot de passe"\n  hint: "Votre mot de passe doit contenir au moins 12 caractères"`),
    () => made(`"auth": {\n  "password": "パスワード",\n  "apiKey": "APIキー",\n  "secret": "シークレット"\n}`),
    () => made(`<string name="password_hint">Пароль</string>\n<string name="token_expired">Срок действия токена истёк</string>`),
    () => made(`"login_failed": "用户名或密码错误",\n"api_key_label": "API 密钥"`),
    () => made(`senha: "Senha"\nesqueci_senha: "Esqueci minha senha"\nchave_api: "Chave de API"`),
    () => made(`export const it = { password: 'Password', showPassword: 'Mostra password', secretKey: 'Chiave segreta' };`),
    () => made(`"password.strength.weak": "약한 비밀번호",\n"password.strength.strong": "강력한 비밀번호"`),
    () => made(`wachtwoord_vergeten = Wachtwoord vergeten?\ntoken_ongeldig = Ongeldig token`),
]);
const roleEmails = categorySpec('role-emails', 18, [
    () => made(`From: GitHub <noreply@github.com>\nTo: ops@acme.dev\nSubject: [acme/api] Run failed: CI - main`),
    () => made(`Author: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>`),
    () => made(`git config user.email "41898282+github-actions[bot]@users.noreply.github.com"`),
    () => made(`Security issues: please report to security@acme.dev (PGP key on the website).`),
    () => made(`"maintainers": [{ "name": "Acme OSS", "email": "opensource@acme.dev" }]`),
    () => made(`EMAIL_FROM=no-reply@notifications.fleetly.app\nSUPPORT_EMAIL=support@fleetly.app`),
    () => made(`user1@example.com, jane.doe@example.org and test@example.net are reserved for documentation.`),
    () => made(`postmaster@localhost: mailbox full`),
    () => made(`Contact: abuse@hosting-provider.net | billing@hosting-provider.net`),
    () => made(`Author: renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>`),
    () => made(`serviceAccount: etl-runner@billing-prod.iam.gserviceaccount.com`),
    () => made(`MAILTO=root\n0 3 * * * /usr/local/bin/backup.sh`),
]);
const privateIps = categorySpec('private-ips', 16, [
    (r) => made(`inet 192.168.${r.int(0, 255)}.${r.int(2, 254)}/24 brd 192.168.1.255 scope global dynamic wlan0`),
    (r) => made(`upstream api {\n  server 10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(2, 254)}:8080;\n  server 10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(2, 254)}:8080;\n}`),
    (r) => made(`NAME        READY   STATUS    IP\napi-7d9f    1/1     Running   172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(2, 254)}\nworker-x2   1/1     Running   172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(2, 254)}`),
    () => made(`Listening on http://127.0.0.1:5173/ and http://[::1]:5173/`),
    () => made(`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/`),
    (r) => made(`inet6 fd${r.str(HEX, 2)}:${r.str(HEX, 4)}:${r.str(HEX, 4)}::${r.int(1, 9)}/64 scope global\ninet6 fe80::${r.str(HEX, 4)}:${r.str(HEX, 4)}:${r.str(HEX, 4)}:${r.str(HEX, 4)}/64 scope link`),
    () => made(`cidr_block = "10.0.0.0/16"\nprivate_subnets = ["10.0.1.0/24", "10.0.2.0/24"]`),
    (r) => made(`PING 192.168.${r.int(0, 255)}.1 (192.168.${r.int(0, 255)}.1): 56 data bytes\n64 bytes: icmp_seq=0 ttl=64 time=2.1 ms`),
    () => made(`0.0.0.0:3000  LISTEN  node\n127.0.0.53:53  LISTEN  systemd-resolved`),
    () => made(`nameserver 10.96.0.10\nsearch default.svc.cluster.local svc.cluster.local`),
]);
function minJs(r) {
    const v = () => r.pick(['e', 't', 'n', 'r', 'o', 'i', 'a', 's', 'u', 'c', 'l', 'f']);
    const parts = [];
    for (let k = 0; k < 8; k++)
        parts.push(`function ${v()}${r.str(LO, 1)}(${v()},${v()}){var ${v()}=${v()}.${r.pick(['length', 'call', 'apply', 'slice'])}(${r.int(0, 9)});return ${v()}&&${v()}[${r.int(0, 64)}]||"${r.str(ALNUM, r.int(4, 10))}"}`);
    return parts.join(';');
}
const minified = categorySpec('minified-code', 16, [
    (r) => made(`!function(){"use strict";${minJs(r)}}();`),
    (r) => made(`{"version":3,"file":"index.js","sources":["../src/index.ts"],"mappings":"${Array.from({ length: 40 }, () => r.pick(['AAAA', 'SAAS', 'CAAC', 'IAAI', 'GAAG', 'EAAE', 'KACA', 'OAAO', 'YAAY', 'gBAAgB', 'MAAM'])).join(r.pick([',', ';']))}"}`),
    (r) => made(`${minJs(r)};//# sourceMappingURL=data:application/json;base64,${b64(JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA,SAAS' }))}`),
    (r) => made(`.a-${r.str(LO + DIG, 6)}{display:flex}.b-${r.str(LO + DIG, 6)}{color:#${r.str(HEX, 6)}}@media(min-width:768px){.c-${r.str(LO + DIG, 6)}{gap:1rem}}`),
    (r) => made(`background-image:url(data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ${r.str(B64, 120)}==)`),
    (r) => made(`var _0x${r.str(HEX, 4)}=['${r.str(ALNUM, 6)}','${r.str(ALNUM, 8)}','${r.str(ALNUM, 5)}'];(function(_0x${r.str(HEX, 6)},_0x${r.str(HEX, 6)}){})(_0x${r.str(HEX, 4)},0x${r.str(HEX, 5)});`),
    (r) => made(`<svg xmlns="http://www.w3.org/2000/svg"><path d="M${r.int(0, 24)} ${r.int(0, 24)}l${r.int(1, 9)}.${r.int(1, 99)}-${r.int(1, 9)}.${r.int(1, 99)}c${r.str(DIG, 1)}.${r.str(DIG, 2)} ${r.str(DIG, 1)}.${r.str(DIG, 2)} ${r.str(DIG, 1)}.${r.str(DIG, 2)}z"/></svg>`),
]);
const lockfiles = categorySpec('lockfiles', 16, [
    (r) => made(`"node_modules/${r.pick(['lodash', 'chalk', 'zod', 'undici'])}": {\n  "version": "${r.int(1, 9)}.${r.int(0, 20)}.${r.int(0, 9)}",\n  "resolved": "https://registry.npmjs.org/x/-/x-1.0.0.tgz",\n  "integrity": "sha512-${r.str(B64, 86)}==",\n  "license": "MIT"\n}`),
    (r) => made(`"@babel/core@^7.24.0":\n  version "7.24.${r.int(0, 9)}"\n  resolved "https://registry.yarnpkg.com/@babel/core/-/core-7.24.4.tgz#${r.str(HEX, 40)}"\n  integrity sha512-${r.str(B64, 86)}==`),
    (r) => made(`[[package]]\nname = "serde"\nversion = "1.0.${r.int(150, 220)}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${r.str(HEX, 64)}"`),
    (r) => made(`golang.org/x/crypto v0.${r.int(10, 40)}.0 h1:${r.str(B64, 43)}=\ngolang.org/x/crypto v0.${r.int(10, 40)}.0/go.mod h1:${r.str(B64, 43)}=`),
    (r) => made(`[[package]]\nname = "requests"\nversion = "2.32.3"\nfiles = [\n    {file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:${r.str(HEX, 64)}"},\n]`),
    (r) => made(`  /zod@3.23.${r.int(0, 8)}:\n    resolution: {integrity: sha512-${r.str(B64, 86)}==}\n    dev: false`),
    (r) => made(`GEM\n  remote: https://rubygems.org/\n  specs:\n    rails (7.1.${r.int(0, 5)})\n\nCHECKSUMS\n  rails (7.1.3) sha256=${r.str(HEX, 64)}`),
    (r) => made(`"content-hash": "${r.str(HEX, 32)}",\n"packages": [{"name": "monolog/monolog", "dist": {"shasum": "${r.str(HEX, 40)}"}}]`),
]);
// Obvious fakes in tests, and dummy values vendors document as non-working.
const fakes = categorySpec('test-fakes', 14, [
    () => made(`it('rejects a bad key', () => {\n  expect(validate('sk-test-not-a-real-key')).toBe(false);\n});`),
    () => made(`const FAKE_TOKEN = 'fake-token-for-tests';`),
    () => made(`password: "example-password"  # fixture only, never used outside tests`),
    () => made(`mockResolvedValue({ access_token: 'dummy-access-token', expires_in: 3600 })`),
    () => made(`assert redact("api_key=abc") == "api_key=abc"  # too short to be a key`),
    () => made(`DB_PASSWORD=test\nDB_USER=test\nDB_NAME=test_db  # docker-compose.test.yml`),
    () => made(`@pytest.fixture\ndef token():\n    return "test-token"`),
    () => made(`"apiKey": "00000000-0000-0000-0000-000000000000"`),
    () => made(`stripe_key: sk_test_placeholder`),
]);
// Base64 and high-entropy strings that carry no secret.
const benignEntropy = categorySpec('benign-entropy', 14, [
    () => made(`kind: ConfigMap\nbinaryData:\n  config.json: ${b64(JSON.stringify({ logLevel: 'info', port: 8080, features: ['search', 'export'] }))}`),
    (r) => made(`"nonce": "${r.str(B64, 22)}==", "state": "${r.str(B64URL, 32)}"`.replace(/^/, 'OAuth redirect (public parameters): ')),
    (r) => made(`Content-Security-Policy: script-src 'self' 'sha256-${r.str(B64, 43)}='`),
    (r) => made(`<input type="hidden" name="cursor" value="${b64(JSON.stringify({ after: r.int(1000, 99999), sort: 'created_at' }))}">`),
    (r) => made(`"next_page_token": "${b64(JSON.stringify({ offset: r.int(100, 5000) }))}"`),
    (r) => made(`X-Cache: Hit from cloudfront\nVia: 1.1 ${r.str(HEX, 32)}.cloudfront.net (CloudFront)\nX-Amz-Cf-Id: ${r.str(B64URL, 54)}==`),
    (r) => made(`font-src data:font/woff2;base64,d09GMgABAAAAA${r.str(B64, 100)}`),
    (r) => made(`Sec-WebSocket-Accept: ${r.str(B64, 27)}=`),
]);
export const NEGATIVE_SPECS = [
    readsSecret, managerRefs, templateRefs, placeholders, redacted, hashes, ids, versionsNumbers, lookalikes,
    publicKeys, encrypted, helpText, i18n, roleEmails, privateIps, minified, lockfiles, fakes, benignEntropy,
];
//# sourceMappingURL=negatives.js.map