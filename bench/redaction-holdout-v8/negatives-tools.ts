/**
 * Negatives from tools: CI logs with masked values and cache keys, container descriptions whose
 * secrets are references, Terraform plans with sensitive values hidden, schema-only migrations,
 * tests with fake fixtures, lockfiles, public key material, secret-manager references, bot commits.
 */
import { B64, B64URL, b64, HEX, LOWER } from '../corpus-kit.js';
import { companyDomain, dbHost, envName, imageDigest, integrity, isoTime, project, semver, sha1, sha256, shortSha, ticket } from './scene.js';
import { oneOf, situation, turn } from './turn.js';

const ciMasked = situation('neg-ci-log-masked', 21, (rng) => {
  const ts = isoTime(rng);
  return oneOf(rng, [
    () => turn(`${ts} ##[group]Run actions/cache@v4
${ts} Cache restored from key: node-cache-Linux-x64-npm-${sha256(rng)}
${ts} ##[endgroup]
${ts} ##[group]Run ./scripts/deploy.sh
${ts} + TOKEN=***
${ts} + curl -fsS -H 'Authorization: Bearer ***' https://deploy.${companyDomain(rng)}/api/releases -d '{"sha":"${sha1(rng)}"}'
${ts} curl: (22) The requested URL returned error: 409
${ts} ##[error]Process completed with exit code 22.`),
    () => turn(`GitLab CI job ${rng.int(1000000, 9999999)} failed:

$ docker build --build-arg NPM_TOKEN="[MASKED]" -t $CI_REGISTRY_IMAGE:${shortSha(rng)} .
#12 [build 4/7] RUN npm ci
#12 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1
#14 exporting to image
#14 writing image ${imageDigest(rng)} done
Cleaning up project directory and file based variables
ERROR: Job failed: exit code 1`),
    () => turn(`CircleCI "restore_cache" then tests:

Found a cache from build ${rng.int(1000, 99999)} at v${rng.int(1, 9)}-deps-{{ checksum "Gemfile.lock" }}
Size: ${rng.int(10, 900)} MiB
Cache key: v${rng.int(1, 9)}-deps-${b64(sha1(rng)).slice(0, 28)}
bundle exec rspec --format progress
${rng.int(200, 3000)} examples, 1 failure
rspec ./spec/models/invoice_spec.rb:${rng.int(5, 200)} # Invoice totals rounds half even
Exited with code exit status 1`),
    () => turn(`${ts} Run docker/login-action@v3
${ts}   with:
${ts}     registry: ghcr.io
${ts}     username: ${project(rng)}-ci
${ts}     password: ***
${ts} Logging into ghcr.io...
${ts} Login Succeeded!
${ts} #8 pushing layers ${rng.int(1, 12)}.${rng.int(1, 9)}s done
${ts} #8 pushing manifest for ghcr.io/${project(rng)}/${project(rng)}:${semver(rng)}@${imageDigest(rng)}
${ts} ERROR: failed to push: unexpected status from HEAD request: 403 Forbidden`),
  ]);
});

const describeRefs = situation('neg-container-describe-references', 21, (rng) => {
  const svc = project(rng);
  return oneOf(rng, [
    () => turn(`kubectl describe pod ${svc}-${shortSha(rng).slice(0, 7)}-${rng.str('bcdfghjklmnpqrstvwxz2456789', 5)} -n ${envName(rng)}
Containers:
  ${svc}:
    Image:          registry.${companyDomain(rng)}/${svc}:${semver(rng)}
    Image ID:       registry.${companyDomain(rng)}/${svc}@${imageDigest(rng)}
    State:          Running
    Ready:          False
    Restart Count:  ${rng.int(1, 40)}
    Environment:
      PORT:         8080
      DB_HOST:      ${dbHost(rng)}
      DB_PASSWORD:  <set to the key 'password' in secret '${svc}-db'>  Optional: false
      API_TOKEN:    <set to the key 'token' in secret '${svc}-api'>  Optional: false
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-${rng.str('bcdfghjklmnpqrstvwxz2456789', 5)} (ro)
Events:
  Warning  Unhealthy  ${rng.int(2, 59)}s  kubelet  Readiness probe failed: HTTP probe failed with statuscode: 503`),
    () => turn(`$ docker compose config
name: ${svc}
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_DB: app
      POSTGRES_PASSWORD_FILE: /run/secrets/db_password
    secrets:
      - source: db_password
        target: db_password
  api:
    image: ${svc}:dev
    environment:
      DATABASE_PASSWORD_FILE: /run/secrets/db_password
      STRIPE_SECRET_KEY: ""
secrets:
  db_password:
    name: ${svc}_db_password
    file: /home/dev/src/${svc}/.secrets/db_password.txt`),
    () => turn(`docker inspect --format '{{json .Config.Env}}' ${svc}-api-1
["PATH=/usr/local/bin:/usr/bin:/bin","NODE_VERSION=${rng.int(18, 22)}.${rng.int(0, 19)}.${rng.int(0, 9)}","YARN_VERSION=1.22.${rng.int(10, 22)}","NODE_ENV=production","PORT=${rng.pick([3000, 8080])}","SECRETS_PATH=/run/secrets","OTEL_EXPORTER_OTLP_ENDPOINT=http://otel-collector:4318"]

docker inspect --format '{{.Image}}' ${svc}-api-1
${imageDigest(rng)}`),
  ]);
});

const planSensitive = situation('neg-terraform-plan-sensitive', 21, (rng) => {
  const name = project(rng).replace(/-/g, '_');
  return oneOf(rng, [
    () => turn(`  # aws_db_instance.${name} will be updated in-place
  ~ resource "aws_db_instance" "${name}" {
        id                       = "db-${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 26)}"
        identifier               = "${project(rng)}-${envName(rng)}"
      ~ password                 = (sensitive value)
      ~ instance_class           = "db.t4g.${rng.pick(['medium', 'large'])}" -> "db.r7g.${rng.pick(['large', 'xlarge'])}"
        # (${rng.int(20, 60)} unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.`),
    () => turn(`  # aws_secretsmanager_secret_version.${name} will be created
  + resource "aws_secretsmanager_secret_version" "${name}" {
      + arn            = (known after apply)
      + id             = (known after apply)
      + secret_id      = "arn:aws:secretsmanager:eu-west-1:${rng.str('0123456789', 12)}:secret:${envName(rng)}/${project(rng)}-${rng.str('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 6)}"
      + secret_string  = (sensitive value)
      + version_id     = (known after apply)
      + version_stages = (known after apply)
    }`),
    () => turn(`  # github_actions_secret.${name} will be created
  + resource "github_actions_secret" "${name}" {
      + created_at      = (known after apply)
      + id              = (known after apply)
      + plaintext_value = (sensitive value)
      + repository      = "${project(rng)}"
      + secret_name     = "${rng.pick(['NPM_TOKEN', 'DEPLOY_KEY', 'SENTRY_AUTH_TOKEN'])}"
    }

  # aws_iam_role.${name}_ci will be created
  + resource "aws_iam_role" "${name}_ci" {
      + arn                = (known after apply)
      + assume_role_policy = jsonencode({ Statement = [{ Action = "sts:AssumeRoleWithWebIdentity", Effect = "Allow" }] })
      + unique_id          = (known after apply)
    }`),
  ]);
});

const migrationSchema = situation('neg-migration-schema-only', 21, (rng) => {
  const stamp = `2026${String(rng.int(1, 11)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${rng.str('0123456789', 6)}`;
  return oneOf(rng, [
    () => turn(`db/migrate/${stamp}_add_api_key_digest_to_clients.rb

class AddApiKeyDigestToClients < ActiveRecord::Migration[7.${rng.int(0, 2)}]
  def change
    add_column :clients, :api_key_digest, :string, null: false, default: ""
    add_column :clients, :api_key_last4, :string, limit: 4
    add_index :clients, :api_key_digest, unique: true
    remove_column :clients, :api_key, :string
  end
end

== ${stamp} AddApiKeyDigestToClients: migrating =====
-- add_column(:clients, :api_key_digest, :string, {:null=>false, :default=>""})
   -> 0.00${rng.int(10, 99)}s`),
    () => turn(`# alembic/versions/${shortSha(rng)}_tokens.py
"""store hashed tokens

Revision ID: ${shortSha(rng)}
Revises: ${shortSha(rng)}
Create Date: ${isoTime(rng).replace('T', ' ').replace('Z', '')}
"""
def upgrade():
    op.add_column("api_tokens", sa.Column("token_sha256", sa.String(64), nullable=False))
    op.create_index("ix_api_tokens_sha", "api_tokens", ["token_sha256"], unique=True)
    op.drop_column("api_tokens", "token")`),
    () => turn(`database/seeders/DevClientSeeder.php (local only)

DB::table('oauth_clients')->insert([
    'name' => '${project(rng)} local',
    'secret' => Str::random(40),
    'redirect' => 'http://localhost:${rng.pick([3000, 8000, 8080])}/callback',
    'revoked' => false,
]);

Seeding: Database\\Seeders\\DevClientSeeder
Seeded:  Database\\Seeders\\DevClientSeeder (${rng.int(10, 400)}ms)`),
    () => turn(`-- V${rng.int(2, 90)}__webhook_secrets.sql
ALTER TABLE webhook_endpoints
  ADD COLUMN signing_secret_ref text NOT NULL DEFAULT '',
  ADD COLUMN rotated_at timestamptz;
COMMENT ON COLUMN webhook_endpoints.signing_secret_ref IS 'name of the secret in Vault, never the secret';
UPDATE webhook_endpoints SET signing_secret_ref = 'secret/data/webhooks/' || id::text;

Successfully applied 1 migration to schema "public", now at version v${rng.int(2, 90)} (execution time 00:00.${rng.int(10, 999)}s)`),
  ]);
});

const testFakeFixtures = situation('neg-test-output-fake-fixtures', 21, (rng) => {
  return oneOf(rng, [
    () => turn(`FAILED tests/test_auth.py::test_rejects_expired_token - assert 200 == 401

    def test_rejects_expired_token(client, freezer):
        token = make_token(sub="user-${rng.int(1, 999)}", exp=${rng.int(1600000000, 1700000000)}, key=TEST_SIGNING_KEY)
        resp = client.get("/me", headers={"Authorization": f"Bearer {token}"})
>       assert resp.status_code == 401

tests/test_auth.py:${rng.int(10, 200)}: AssertionError
-------- Captured log call --------
DEBUG auth: token kid=${shortSha(rng)} verified with key fixture "test-signing-key"`),
    () => turn(`● StripeWebhook › rejects a bad signature

    expect(received).toBe(expected) // Object.is equality

    Expected: 400
    Received: 200

      ${rng.int(10, 60)} |   const secret = 'whsec_test_secret';
      ${rng.int(61, 99)} |   const payload = JSON.stringify({ id: 'evt_${rng.str('0123456789', 6)}', type: 'charge.succeeded' });

      at Object.<anonymous> (test/webhook.test.ts:${rng.int(10, 99)}:${rng.int(5, 30)})
Snapshot Summary: 1 snapshot obsolete (${sha1(rng).slice(0, 10)})`),
    () => turn(`--- FAIL: TestConfigLoad (0.00s)
    config_test.go:${rng.int(10, 90)}: Load() error = missing field "api_key"
    config_test.go:${rng.int(10, 90)}: fixture testdata/config-${rng.int(1, 9)}.yaml:
        api_key: ""          # intentionally empty
        password: changeme   # default that must be rejected
        endpoint: http://127.0.0.1:${rng.int(1024, 65000)}
FAIL	github.com/${project(rng)}/${project(rng)}/internal/config	0.0${rng.int(10, 99)}s`),
    () => turn(`1) Api::TokensController POST /tokens returns the token once
   Failure/Error: expect(json["token"]).to match(/\\Atk_[A-Za-z0-9]{32}\\z/)
     expected "tk_FAKE" to match /\\Atk_[A-Za-z0-9]{32}\\z/
   # ./spec/requests/tokens_spec.rb:${rng.int(5, 90)}:in \`block (3 levels) in <top (required)>'

Finished in ${rng.int(1, 59)}.${rng.int(10, 99)} seconds (files took ${rng.int(1, 9)}.${rng.int(10, 99)} seconds to load)
${rng.int(50, 900)} examples, 1 failure
Randomized with seed ${rng.int(1000, 65535)}`),
  ]);
});

const lockfiles = situation('neg-lockfiles-and-bundles', 21, (rng) => {
  const pkg = rng.pick(['undici', 'zod', 'esbuild', 'picomatch', 'semver', 'ws', 'cookie', 'path-to-regexp']);
  const v = semver(rng);
  return oneOf(rng, [
    () => turn(`the diff of package-lock.json after \`npm audit fix\`:

       "node_modules/${pkg}": {
-        "version": "${semver(rng)}",
-        "resolved": "https://registry.npmjs.org/${pkg}/-/${pkg}-${semver(rng)}.tgz",
-        "integrity": "${integrity(rng)}",
+        "version": "${v}",
+        "resolved": "https://registry.npmjs.org/${pkg}/-/${pkg}-${v}.tgz",
+        "integrity": "${integrity(rng)}",
         "license": "MIT",`),
    () => turn(`go.sum conflict after the rebase:

<<<<<<< HEAD
github.com/${rng.pick(['jackc/pgx/v5', 'redis/go-redis/v9', 'aws/aws-sdk-go-v2'])} v${v} h1:${rng.str(B64, 43)}=
=======
github.com/${rng.pick(['jackc/pgx/v5', 'redis/go-redis/v9', 'aws/aws-sdk-go-v2'])} v${semver(rng)} h1:${rng.str(B64, 43)}=
>>>>>>> ${shortSha(rng)} (bump deps)
golang.org/x/crypto v0.${rng.int(20, 40)}.0/go.mod h1:${rng.str(B64, 43)}=`),
    () => turn(`Cargo.lock change in the PR:

 [[package]]
 name = "${rng.pick(['tokio', 'hyper', 'rustls', 'serde_json'])}"
-version = "${semver(rng)}"
+version = "${v}"
 source = "registry+https://github.com/rust-lang/crates.io-index"
-checksum = "${sha256(rng)}"
+checksum = "${sha256(rng)}"`),
    () => turn(`poetry.lock (excerpt) — pip says the hash doesn't match:

[[package]]
name = "${rng.pick(['cryptography', 'pydantic-core', 'psycopg-binary', 'orjson'])}"
version = "${v}"
files = [
    {file = "x-${v}-cp312-cp312-manylinux_2_17_x86_64.whl", hash = "sha256:${sha256(rng)}"},
    {file = "x-${v}.tar.gz", hash = "sha256:${sha256(rng)}"},
]

ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE.`),
    () => turn(`yarn.lock after the upgrade:

"${pkg}@^${v.split('.')[0]}.0.0":
  version "${v}"
  resolved "https://registry.yarnpkg.com/${pkg}/-/${pkg}-${v}.tgz#${sha1(rng)}"
  integrity ${integrity(rng)}
  dependencies:
    ${rng.pick(['tslib', 'debug', 'ms'])} "^${semver(rng)}"`),
    () => {
      const chunk = `index-${rng.str(B64URL, 8)}.js`;
      return turn(`the built bundle still points at the old API host:

$ grep -o '.\\{120\\}apiBase.\\{160\\}' dist/assets/${chunk}
var ${rng.str(LOWER, 2)}=Object.freeze({apiBase:"https://api.${companyDomain(rng)}/v${rng.int(1, 3)}",buildId:"${sha1(rng)}",release:"${semver(rng)}",sentryRelease:"${project(rng)}@${shortSha(rng)}"}),${rng.str(LOWER, 2)}=function(e,t){return e.integrity="${integrity(rng)}",t}

$ ls -la dist/assets | head -3
-rw-r--r--  1 dev  staff  ${rng.int(100000, 900000)} ${chunk}
-rw-r--r--  1 dev  staff  ${rng.int(1000, 90000)} index-${rng.str(B64URL, 8)}.css`);
    },
  ]);
});

const publicKeys = situation('neg-public-keys-and-images', 21, (rng) => {
  const certLines = Array.from({ length: rng.int(5, 9) }, () => rng.str(B64, 64)).join('\n');
  return oneOf(rng, [
    () => turn(`added the deploy key to the server, ~/.ssh/authorized_keys now has:

ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rng.str(B64, 43)} deploy@${project(rng)}-ci
ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${rng.str(B64, 180)} backup@${project(rng)}

and \`ssh-keygen -lf\` prints SHA256:${rng.str(B64, 43)} (ED25519)`),
    () => turn(`the TLS handshake fails, here's the server certificate from \`openssl s_client -showcerts\`:

-----BEGIN CERTIFICATE-----
${certLines}
-----END CERTIFICATE-----
 0 s:CN = ${project(rng)}.${companyDomain(rng)}
   i:C = US, O = Let's Encrypt, CN = R1${rng.int(0, 1)}
verify error:num=20:unable to get local issuer certificate`),
    () => turn(`JWKS from https://auth.${companyDomain(rng)}/.well-known/jwks.json:

{"keys":[{"kty":"RSA","use":"sig","alg":"RS256","kid":"${shortSha(rng)}","e":"AQAB","n":"${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 342)}"}]}

the kid in the token header is ${shortSha(rng)}, which isn't in the set, so verification fails`),
    () => turn(`the app's public signing key (config/keys/${envName(rng)}.pub):

-----BEGIN PUBLIC KEY-----
${certLines}
-----END PUBLIC KEY-----

age recipient for the sops file: age1${rng.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}`),
    () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from(rng.str(HEX, 2 * rng.int(90, 180)), 'hex')]);
      return turn(`I inlined the small icon in \`src/components/${rng.pick(['Badge', 'EmptyState', 'Logo'])}.module.css\` so it no longer needs a request:

.icon {
  width: ${rng.pick([16, 20, 24])}px;
  height: ${rng.pick([16, 20, 24])}px;
  background-image: url("data:image/png;base64,${b64(png)}");
}

The PNG is ${png.length} bytes, so it stays below the ${rng.pick([2, 4, 8])} KB inlining limit in vite.config.ts.`);
    },
  ]);
});

const managerRefs = situation('neg-secret-manager-references', 21, (rng) => {
  const svc = project(rng);
  const env = envName(rng);
  return oneOf(rng, [
    () => turn(`apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: ${svc}-db
  namespace: ${env}
spec:
  refreshInterval: 1h
  secretStoreRef:
    kind: ClusterSecretStore
    name: aws-secrets-manager
  target:
    name: ${svc}-db
  data:
    - secretKey: password
      remoteRef:
        key: ${env}/${svc}/postgres
        property: password

the ExternalSecret says SecretSyncedError, status from kubectl: "could not get secret data from provider"`),
    () => turn(`App Service settings (az webapp config appsettings list):
[
  { "name": "ConnectionStrings__Default", "slotSetting": false, "value": "@Microsoft.KeyVault(SecretUri=https://${svc}-kv.vault.azure.net/secrets/sql-connection/)" },
  { "name": "Stripe__SecretKey", "slotSetting": false, "value": "@Microsoft.KeyVault(VaultName=${svc}-kv;SecretName=stripe-secret-key)" },
  { "name": "WEBSITE_RUN_FROM_PACKAGE", "slotSetting": false, "value": "1" }
]`),
    () => turn(`secrets.enc.yaml (sops) — \`sops -d\` fails with "no matching creation rules":

db_password: ENC[AES256_GCM,data:${rng.str(B64, 24)},iv:${rng.str(B64, 43)}=,tag:${rng.str(B64, 22)}==,type:str]
stripe_key: ENC[AES256_GCM,data:${rng.str(B64, 44)},iv:${rng.str(B64, 43)}=,tag:${rng.str(B64, 22)}==,type:str]
sops:
    lastmodified: "${isoTime(rng).replace(/\.\d+Z$/, 'Z')}"
    mac: ENC[AES256_GCM,data:${rng.str(B64, 60)},type:str]
    version: 3.${rng.int(7, 9)}.${rng.int(0, 3)}`),
    () => turn(`config/${env}.yaml:

database:
  password: \${vault:secret/data/${svc}/${env}/db#password}
stripe:
  secret_key: "{{resolve:secretsmanager:${env}/${svc}/stripe:SecretString:secret_key}}"
openai:
  api_key: op://${rng.pick(['Engineering', 'Platform'])}/${svc}-${env}/api-key
gcp:
  key_ref: projects/${svc}-${rng.int(100000, 999999)}/secrets/${env}-signing-key/versions/latest

the loader resolves only the vault: form; the others come through as literal strings`),
  ]);
});

const botCommits = situation('neg-git-log-bots', 21, (rng) => {
  const pkg = rng.pick(['actions/checkout', 'eslint', 'tokio', 'rubocop', 'phoenix', 'pydantic']);
  return turn(`$ git log --format='%H %an <%ae>%n    %s' -${rng.int(3, 4)}
${sha1(rng)} dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>
    Bump ${pkg} from ${semver(rng)} to ${semver(rng)}
${sha1(rng)} github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>
    chore(release): v${semver(rng)} [skip ci]
${sha1(rng)} renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>
    fix(deps): update module ${rng.pick(['golang.org/x/net', 'github.com/aws/aws-sdk-go-v2'])} to v0.${rng.int(20, 40)}.0

Change-Id: I${sha1(rng)}
Reviewed-on: https://review.${companyDomain(rng)}/c/${project(rng)}/+/${rng.int(10000, 999999)}
which of these broke the ${ticket(rng)} build? bisect says ${shortSha(rng)}`);
});

export const TOOL_NEGATIVE_CATEGORIES = [ciMasked, describeRefs, planSensitive, migrationSchema, testFakeFixtures, lockfiles, publicKeys, managerRefs, botCommits];
