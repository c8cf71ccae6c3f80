/**
 * Negative cases: text a coding agent sees all day that holds no secret and no personal data, chosen
 * to look like it might (keywords, high entropy, digit runs, key-ish shapes). Any change is a false
 * positive.
 */
import type { Rng } from '../redaction/prng.js';
import {
  ALNUM, B64, DIGITS, HEX, LOWER, LOWER_ALNUM, SERVICES, UPPER_ALNUM, type CategoryGen, defineCategory,
  b64, camel, isoTime, luhnValid, lowerSnake, pascal, upperSnake, uuid,
} from './util.js';

const SECRET_NAMES = ['DB_PASSWORD', 'API_KEY', 'STRIPE_SECRET_KEY', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'JWT_SECRET', 'SLACK_BOT_TOKEN', 'SENDGRID_API_KEY', 'REDIS_PASSWORD', 'CLIENT_SECRET', 'ANTHROPIC_API_KEY', 'DATADOG_API_KEY', 'SMTP_PASSWORD', 'ENCRYPTION_KEY'];

function oneOf(count: number, category: string, makers: Array<(r: Rng, name: string) => string>): CategoryGen {
  return { category, count, gen: (r) => ({ text: r.pick(makers)(r, r.pick(SECRET_NAMES)), targets: [] }) };
}

const envRead = oneOf(32, 'env-read-code', [
  (_r, n) => `import os\n\n${lowerSnake(n)} = os.environ["${n}"]\nif not ${lowerSnake(n)}:\n    raise RuntimeError("${n} is not set")\n`,
  (_r, n) => `${lowerSnake(n)} = os.getenv("${n}", "")\n`,
  (_r, n) => `const ${camel(n)} = process.env.${n};\nif (!${camel(n)}) throw new Error('Missing ${n}');\n`,
  (_r, n) => `const { ${n} } = process.env;\n`,
  (_r, n) => `${camel(n)} := os.Getenv("${n}")\nif ${camel(n)} == "" {\n\tlog.Fatal("${n} must be set")\n}\n`,
  (_r, n) => `let ${lowerSnake(n)} = std::env::var("${n}").expect("${n} must be set");\n`,
  (_r, n) => `String ${camel(n)} = System.getenv("${n}");\nObjects.requireNonNull(${camel(n)}, "${n}");\n`,
  (_r, n) => `val ${camel(n)} = System.getenv("${n}") ?: error("${n} missing")\n`,
  (_r, n) => `var ${camel(n)} = Environment.GetEnvironmentVariable("${n}")\n    ?? throw new InvalidOperationException("${n} not configured");\n`,
  (_r, n) => `var ${camel(n)} = builder.Configuration["${pascal(n)}"];\n`,
  (_r, n) => `$${camel(n)} = getenv('${n}') ?: throw new RuntimeException('${n} missing');\n`,
  (_r, n) => `'${lowerSnake(n)}' => env('${n}'),\n`,
  (_r, n) => `${upperSnake(n)} = ENV.fetch("${n}")\n`,
  (_r, n) => `config.${lowerSnake(n)} = Rails.application.credentials.dig(:${lowerSnake(n)})\n`,
  (_r, n) => `let ${camel(n)} = ProcessInfo.processInfo.environment["${n}"] ?? ""\n`,
  (_r, n) => `config :my_app, ${lowerSnake(n)}: System.fetch_env!("${n}")\n`,
  (_r, n) => `$${pascal(n)} = $env:${n}\nif (-not $${pascal(n)}) { throw "${n} is required" }\n`,
  (_r, n) => `: "\${${n}:?${n} must be exported}"\ncurl -fsS -H "Authorization: Bearer \${${n}}" "$API_URL/health"\n`,
  (_r, n) => `if [ -z "$${n}" ]; then\n  echo "error: ${n} is empty" >&2\n  exit 1\nfi\n`,
  (_r, n) => `@Value("\${app.${lowerSnake(n).replace(/_/g, '.')}}")\nprivate String ${camel(n)};\n`,
  (_r, n) => `${lowerSnake(n)} = settings.${lowerSnake(n)}.get_secret_value()\n`,
  (_r, n) => `class Settings(BaseSettings):\n    ${lowerSnake(n)}: SecretStr\n    model_config = SettingsConfigDict(env_file=".env")\n`,
  (_r, n) => `const ${camel(n)} = import.meta.env.VITE_${n.replace(/^VITE_/, '')};\n`,
  (_r, n) => `headers: { Authorization: \`Bearer \${process.env.${n}}\` },\n`,
  (_r, n) => `password: process.env.${n} ?? '',\n`,
  (_r, n) => `req.Header.Set("Authorization", "Bearer "+os.Getenv("${n}"))\n`,
]);

const secretRef = oneOf(24, 'secret-manager-ref', [
  (r, n) => `DB_PASSWORD_ARN=arn:aws:secretsmanager:eu-west-1:${r.str(DIGITS, 12)}:secret:prod/${lowerSnake(n)}-${r.str(ALNUM, 6)}\n`,
  (_r, n) => `        env:\n          - name: ${n}\n            valueFrom:\n              secretKeyRef:\n                name: app-secrets\n                key: ${lowerSnake(n).replace(/_/g, '-')}\n`,
  (_r, n) => `      - run: ./deploy.sh\n        env:\n          ${n}: \${{ secrets.${n} }}\n`,
  (_r, n) => `${n}=op://Engineering/${pascal(n)}/credential\n`,
  (r, n) => `${lowerSnake(n)} = client.access_secret_version(name="projects/acme-${r.int(100, 999)}/secrets/${lowerSnake(n).replace(/_/g, '-')}/versions/latest")\n`,
  (_r, n) => `"${pascal(n)}": "@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/${pascal(n)}/)"`,
  (_r, n) => `data "vault_generic_secret" "db" {\n  path = "secret/data/prod/${lowerSnake(n)}"\n}\npassword = data.vault_generic_secret.db.data["password"]\n`,
  (_r, n) => `${lowerSnake(n)}: '{{resolve:secretsmanager:prod/app:SecretString:${lowerSnake(n)}}}'\n`,
  (_r, n) => `${n}: ssm:/prod/app/${lowerSnake(n)}\n`,
  (_r, n) => `$ doppler secrets get ${n} --plain --project api --config prd | wc -c\n      52\n`,
  (_r, n) => `aws secretsmanager get-secret-value --secret-id prod/${lowerSnake(n)} --query SecretString --output text`,
  (_r, n) => `withCredentials([string(credentialsId: '${lowerSnake(n).replace(/_/g, '-')}', variable: '${n}')]) {\n  sh 'make publish'\n}\n`,
  (_r, n) => `${n}: $${n}  # masked CI/CD variable, set in Settings > CI/CD\n`,
  (_r, n) => `  ${lowerSnake(n)}:\n    external: true\n    name: prod_${lowerSnake(n)}\n`,
  (_r, n) => `vault kv get -field=${lowerSnake(n)} secret/prod/app`,
  (_r, n) => `spec:\n  secretStoreRef:\n    name: aws-secrets\n    kind: ClusterSecretStore\n  data:\n    - secretKey: ${lowerSnake(n)}\n      remoteRef:\n        key: prod/app\n        property: ${lowerSnake(n)}\n`,
  (_r, n) => `${n}="$(gcloud secrets versions access latest --secret=${lowerSnake(n).replace(/_/g, '-')})"`,
  (_r, n) => `${n}=$(security find-generic-password -s acme-${lowerSnake(n)} -w)`,
]);

const templateVar = oneOf(22, 'template-variable', [
  (_r, n) => `${n}=\${${n}}\n`,
  (_r, n) => `  ${lowerSnake(n)}: {{ .Values.${camel(n)} | quote }}\n`,
  (_r, n) => `${lowerSnake(n)}: "{{ vault_${lowerSnake(n)} }}"\n`,
  (_r, n) => `${lowerSnake(n)} = "\${var.${lowerSnake(n)}}"\n`,
  (_r, n) => `password: <%= ENV['${n}'] %>\n`,
  (_r, n) => `<add key="${pascal(n)}" value="#{${pascal(n)}}#" />`,
  (_r, n) => `Environment=${n}=%${n}%\n`,
  (_r, n) => `        "${camel(n)}": "$(${n})",\n`,
  (_r, n) => `docker run -e ${n}="$${n}" -p 8080:8080 ghcr.io/acme/api:latest`,
  (_r, n) => `spring.datasource.password=\${${n}:}\n`,
  (_r, n) => `  ${lowerSnake(n)} = {{ env "${n}" }}\n`,
  (_r, n) => `password = "{{ secret \\"${lowerSnake(n)}\\" }}"\n`,
  (_r, n) => `${n}=\${{ env.${n} }}\n`,
  (_r, n) => `url: postgres://app:\${DB_PASSWORD}@db:5432/app  # ${n} injected at deploy\n`,
  (_r, n) => `{{- if .Values.${camel(n)} }}\n  ${lowerSnake(n)}: {{ .Values.${camel(n)} | b64enc }}\n{{- end }}\n`,
  (_r, n) => `Authorization: Bearer {{${camel(n)}}}\n`,
  (_r, n) => `MYSQL_PASSWORD: \${MYSQL_PASSWORD:-}\n${n}: \${${n}:?required}\n`,
]);

const placeholder = oneOf(32, 'placeholder-value', [
  (_r, n) => `${n}=your-${lowerSnake(n).replace(/_/g, '-')}-here\n`,
  (_r, n) => `${n}=<YOUR_${n}>\n`,
  (_r, n) => `${lowerSnake(n)}: changeme\n`,
  (_r, n) => `${n}=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n`,
  (_r, n) => `${n}=REPLACE_ME\n`,
  (_r, n) => `${n}=\n`,
  () => `OPENAI_API_KEY=sk-...\n`,
  () => `GITHUB_TOKEN=gh${'p'}_${'X'.repeat(36)}\n`,
  () => `export AWS_ACCESS_KEY_ID=AK${'IA'}${'X'.repeat(16)}\nexport AWS_SECRET_ACCESS_KEY=<secret-access-key>\n`,
  (_r, n) => `# Copy this file to .env and fill in the values\n${n}=\nDATABASE_URL=postgres://user:password@localhost:5432/dbname\n`,
  () => `password: "********"\n`,
  () => `"apiKey": "YOUR_API_KEY",`,
  (_r, n) => `${lowerSnake(n)} = "TODO"\n`,
  () => `STRIPE_SECRET_KEY=sk_test_your_key_here\n`,
  () => `const client = new OpenAI({ apiKey: "<your api key>" });`,
  () => `db:\n  user: postgres\n  password: postgres\n  host: localhost\n`,
  () => `redis:\n  password: ""\n`,
  (_r, n) => `${n}=dummy\n`,
  () => `curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/me`,
  () => `curl -H "Authorization: Bearer <token>" https://api.example.com/v1/me`,
  () => `Set \`api_key\` to the value shown on the dashboard (it starts with \`sk_live_\`).`,
  () => `SLACK_WEBHOOK_URL=https://hooks.slack.com/services/${['T00000000', 'B00000000', 'X'.repeat(24)].join('/')}\n`,
  () => `mysql://user:pass@localhost/test`,
  (_r, n) => `${lowerSnake(n)}: "example"\n`,
  () => `token: abc123\n`,
  () => `password = "password"  # local docker only\n`,
]);

const redacted = oneOf(20, 'already-redacted', [
  (_r, n) => `${n}=[REDACTED]\n`,
  (_r, n) => `${n}=****\n`,
  (_r, n) => `${lowerSnake(n)}: <redacted>\n`,
  () => `Authorization: Bearer [REDACTED]\n`,
  () => `DATABASE_URL=postgres://app:****@db.internal:5432/app\n`,
  (r) => `key sk-...${r.str(ALNUM, 4)} was revoked on ${isoTime(r).slice(0, 10)}`,
  (r) => `Using token ghp_****${r.str(ALNUM, 4)} (expires in 29 days)`,
  () => `aws_secret_access_key = ****************\n`,
  () => `{"password":"[FILTERED]","username":"ops"}`,
  () => `Parameters: {"user"=>{"email"=>"[FILTERED]", "password"=>"[FILTERED]"}}`,
  () => `password=<hidden>\n`,
  (r) => `  AccessKeyId: ASIA************${r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 4)}\n`,
  () => `$ heroku config:get DATABASE_URL\npostgres://u***:*****@ec2-host.compute-1.amazonaws.com:5432/d***\n`,
  (_r, n) => `${n}: "***masked***"\n`,
  () => `Run env\n  GITHUB_TOKEN: ***\n  NODE_ENV: production\n`,
  () => `[secure] STRIPE_SECRET_KEY=•••••••••••••••••\n`,
  () => `api_key: REDACTED_API_KEY_1\n`,
]);

function sha(r: Rng, n = 64): string { return r.str(HEX, n); }

const hashes = oneOf(30, 'hash-digest', [
  (r) => `${sha(r)}  atx-linux-x64.tar.gz\n${sha(r)}  atx-darwin-arm64.tar.gz\n${sha(r)}  atx-windows-x64.zip\n`,
  (r) => `$ git log --oneline -5\n${sha(r, 7)} fix(redaction): keep hashes\n${sha(r, 7)} chore: bump deps\n${sha(r, 7)} feat: add --json flag\n${sha(r, 7)} test: cover empty input\n${sha(r, 7)} docs: README\n`,
  (r) => `commit ${sha(r, 40)}\nMerge: ${sha(r, 7)} ${sha(r, 7)}\nAuthor: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\n`,
  (r) => `FROM python:3.12-slim@sha256:${sha(r)}\n`,
  (r) => `ghcr.io/acme/api:1.8.0@sha256:${sha(r)}`,
  (r) => `REPOSITORY   TAG       IMAGE ID       CREATED        SIZE\nacme/api     latest    ${sha(r, 12)}   2 hours ago    184MB\npostgres     16        ${sha(r, 12)}   3 weeks ago    432MB\n`,
  (r) => `ETag: "${sha(r, 32)}"\nLast-Modified: Tue, 04 Mar 2025 10:00:00 GMT\n`,
  (r) => `md5sum: ${sha(r, 32)}  backup-2025-03-01.sql.gz`,
  (r) => `HEAD is now at ${sha(r, 7)} Merge pull request #${r.int(100, 4000)} from acme/fix-timeouts`,
  (r) => `    --hash=sha256:${sha(r)} \\\n    --hash=sha256:${sha(r)}\n`,
  (r) => `github.com/spf13/cobra v1.8.1 h1:${b64(r.bytes(32))}\ngithub.com/spf13/cobra v1.8.1/go.mod h1:${b64(r.bytes(32))}\n`,
  (r) => `[[package]]\nname = "serde"\nversion = "1.0.210"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${sha(r)}"\n`,
  (r) => `Successfully built ${sha(r, 12)}\nSuccessfully tagged acme/worker:dev`,
  (r) => `Fingerprint: SHA256:${b64(r.bytes(32)).replace(/=+$/, '')}\nThe key's randomart image is:`,
  (r) => `sha1 ${sha(r, 40)}\nsha256 ${sha(r)}\nsha512 ${sha(r, 128)}\n`,
  (r) => `uses: actions/checkout@${sha(r, 40)} # v4.2.2`,
  (r) => `  "content_hash": "${sha(r)}",\n  "size_bytes": ${r.int(1000, 9999999)}`,
  (r) => `x-amz-checksum-crc32: ${b64(r.bytes(4))}\nx-amz-version-id: ${r.str(ALNUM + '._', 32)}`,
  (r) => `$ shasum -a 256 go1.23.4.linux-amd64.tar.gz\n${sha(r)}  go1.23.4.linux-amd64.tar.gz`,
  (r) => `| ${sha(r, 8)} | merged | 2025-01-${String(r.int(10, 28))} |`,
  (r) => `Cache key: node-modules-${sha(r)}\nCache restored successfully`,
]);

const lockfile = oneOf(16, 'lockfile-integrity', [
  (r) => `    "node_modules/lodash": {\n      "version": "4.17.21",\n      "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n      "integrity": "sha512-${b64(r.bytes(64))}",\n      "license": "MIT"\n    },`,
  (r) => `"@babel/core@^7.24.0":\n  version "7.24.4"\n  resolved "https://registry.yarnpkg.com/@babel/core/-/core-7.24.4.tgz#${sha(r, 40)}"\n  integrity sha512-${b64(r.bytes(64))}\n`,
  (r) => `  /chalk@5.3.0:\n    resolution: {integrity: sha512-${b64(r.bytes(64))}}\n    engines: {node: ^12.17.0 || ^14.13 || >=16.0.0}\n    dev: false\n`,
  (r) => `<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" integrity="sha384-${b64(r.bytes(48))}" crossorigin="anonymous"></script>`,
  (r) => `[[package]]\nname = "requests"\nversion = "2.32.3"\nfiles = [\n    {file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:${sha(r)}"},\n]\n`,
  (r) => `    "packages": {\n        "": {"name": "web", "version": "0.1.0"},\n        "node_modules/zod": {"version": "3.23.8", "integrity": "sha512-${b64(r.bytes(64))}"}\n    }`,
  (r) => `PODS:\n  - Alamofire (5.9.1)\nSPEC CHECKSUMS:\n  Alamofire: ${sha(r, 40)}\nPODFILE CHECKSUM: ${sha(r, 40)}\n`,
  (r) => `    "content-hash": "${sha(r, 32)}",\n    "packages": [`,
  (r) => `  "sha256-${b64(r.bytes(32))}"`,
]);

const ids = oneOf(26, 'uuid-request-id', [
  (r) => `x-request-id: ${uuid(r)}\nx-amzn-trace-id: Root=1-${sha(r, 8)}-${sha(r, 24)}\n`,
  (r) => `traceparent: 00-${sha(r, 32)}-${sha(r, 16)}-01`,
  (r) => `{"requestId":"${uuid(r)}","status":"FAILED","error":"ThrottlingException"}`,
  (r) => `RequestId: ${uuid(r)} Duration: ${r.int(10, 900)}.${r.int(10, 99)} ms Billed Duration: ${r.int(10, 900)} ms Memory Size: 512 MB`,
  (r) => `Sentry event ${sha(r, 32)} captured`,
  (r) => `ulid=01${r.str('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 24)}`,
  (r) => `deployment_id: ${uuid(r)}\ncorrelation_id: ${uuid(r)}`,
  (r) => `NAME                                READY   STATUS    RESTARTS   AGE\napi-${r.str(LOWER_ALNUM, 10)}-${r.str(LOWER_ALNUM, 5)}    1/1     Running   0          3d\nworker-${r.str(LOWER_ALNUM, 9)}-${r.str(LOWER_ALNUM, 5)}  1/1     Running   2          3d\n`,
  (r) => `CONTAINER ID   IMAGE          COMMAND                  STATUS\n${sha(r, 12)}   redis:7        "docker-entrypoint.s…"   Up 2 hours\n`,
  (r) => `INSERT INTO events (id, type) VALUES ('${uuid(r)}', 'order.created');`,
  (r) => `Job ${uuid(r)} finished in 12.4s (attempt 1/3)`,
  (r) => `cf-ray: ${sha(r, 16)}-FRA`,
  (r) => `"operationId": "${r.str(LOWER_ALNUM, 8)}-${r.str(LOWER_ALNUM, 4)}", "etag": "BwY${r.str(ALNUM, 9)}="`,
  (r) => `Run ID: ${r.int(10000000000, 19999999999)} • Attempt #1 • Workflow: ci.yml`,
  (r) => `session_id=${uuid(r)} user_agent="Mozilla/5.0"`,
]);

const versions = oneOf(18, 'version-build', [
  (r) => `node v${r.int(18, 22)}.${r.int(0, 20)}.${r.int(0, 9)}\nnpm ${r.int(9, 10)}.${r.int(0, 9)}.${r.int(0, 9)}`,
  (r) => `github.com/acme/lib v0.0.0-${2023 + r.int(0, 2)}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(10, 28))}${r.str(DIGITS, 6)}-${sha(r, 12)}`,
  (r) => `Build #${r.int(1000, 99999)} (${r.int(1, 9)}.${r.int(0, 40)}.${r.int(0, 9)}+build.${r.int(100, 9999)}.${sha(r, 7)})`,
  (r) => `Version: ${r.int(1, 5)}.${r.int(0, 20)}.${r.int(0, 99)}-rc.${r.int(1, 5)}\nCommit: ${sha(r, 40)}\nBuilt: ${isoTime(r)}`,
  (r) => `Microsoft Windows [Version 10.0.${r.int(19041, 26100)}.${r.int(1000, 5000)}]`,
  (r) => `Python 3.12.${r.int(0, 8)} (main, ${isoTime(r).slice(0, 10)}) [GCC 12.2.0] on linux`,
  (r) => `kernel: Linux version 6.${r.int(1, 11)}.${r.int(0, 50)}-${r.int(10, 200)}-generic (buildd@lcy02-amd64-${r.int(10, 99)})`,
  (r) => `"version": "${r.int(0, 3)}.${r.int(0, 30)}.${r.int(0, 20)}",\n"build": ${r.int(20240101, 20251231)}${r.str(DIGITS, 4)}`,
  (r) => `Android versionCode ${r.int(100000, 999999)} versionName "4.${r.int(0, 20)}.${r.int(0, 9)}"`,
  (r) => `Chrome/${r.int(110, 132)}.0.${r.int(5000, 6900)}.${r.int(10, 200)} Safari/537.36`,
  (r) => `postgres (PostgreSQL) 16.${r.int(0, 6)} (Debian 16.${r.int(0, 6)}-1.pgdg120+1)`,
  (r) => `ami-${sha(r, 17)}  ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-amd64-server-${r.int(20240101, 20251231)}`,
]);

function notLuhn(r: Rng, len: number, first = '4'): string {
  for (;;) {
    const n = first + r.str(DIGITS, len - first.length);
    if (!luhnValid(n)) return n;
  }
}

const numbers = oneOf(24, 'number-lookalike', [
  (r) => `Order #${notLuhn(r, 16)} shipped on ${isoTime(r).slice(0, 10)}`,
  (r) => `{"created_at": ${r.int(1700000000000, 1760000000000)}, "updated_at": ${r.int(1700000000000, 1760000000000)}}`,
  (r) => `Invoice No. ${r.int(2024, 2025)}-${r.str(DIGITS, 6)} — total €${r.int(10, 999)},${r.int(10, 99)}`,
  (r) => `tracking number 1Z${r.str(UPPER_ALNUM, 16)} (UPS)`,
  (r) => `ISBN 978-${r.int(0, 1)}-${r.str(DIGITS, 3)}-${r.str(DIGITS, 5)}-${r.int(0, 9)}`,
  (r) => `Processed ${r.int(1000000, 999999999).toLocaleString('en-US')} rows in ${r.int(1, 900)}s`,
  (r) => `inode ${r.str(DIGITS, 10)} size ${r.str(DIGITS, 11)} blocks ${r.str(DIGITS, 8)}`,
  (r) => `offset=${r.str(DIGITS, 12)} partition=${r.int(0, 31)} topic=orders`,
  (r) => `ticket ${notLuhn(r, 16, '5')} (duplicate of ${notLuhn(r, 16, '5')})`,
  (r) => `Memory: ${r.int(1000000, 9999999)} kB used, ${r.int(1000000, 9999999)} kB free`,
  (r) => `2025-03-1${r.int(0, 9)} 14:${r.int(10, 59)}:${r.int(10, 59)}.${r.str(DIGITS, 6)} pid=${r.int(1000, 99999)} tid=${r.int(1000, 99999)}`,
  (r) => `Snowflake ID: ${r.str(DIGITS, 19)}`,
  (r) => `lat=${r.int(-89, 89)}.${r.str(DIGITS, 6)} lon=${r.int(-179, 179)}.${r.str(DIGITS, 6)}`,
  (r) => { const n = notLuhn(r, 14, '3'); return `Reference: ${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8, 12)} ${n.slice(12)}`; },
  (r) => `Duration: ${r.int(100, 999)}ms p50=${r.int(10, 99)}ms p99=${r.int(100, 999)}ms n=${r.int(10000, 99999)}`,
  (r) => `Port mappings: 0.0.0.0:${r.int(30000, 32767)}->8080/tcp`,
  (r) => `Account ${r.str(DIGITS, 12)} in region eu-west-1 (arn:aws:iam::${r.str(DIGITS, 12)}:root)`,
  (r) => `EAN-13: ${r.str(DIGITS, 13)}`,
  (r) => `progress: ${r.int(1000, 9000)}/${r.int(9001, 10000)} bytes=${r.str(DIGITS, 10)}`,
  (r) => `Build ${r.int(1, 9)}.${r.int(0, 9)}.${r.str(DIGITS, 8)}.${r.str(DIGITS, 4)}`,
]);

const TEST_CARDS = [['4242', '4242', '4242', '4242'], ['4000', '0566', '5566', '5556'], ['5555', '5555', '5555', '4444'], ['2223', '0031', '2200', '3222'], ['5200', '8282', '8282', '8210'], ['3782', '822463', '10005'], ['6011', '1111', '1111', '1117'], ['4000', '0000', '0000', '0002'], ['4000', '0025', '0000', '3155'], ['4111', '1111', '1111', '1111'], ['4000', '0000', '0000', '9995']];

const testCards = defineCategory('published-test-card', 14, (r) => {
  const parts = r.pick(TEST_CARDS);
  const num = r.chance(0.5) ? parts.join('') : parts.join(' ');
  const ctx = [
    `// Stripe test card: always succeeds\nawait page.fill('[name=cardnumber]', '${num}');`,
    `cy.get('#card-number').type('${num}')\ncy.get('#card-expiry').type('12/34')`,
    `| Card | Scenario |\n|---|---|\n| ${num} | Succeeds |\n`,
    `test("declines insufficient funds", async () => {\n  const res = await charge({ card: "${num}", exp: "12/34", cvc: "123" });\n  expect(res.status).toBe("declined");\n});`,
    `Use the test card ${num} with any future expiry date and any CVC.`,
    `TEST_CARD_NUMBER = "${num}"  # from the processor's sandbox docs`,
  ];
  return { text: r.pick(ctx), targets: [] };
});

function sshPub(r: Rng, type: 'ssh-ed25519' | 'ssh-rsa' | 'ecdsa-sha2-nistp256'): string {
  const name = Buffer.from(type);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(name.length);
  const body = type === 'ssh-ed25519' ? Buffer.concat([len, name, Buffer.from([0, 0, 0, 32]), r.bytes(32)]) : type === 'ssh-rsa' ? Buffer.concat([len, name, Buffer.from([0, 0, 0, 3, 1, 0, 1, 0, 0, 1, 1, 0]), r.bytes(256)]) : Buffer.concat([len, name, Buffer.from([0, 0, 0, 8]), Buffer.from('nistp256'), Buffer.from([0, 0, 0, 65, 4]), r.bytes(64)]);
  return `${type} ${body.toString('base64')}`;
}

function pemBlock(label: string, body: string): string {
  const lines = body.match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN ${label}-----\n${lines}\n-----END ${label}-----`;
}

const publicKeys = oneOf(26, 'public-key-cert', [
  (r) => `$ cat ~/.ssh/id_ed25519.pub\n${sshPub(r, 'ssh-ed25519')} ci@build-runner\n`,
  (r) => `ssh_authorized_keys:\n  - ${sshPub(r, 'ssh-rsa')} deploy@bastion\n`,
  (r) => `github.com ${sshPub(r, 'ecdsa-sha2-nistp256')}\ngithub.com ${sshPub(r, 'ssh-ed25519')}\n`,
  (r) => pemBlock('PUBLIC KEY', b64(Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00]), r.bytes(270)]))),
  (r) => `ca.crt: |\n  ${pemBlock('CERTIFICATE', b64(Buffer.concat([Buffer.from([0x30, 0x82, 0x03, 0x55, 0x30, 0x82, 0x02, 0x3d, 0xa0, 0x03, 0x02, 0x01, 0x02]), r.bytes(840)]))).replace(/\n/g, '\n  ')}\n`,
  (r) => `-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n${b64(Buffer.concat([Buffer.from([0x99, 0x01, 0x0d, 0x04]), r.bytes(400)])).match(/.{1,64}/g)!.join('\n')}\n=${r.str(B64, 4)}\n-----END PGP PUBLIC KEY BLOCK-----`,
  (r) => `# public key: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml\n    age: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n`,
  (r) => `{"keys":[{"kty":"RSA","use":"sig","kid":"${sha(r, 16)}","alg":"RS256","n":"${b64(r.bytes(256)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}","e":"AQAB"}]}`,
  (r) => `mQINBF${r.str(B64, 20)} is the start of the armored key; the fingerprint is ${r.str('0123456789ABCDEF', 40).match(/.{4}/g)!.join(' ')}`,
  (r) => `WireGuard peer:\n[Peer]\nPublicKey = ${b64(r.bytes(32))}\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.acme-corp.net:51820\n`,
  (r) => `ssh-keygen -lf id_ed25519.pub\n256 SHA256:${b64(r.bytes(32)).replace(/=+$/, '')} ci@build-runner (ED25519)`,
  (r) => `openssl x509 -in server.crt -noout -fingerprint -sha256\nsha256 Fingerprint=${r.str('0123456789ABCDEF', 64).match(/.{2}/g)!.join(':')}`,
  (r) => `"publicKey": "${b64(Buffer.concat([Buffer.from([0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]), r.bytes(78)]))}"`,
]);

const cliHelp = oneOf(14, 'cli-help-text', [
  () => `Usage: mysql [OPTIONS] [database]\n  -p, --password[=name]\n                      Password to use when connecting to server. If password is\n                      not given it's asked from the tty.\n  -u, --user=name     User for login if not current user.`,
  () => `Flags:\n      --password string   Password for the registry\n      --password-stdin    Take the password from stdin\n  -u, --username string   Username`,
  () => `Options:\n  --token TEXT        API token. Defaults to $ACME_TOKEN.\n  --api-key TEXT      Legacy key (deprecated).\n  -h, --help          Show this message and exit.`,
  () => `usage: twine upload [-h] [-r REPOSITORY] [-u USERNAME] [-p PASSWORD] dist [dist ...]`,
  () => `      --client-secret='': Client secret for OpenID Connect\n      --token='': Bearer token for authentication to the API server`,
  () => `  -a <password>      Password to use when connecting to the server.\n                     You can also use the REDISCLI_AUTH environment variable.`,
  () => `SYNOPSIS\n    aws configure set aws_secret_access_key <value> [--profile <name>]`,
  () => `error: the following required arguments were not provided:\n  --api-key <API_KEY>\n\nUsage: acme deploy --api-key <API_KEY> <TARGET>`,
  () => `gh auth login [flags]\n  -h, --hostname string   The hostname of the GitHub instance\n      --with-token        Read token from standard input`,
  () => `PGPASSWORD behaves the same as the password connection parameter. Use of this environment variable is not recommended for security reasons.`,
  () => `      --secret-key string     secret key for signing cookies (env: APP_SECRET_KEY)\n      --session-ttl duration  session lifetime (default 24h0m0s)`,
  () => `Enter password: \nERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)`,
  () => `Password for user postgres: \npsql: error: connection to server at "db" (172.18.0.3), port 5432 failed: FATAL:  password authentication failed for user "postgres"`,
  () => `? Enter your API key: [input is hidden]\n✔ Saved credentials to ~/.config/acme/credentials.json`,
]);

const credProse = oneOf(25, 'credential-prose', [
  () => `Rotate the Stripe secret key from the dashboard, then update STRIPE_SECRET_KEY in Vault and redeploy; the old key stays valid for 12 hours.`,
  () => `Never commit .env files. Store the password in the secret manager and reference it from the deployment manifest instead.`,
  () => `The 401 is because the token expired — GitHub fine-grained tokens have a max lifetime you set at creation.`,
  () => `I've added the API key as a repository secret named OPENAI_API_KEY, so the workflow can read it with \${{ secrets.OPENAI_API_KEY }}.`,
  () => `Die Zugangsdaten liegen im Passwort-Manager unter „Staging DB“. Bitte nicht in den Chat kopieren.`,
  () => `Le jeton d'accès expire au bout d'une heure ; utilisez le refresh token pour en obtenir un nouveau.`,
  () => `La clave de API se genera en Configuración → Desarrolladores. No la compartas en el repositorio.`,
  () => `アクセストークンは環境変数 API_TOKEN から読み込まれます。コードに直接書かないでください。`,
  () => `访问令牌保存在 Vault 中,部署时由 CI 注入。`,
  () => `Пароль хранится в Vault, в коде только ссылка на секрет.`,
  () => `The password must be at least 12 characters long and include a number and a symbol.`,
  () => `Secret scanning found 0 exposed secrets in 1,284 files.`,
  () => `Q: Where do I put my AWS keys?\nA: Run \`aws configure\` or use SSO; the CLI stores them in ~/.aws/credentials, which is outside the repo.`,
  () => `Passwords are hashed with argon2id (m=64MiB, t=3, p=4) before storage; we never log them.`,
  () => `If you see "invalid_client", the client secret in the config doesn't match the one registered with the IdP.`,
  () => `TODO: move the hard-coded token into the keychain before release.`,
  () => `## Authentication\n\nPass your token in the \`Authorization\` header: \`Authorization: Bearer <token>\`. Tokens are scoped per project.`,
  () => `token budget exceeded: the prompt used 128000 tokens (max 200000); output tokens: 4096`,
  () => `The tokenizer splits "password" into 2 tokens; the secret sauce is the BPE merge table.`,
  () => `Reset link sent. If you didn't request a password reset, you can ignore this message.`,
  () => `Our SOC 2 audit asks that API keys be rotated every 90 days and that no secret lives in source control.`,
  () => `You can generate a personal access token under Settings → Developer settings; give it only the repo scope.`,
  () => `Het wachtwoord staat in de kluis; vraag het aan iemand van het platformteam.`,
  () => `Secrets in GitHub Actions are masked in logs, but echoing them base64-encoded bypasses the mask — don't.`,
  () => `Wir speichern nur den Hash des Tokens (SHA-256); das Klartext-Token wird genau einmal angezeigt.`,
]);

const botEmails = oneOf(20, 'bot-noreply-email', [
  () => `Author: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>`,
  () => `Co-authored-by: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>`,
  () => `From: GitHub <noreply@github.com>\nSubject: [acme/web] Run failed: CI - main`,
  () => `git config user.email "ci@example.com"\ngit config user.name "CI"`,
  () => `  "author": "Jane Doe <jane@example.com>",`,
  () => `MAIL_FROM=no-reply@notifications.acme.dev\n`,
  () => `expect(user.email).toBe("alice@example.org");`,
  () => `curl -X POST https://api.example.com/users -d '{"email":"test@example.net"}'`,
  () => `Author: renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>`,
  () => `From: "Google Cloud" <CloudPlatform-noreply@google.com>`,
  () => `email: user@localhost`,
  () => `Reply-To: donotreply@mailer.acme.dev`,
  (r) => { const who = r.pick(['Alice', 'Bob', 'Carol', 'Dave', 'Erin']); return `Signed-off-by: ${who} Example <${who.toLowerCase()}@example.com>`; },
  () => `service account: terraform@acme-prod.iam.gserviceaccount.com`,
  () => `noreply+${'notifications'}@gitlab.com`,
  () => `admin@example.invalid`,
  () => `bounces+${'12345'}-abcd@em.sendgrid.net`,
]);

const urls = oneOf(20, 'url-without-credentials', [
  () => `git@github.com:acme/platform.git`,
  () => `$ git remote -v\norigin\tgit@gitlab.com:acme/infra.git (fetch)\norigin\tgit@gitlab.com:acme/infra.git (push)\nupstream\thttps://github.com/hashicorp/terraform.git (fetch)\n`,
  () => `DATABASE_URL=postgres://db.internal:5432/app\n`,
  () => `REDIS_URL=redis://cache:6379/0\n`,
  () => `https://console.aws.amazon.com/secretsmanager/home?region=eu-west-1#!/secret?name=prod%2Fapi`,
  () => `ssh://git@bitbucket.org/acme/mobile.git`,
  () => `See https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens`,
  () => `jdbc:postgresql://db.internal:5432/app?ssl=true&sslmode=verify-full`,
  () => `amqp://rabbitmq:5672/%2F`,
  () => `mongodb://mongo-0.mongo,mongo-1.mongo,mongo-2.mongo:27017/app?replicaSet=rs0&authSource=admin`,
  () => `https://github.com/acme/web/pull/1842/files#diff-${'a1b2c3d4e5f6'}`,
  () => `https://www.google.com/search?q=postgres+password+authentication+failed&oq=postgres`,
  () => `https://s3.eu-west-1.amazonaws.com/acme-public-assets/logo.svg`,
  () => `npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui - Not found`,
  () => `http://localhost:3000/auth/callback?state=xyz&error=access_denied`,
  () => `ftp://ftp.debian.org/debian/`,
  () => `git clone https://github.com/rust-lang/rust.git --depth 1`,
  () => `https://pypi.org/project/keyring/25.2.1/#files`,
  () => `docker pull ghcr.io/acme/api:1.8.0`,
  () => `Proxy: http://proxy.corp.local:3128 (no auth), NO_PROXY=localhost,127.0.0.1,.svc`,
]);

const privateIps = oneOf(18, 'private-ip', [
  (r) => `inet 192.168.${r.int(0, 255)}.${r.int(1, 254)}/24 brd 192.168.1.255 scope global dynamic wlp2s0`,
  (r) => `upstream api {\n  server 10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}:8080;\n  server 10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}:8080;\n}`,
  (r) => `NAME   TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)\napi    ClusterIP   172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(1, 254)}   <none>        80/TCP\n`,
  () => `Listening on http://127.0.0.1:8000 (Press CTRL+C to quit)`,
  () => `connect ECONNREFUSED ::1:5432`,
  (r) => `169.254.169.254 - metadata service; curl http://169.254.169.254/latest/meta-data/ (took ${r.int(2, 40)}ms)`,
  (r) => `tailscale: 100.${r.int(64, 127)}.${r.int(0, 255)}.${r.int(1, 254)}  build-runner  linux  active; direct`,
  (r) => `inet6 fe80::${r.str(HEX, 4)}:${r.str(HEX, 4)}:${r.str(HEX, 4)}:${r.str(HEX, 4)}/64 scope link`,
  (r) => `cidr_blocks = ["10.0.0.0/16", "172.16.0.0/12", "192.168.${r.int(0, 255)}.0/24"]`,
  () => `docker0: 172.17.0.1  netmask 255.255.0.0  broadcast 172.17.255.255`,
  (r) => `fd${r.str(HEX, 2)}:${r.str(HEX, 4)}:${r.str(HEX, 4)}::1/64 (ULA)`,
  () => `Server: 127.0.0.53\nAddress: 127.0.0.53#53\n\nNon-authoritative answer:`,
  () => `0.0.0.0:443 LISTEN nginx`,
  () => `allow 10.0.0.0/8;\nallow 192.168.0.0/16;\ndeny all;`,
]);

const minified = oneOf(14, 'minified-js', [
  (r) => `!function(e,t){"object"==typeof exports?module.exports=t():e.${r.str(LOWER, 6)}=t()}(this,function(){var e="${r.str(ALNUM, 40)}",t=function(n){return n.split("").reverse().join("")};return{k:e,r:t}});`,
  (r) => `(self.webpackChunk_N_E=self.webpackChunk_N_E||[]).push([[${r.int(100, 999)}],{${r.int(1000, 99999)}:function(e,t,n){"use strict";n.d(t,{Z:function(){return o}});var r=n(${r.int(1000, 9999)}),o=function(e){return(0,r.jsx)("div",{className:"${r.str(LOWER_ALNUM, 6)}_${r.str(ALNUM, 5)}",children:e.children})}}}]);`,
  (r) => `var _0x${r.str(HEX, 4)}=['\\x72\\x65\\x74\\x75\\x72\\x6e','${r.str(ALNUM, 24)}','${r.str(ALNUM, 24)}'];(function(a,b){var c=function(d){while(--d){a['push'](a['shift']());}};c(++b);}(_0x${r.str(HEX, 4)},0x${r.str(HEX, 3)}));`,
  (r) => `//# sourceMappingURL=data:application/json;charset=utf-8;base64,${b64(JSON.stringify({ version: 3, sources: ['src/index.ts'], mappings: r.str('ACEGIKMOQSUWYacegikmoqsuwy;,', 120) }))}`,
  (r) => `function t(e){for(var n=${r.int(1000, 9999)},r=0;r<e.length;r++)n=(n<<5)-n+e.charCodeAt(r)|0;return n}var a="${r.str(B64, 48)}";`,
  (r) => `.${r.str(LOWER, 2)}_${r.str(ALNUM, 8)}{display:flex}.${r.str(LOWER, 2)}_${r.str(ALNUM, 8)}{margin:0 auto;max-width:72rem}`,
]);

const binaryB64 = oneOf(14, 'base64-binary', [
  (r) => `<img alt="logo" src="data:image/png;base64,${b64(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), r.bytes(r.int(120, 400))]))}" />`,
  (r) => `background-image: url("data:image/gif;base64,${b64(Buffer.concat([Buffer.from('GIF89a'), r.bytes(60)]))}");`,
  (r) => `@font-face { font-family: "Inter"; src: url(data:font/woff2;base64,${b64(Buffer.concat([Buffer.from('wOF2'), r.bytes(300)]))}) format("woff2"); }`,
  (r) => `"icon": "data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${r.int(1, 20)} ${r.int(1, 20)}h${r.int(1, 9)}v${r.int(1, 9)}z"/></svg>`)}"`,
  (r) => `payload (gzip, base64): ${b64(Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), r.bytes(180)]))}`,
  (r) => `{"thumbnail":"/9j/4AAQSkZJRgABAQ${b64(r.bytes(200))}"}`,
  (r) => `application/x-protobuf body: ${b64(Buffer.concat([Buffer.from([0x0a, 0x24]), Buffer.from(uuid(r)), Buffer.from([0x10, 0x01, 0x1a, 0x08]), r.bytes(40)]))}`,
  (r) => `M${r.str(B64, 59)}\n${'M' + r.str(B64, 59)}\n\`\nend\n`.replace(/^/, 'begin 644 blob.bin\n'),
]);

const i18n = oneOf(16, 'i18n-strings', [
  () => `{\n  "login.password": "Passwort",\n  "login.passwordPlaceholder": "Geben Sie Ihr Passwort ein",\n  "login.forgot": "Passwort vergessen?"\n}`,
  () => `"auth": {\n  "token_expired": "Votre jeton a expiré. Veuillez vous reconnecter.",\n  "invalid_password": "Mot de passe incorrect"\n}`,
  () => `es:\n  devise:\n    passwords:\n      send_instructions: "Recibirás un correo con instrucciones para restablecer tu contraseña."\n`,
  () => `<string name="api_key_label">API-ключ</string>\n<string name="password_hint">Введите пароль</string>`,
  () => `msgid "Secret key"\nmsgstr "秘密鍵"\n\nmsgid "Enter your password"\nmsgstr "パスワードを入力してください"`,
  () => `"settings.apiToken.description": "Token de acesso usado pela integração. Mantenha-o em segredo."`,
  () => `PASSWORD_TOO_SHORT=La password deve contenere almeno 12 caratteri\nTOKEN_INVALID=Il token non è valido`,
  () => `{ "key": "credentials.secret", "zh-CN": "密钥", "ko": "비밀 키", "tr": "Gizli anahtar" }`,
  () => `"password": { "message": "Hasło", "description": "Label for the password field" }`,
  () => `t('errors.secretMissing', { defaultValue: 'The secret is missing — ask an admin to configure it.' })`,
  () => `"token": { "label": "Token", "help": "Paste the token from your account page." }`,
  () => `sv:
  password: "Lösenord"
  password_confirmation: "Bekräfta lösenord"
`,
  () => `"auth.invalid_credentials": "Nom d'utilisateur ou mot de passe incorrect."`,
  () => `<trans-unit id="apiKey"><source>API key</source><target>Clé API</target></trans-unit>`,
  () => `[nl]
secret = "geheim"
password = "wachtwoord"
token = "token"
`,
  () => `"ar": { "password": "كلمة المرور", "secret": "سر" }`,
]);

const highEntropyIds = oneOf(28, 'public-identifier', [
  (r) => `main.${sha(r, 8)}.js   ${r.int(100, 900)} kB\nvendor.${sha(r, 8)}.js   ${r.int(100, 900)} kB\nstyles.${sha(r, 20)}.css`,
  (r) => `{"id":"cus_${r.str(ALNUM, 14)}","object":"customer","default_source":null,"invoice_prefix":"${r.str(UPPER_ALNUM, 8)}"}`,
  (r) => `PaymentIntent pi_${r.str(ALNUM, 24)} succeeded (charge ch_${r.str(ALNUM, 24)})`,
  (r) => `GOOGLE_CLIENT_ID=${r.str(DIGITS, 12)}-${r.str(LOWER_ALNUM, 32)}.apps.googleusercontent.com\n`,
  (r) => `"node_id": "MDQ6VXNlcj${r.str(ALNUM, 6)}=", "id": ${r.int(1000000, 99999999)}`,
  (r) => `channel: C${r.str(UPPER_ALNUM, 10)} team: T${r.str(UPPER_ALNUM, 8)}`,
  (r) => `arn:aws:lambda:us-east-1:${r.str(DIGITS, 12)}:function:${r.pick(SERVICES)}-handler:${r.int(1, 40)}`,
  (r) => `/subscriptions/${uuid(r)}/resourceGroups/rg-prod/providers/Microsoft.Web/sites/acme-api`,
  (r) => `i-${sha(r, 17)}  running  t3.large  subnet-${sha(r, 17)}  vpc-${sha(r, 17)}`,
  (r) => `YouTube video id ${r.str(ALNUM + '-_', 11)}, playlist PL${r.str(ALNUM + '-_', 32)}`,
  (r) => `<div class="css-${r.str(LOWER_ALNUM, 6)} e${r.str(LOWER_ALNUM, 5)}0" data-reactid="${r.int(10, 999)}">`,
  (r) => `price_${r.str(ALNUM, 24)} (monthly), prod_${r.str(ALNUM, 14)}`,
  (r) => `Firebase project: acme-${r.str(LOWER_ALNUM, 5)}, appId: 1:${r.str(DIGITS, 12)}:web:${sha(r, 22)}`,
  (r) => `client_id: ${sha(r, 20)} # GitHub OAuth App client ID (public)`,
  (r) => `Sentry release: web@${sha(r, 40)}`,
  (r) => `Content-Security-Policy: script-src 'self' 'sha256-${b64(r.bytes(32))}'; object-src 'none'`,
  (r) => `workspace_id=${r.str(LOWER_ALNUM, 20)} dataset=prod_events table=${r.pick(SERVICES).replace('-', '_')}_v${r.int(1, 9)}`,
  (r) => `acct_${r.str(ALNUM, 16)} connected; payouts enabled`,
]);

const logsTraces = oneOf(20, 'log-stack-trace', [
  (r) => `Traceback (most recent call last):\n  File "/app/api/views.py", line ${r.int(10, 400)}, in create_order\n    token = request.headers["Authorization"].split()[1]\nKeyError: 'Authorization'\n`,
  (r) => `Exception in thread "main" java.lang.IllegalStateException: password must not be null\n\tat com.acme.db.Pool.<init>(Pool.java:${r.int(10, 300)})\n\tat com.acme.App.main(App.java:${r.int(10, 99)})`,
  (r) => `panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x${sha(r, 6)}]\n\ngoroutine 1 [running]:\nmain.loadSecret(0x0)\n\t/src/main.go:${r.int(10, 200)} +0x${sha(r, 2)}`,
  (r) => `${isoTime(r)} ERROR [auth] token verification failed: signature has expired (kid=${sha(r, 8)})`,
  (r) => `${isoTime(r)} WARN  config: API_KEY not set, falling back to anonymous mode`,
  (r) => `TypeError: Cannot read properties of undefined (reading 'apiKey')\n    at createClient (/app/src/client.ts:${r.int(5, 80)}:${r.int(3, 40)})\n    at async main (/app/src/index.ts:${r.int(5, 80)}:${r.int(3, 40)})`,
  (r) => `thread 'main' panicked at src/config.rs:${r.int(10, 99)}:${r.int(5, 40)}:\nDATABASE_PASSWORD must be set: NotPresent\nnote: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`,
  (r) => `[${isoTime(r)}] production.ERROR: SQLSTATE[28000] [1045] Access denied for user 'laravel'@'10.0.2.15' (using password: YES)`,
  (r) => `E${r.int(1000, 1231)} 10:22:31.${r.str(DIGITS, 6)}       1 reflector.go:${r.int(100, 200)}] failed to list *v1.Secret: secrets is forbidden: User "system:serviceaccount:default:api" cannot list resource "secrets"`,
  (r) => `npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.\nnpm ERR! A complete log of this run can be found in: /home/runner/.npm/_logs/${isoTime(r).replace(/:/g, '_')}-debug-0.log`,
  () => `fatal: Authentication failed for 'https://github.com/acme/web.git/'`,
  (r) => `level=info ts=${isoTime(r)} caller=main.go:${r.int(50, 300)} msg="loaded credentials" source=instance-profile expires_in=5h59m`,
]);

const sqlSchema = oneOf(12, 'sql-schema', [
  () => `CREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  email_hash BYTEA NOT NULL,\n  password_hash TEXT NOT NULL,\n  api_token_digest CHAR(64),\n  created_at TIMESTAMPTZ DEFAULT now()\n);`,
  () => `SELECT id, password_hash FROM users WHERE email = $1 LIMIT 1;`,
  () => `ALTER TABLE integrations ADD COLUMN secret_ref TEXT; -- points at the Vault path, never the secret`,
  () => `UPDATE api_keys SET revoked_at = now() WHERE key_prefix = 'sk_live_' AND last_used_at < now() - interval '90 days';`,
  () => `GRANT SELECT ON ALL TABLES IN SCHEMA reporting TO analyst;`,
  (r) => `EXPLAIN ANALYZE SELECT * FROM orders WHERE customer_id = ${r.int(1, 99999)};\n Index Scan using orders_customer_id_idx on orders  (cost=0.43..8.45 rows=1 width=${r.int(50, 200)})`,
  () => `CREATE USER reporting WITH PASSWORD :'reporting_password';`,
  () => `-- password column stores bcrypt hashes only\nCOMMENT ON COLUMN users.password_hash IS 'bcrypt, cost 12';`,
  () => `SELECT token FROM sessions WHERE expires_at < now();  -- cleanup job`,
]);

const configNoSecret = oneOf(23, 'config-without-secret', [
  () => `server {\n    listen 443 ssl http2;\n    server_name api.acme.dev;\n    ssl_certificate     /etc/letsencrypt/live/api.acme.dev/fullchain.pem;\n    ssl_certificate_key /etc/letsencrypt/live/api.acme.dev/privkey.pem;\n    location / { proxy_pass http://127.0.0.1:8080; }\n}`,
  () => `[Unit]\nDescription=API server\nAfter=network.target\n\n[Service]\nEnvironmentFile=/etc/api/env\nExecStart=/usr/local/bin/api\nUser=api\n\n[Install]\nWantedBy=multi-user.target\n`,
  () => `services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt\n`,
  () => `[tool.poetry]\nname = "ledger"\nversion = "0.4.1"\n\n[tool.poetry.dependencies]\npython = "^3.11"\nkeyring = "^25.0"\n`,
  () => `{\n  "compilerOptions": { "strict": true, "target": "ES2022" },\n  "include": ["src"]\n}`,
  () => `auth:\n  provider: oidc\n  issuer: https://auth.acme.dev\n  client_id: web-frontend\n  scopes: [openid, profile]\n  token_endpoint_auth_method: private_key_jwt\n`,
  () => `Host bastion\n  HostName bastion.acme-corp.net\n  User deploy\n  IdentityFile ~/.ssh/id_ed25519\n  IdentitiesOnly yes\n`,
  () => `resource "aws_secretsmanager_secret" "db" {\n  name                    = "prod/db"\n  recovery_window_in_days = 7\n}\nresource "random_password" "db" {\n  length  = 32\n  special = true\n}\n`,
  () => `[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n[credential]\n\thelper = osxkeychain\n[user]\n\tname = CI\n`,
  () => `password_policy:\n  min_length: 12\n  require_symbols: true\n  max_age_days: 90\ntoken_ttl: 3600\nsecret_rotation: weekly\n`,
  () => `spring.security.oauth2.client.registration.github.client-id=\${GITHUB_CLIENT_ID}\nspring.security.oauth2.client.registration.github.scope=read:user\n`,
  () => `stages: [test, deploy]\ntest:\n  image: node:20\n  script:\n    - npm ci\n    - npm test\n  cache:\n    key: \${CI_COMMIT_REF_SLUG}\n    paths: [node_modules/]\n`,
  () => `pipeline {\n  agent { docker { image 'maven:3.9-eclipse-temurin-21' } }\n  stages {\n    stage('Test') { steps { sh 'mvn -B verify' } }\n  }\n}`,
  () => `[mysqld]\nbind-address = 127.0.0.1\nmax_connections = 200\ndefault_authentication_plugin = caching_sha2_password\n`,
  () => `# .npmrc\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=\${NODE_AUTH_TOKEN}\n`,
  () => `replicaCount: 2\nimage:\n  repository: ghcr.io/acme/api\n  tag: "1.8.0"\nexistingSecret: api-credentials\nresources:\n  limits: { cpu: 500m, memory: 512Mi }\n`,
  () => `[Service]\nLoadCredential=db-password:/etc/credstore/db-password\nExecStart=/usr/bin/api --password-file=\${CREDENTIALS_DIRECTORY}/db-password\n`,
  () => `FROM golang:1.23 AS build\nRUN --mount=type=secret,id=netrc,target=/root/.netrc go mod download\nCOPY . .\nRUN go build -o /bin/app ./cmd/app\n`,
  () => `[auth]\ntype = "token"\ntoken_file = "~/.config/acme/token"\n`,
  () => `<connectionStrings configSource="connectionStrings.secret.config" />`,
  () => `jobs:\n  deploy:\n    permissions:\n      id-token: write\n      contents: read\n    steps:\n      - uses: google-github-actions/auth@v2\n        with:\n          workload_identity_provider: projects/123/locations/global/workloadIdentityPools/gh/providers/gh\n`,
  () => `security:\n  authorization: enabled\n  keyFile: /etc/mongo/keyfile\n`,
  () => `$ aws sso login --profile prod\nSuccessfully logged into Start URL: https://acme.awsapps.com/start\n`,
]);

const diffs = oneOf(12, 'diff-without-secret', [
  () => `--- a/src/config.ts\n+++ b/src/config.ts\n@@ -1,4 +1,4 @@\n-const apiKey = loadFromFile('./key.txt');\n+const apiKey = process.env.API_KEY;\n export default { apiKey };\n`,
  () => `diff --git a/.gitignore b/.gitignore\n@@ -3,2 +3,4 @@\n node_modules/\n dist/\n+.env\n+*.pem\n`,
  () => `@@ -12,7 +12,7 @@ def connect():\n-    password = cfg["password"]\n+    password = secrets_client.get("db/password")\n     return psycopg.connect(host=cfg["host"], password=password)\n`,
  () => `- uses: aws-actions/configure-aws-credentials@v4\n   with:\n-    aws-access-key-id: \${{ secrets.AWS_ACCESS_KEY_ID }}\n-    aws-secret-access-key: \${{ secrets.AWS_SECRET_ACCESS_KEY }}\n+    role-to-assume: arn:aws:iam::123456789012:role/gha-deploy\n     aws-region: eu-west-1\n`,
  () => `+# Secrets are injected by the platform; see docs/secrets.md\n+SECRET_KEY_FILE=/run/secrets/django_secret_key\n`,
  (r) => `index ${sha(r, 7)}..${sha(r, 7)} 100644\n--- a/package.json\n+++ b/package.json\n-    "jsonwebtoken": "^9.0.0",\n+    "jsonwebtoken": "^9.0.2",\n`,
  () => `-    token = "\${GITLAB_TOKEN}"\n+    token = var.gitlab_token\n`,
]);

const encrypted = oneOf(14, 'encrypted-value', [
  (r) => `db_password: ENC[AES256_GCM,data:${b64(r.bytes(18))},iv:${b64(r.bytes(32))},tag:${b64(r.bytes(16))},type:str]\nsops:\n    age:\n        - recipient: age1${r.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n`,
  (r) => `$ANSIBLE_VAULT;1.1;AES256\n${Array.from({ length: 5 }, () => sha(r, 80)).join('\n')}\n`,
  (r) => `apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: api\nspec:\n  encryptedData:\n    password: Ag${r.str(B64, 340)}\n`,
  (r) => `secure: "${b64(r.bytes(256))}"`,
  (r) => `-----BEGIN AGE ENCRYPTED FILE-----\n${b64(Buffer.concat([Buffer.from('age-encryption.org/v1\n-> X25519 '), r.bytes(120)])).match(/.{1,64}/g)!.join('\n')}\n-----END AGE ENCRYPTED FILE-----`,
]);

export const NEGATIVE_CATEGORIES: CategoryGen[] = [
  envRead, secretRef, templateVar, placeholder, redacted, hashes, lockfile, ids, versions, numbers, testCards,
  publicKeys, cliHelp, credProse, botEmails, urls, privateIps, minified, binaryB64, i18n, highEntropyIds,
  logsTraces, sqlSchema, configNoSecret, diffs, encrypted,
];
