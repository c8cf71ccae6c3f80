/**
 * Text with nothing to remove, which must come out unchanged: the ecosystems' own references and
 * documented placeholders in the very idioms the secrets use, obvious test fakes, hashes and ids,
 * lockfile integrity, base64 of plain text, prose and CLI help about keys, package names, and
 * configs that hold no secret.
 */
import { ECOSYSTEMS } from './ecosystems.js';
import { keyName, PASSWORD_SETTINGS } from './names.js';
import { base64Of, hex, NUM, uuid4 } from './rng.js';
import { rotatingPlain } from './rotation.js';
import { VENDORS } from './vendors.js';
const settingName = (rng) => keyName(rng.coin(0.6) ? rng.one(VENDORS).env : rng.one(PASSWORD_SETTINGS));
const plain = (text) => ({ text, targets: [] });
/** Case `i` is written in ecosystem `i mod n`, in that ecosystem's next form on each round. */
function acrossEcosystems(category, count, ecosystems, write) {
    return { category, count, gen: (rng, i) => plain(write(ecosystems[i % ecosystems.length], Math.floor(i / ecosystems.length), rng, i)) };
}
const references = acrossEcosystems('store-references', 96, ECOSYSTEMS, (eco, round, rng) => eco.references[round % eco.references.length](settingName(rng), rng));
/** Placeholders as vendors' and tools' docs write them, put where a value would go. */
const PLACEHOLDERS = ['<your-api-key>', 'changeme', 'xxx', 'xxxxxxxxxxxxxxxx', 'YOUR_API_KEY_HERE', '<YOUR_TOKEN>', 'your-secret-here', 'REPLACE_ME', '********', 'sk-...', 'TODO', '<password>', 'your_password', 'insert-token-here', '[REDACTED]', 'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'AKIAXXXXXXXXXXXXXXXX', 'sk_live_...', '<client-secret>'];
// cloud CLI files wrap the value (base64 auth, service-principal JSON): a placeholder there is no longer what the docs show
const PLACEHOLDER_ECOSYSTEMS = ECOSYSTEMS.filter((e) => e.name !== 'cloud-cli');
const placeholders = acrossEcosystems('doc-placeholders', 60, PLACEHOLDER_ECOSYSTEMS, (eco, round, rng, i) => eco.idioms[round % eco.idioms.length](settingName(rng), PLACEHOLDERS[i % PLACEHOLDERS.length], rng));
const obviousFakes = rotatingPlain('test-fakes', 30, (rng) => {
    const word = rng.one(['test', 'fake', 'dummy', 'example', 'mock', 'stub']);
    return [
        () => `def test_login_rejects_wrong_password(client):\n    resp = client.post("/login", json={"user": "alice", "password": "${word}-password"})\n    assert resp.status_code == 401`,
        () => `it('sends the api key header', async () => {\n  const client = new ApiClient({ apiKey: '${word}-key' });\n  expect(await client.headers()).toEqual({ 'X-Api-Key': '${word}-key' });\n});`,
        () => `func TestSign(t *testing.T) {\n\tsecret := []byte("${word}")\n\tif got := Sign(secret, "payload"); got == "" {\n\t\tt.Fatal("empty signature")\n\t}\n}`,
        () => `@Test\nvoid rejectsExpiredToken() {\n    var token = "${word}.token.value";\n    assertThrows(ExpiredException.class, () -> verifier.verify(token));\n}`,
        () => `factory :user do\n  email { "user#{n}@example.com" }\n  password { "password" }\n  password_confirmation { "password" }\nend`,
        () => `[Fact]\npublic void Hashes_the_password() {\n    var hash = Hasher.Hash("${word}");\n    Assert.NotEqual("${word}", hash);\n}`,
    ];
});
const hashesAndIds = rotatingPlain('hashes-ids', 40, (rng) => [
    () => `commit ${hex(rng, 40)}\nMerge: ${hex(rng, 7)} ${hex(rng, 7)}\nDate:   Tue Nov ${rng.between(10, 25)} 10:${rng.between(10, 59)}:02 2026 +0100\n\n    Bump the retry budget`,
    () => `${hex(rng, 64)}  ${rng.one(['node-v20.18.0-linux-x64.tar.xz', 'terraform_1.9.8_linux_amd64.zip', 'kubectl'])}`,
    () => `request_id=${uuid4(rng)} trace_id=${hex(rng, 32)} span_id=${hex(rng, 16)} status=200 duration_ms=${rng.between(3, 900)}`,
    () => `image: ghcr.io/acme/${rng.one(['api', 'worker', 'web'])}@sha256:${hex(rng, 64)}`,
    () => `ETag: "${hex(rng, 32)}"\nCache-Control: public, max-age=31536000, immutable`,
    () => `${rng.one(['a1', 'b4', 'c9'])}${hex(rng, 5)} (HEAD -> main, origin/main) Fix flaky test in the scheduler`,
    () => `"id": "${uuid4(rng)}",\n"createdAt": "2026-11-${rng.between(10, 28)}T08:00:00Z",\n"revision": ${rng.between(1, 400)}`,
    () => `Successfully built ${hex(rng, 12)}\nSuccessfully tagged ${rng.one(['api', 'worker'])}:latest`,
]);
const lockfiles = rotatingPlain('lockfile-integrity', 30, (rng) => {
    const pkg = rng.one(['lodash', 'react-dom', 'zod', 'chalk', 'undici', 'semver', 'esbuild', 'yaml']);
    const v = `${rng.between(1, 9)}.${rng.between(0, 30)}.${rng.between(0, 20)}`;
    return [
        () => `    "node_modules/${pkg}": {\n      "version": "${v}",\n      "resolved": "https://registry.npmjs.org/${pkg}/-/${pkg}-${v}.tgz",\n      "integrity": "sha512-${base64Of(rng, 64)}"\n    }`,
        () => `${pkg}@^${v}:\n  version "${v}"\n  resolved "https://registry.yarnpkg.com/${pkg}/-/${pkg}-${v}.tgz#${hex(rng, 40)}"\n  integrity sha512-${base64Of(rng, 64)}`,
        () => `[[package]]\nname = "${rng.one(['serde', 'tokio', 'rand_core', 'itoa'])}"\nversion = "${v}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${hex(rng, 64)}"`,
        () => `github.com/${rng.one(['spf13/cobra', 'google/uuid', 'stretchr/testify'])} v${v} h1:${base64Of(rng, 32)}`,
        () => `${pkg}==${v} \\\n    --hash=sha256:${hex(rng, 64)}`,
        () => `  /${pkg}@${v}:\n    resolution: {integrity: sha512-${base64Of(rng, 64)}}`,
    ];
});
const plainBase64 = rotatingPlain('base64-plain', 20, (rng) => {
    const content = rng.one(['port=8080\nlog_level=info\n', '{"feature":"dark-mode","enabled":true}', 'hello from the build agent\n', `region: eu-west-1\nreplicas: ${rng.between(1, 9)}\n`, '#!/bin/sh\nexec node server.js\n', `timeout_seconds=${rng.between(5, 120)}\n`]);
    const b = Buffer.from(content).toString('base64');
    return [
        () => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config-${rng.chars(NUM, 3)}\nbinaryData:\n  app.conf: ${b}`,
        () => `$ echo '${b}' | base64 -d\n${content.trimEnd()}`,
        () => `"userData": "${b}",\n"instanceType": "t3.${rng.one(['small', 'medium', 'large'])}"`,
        () => `<img alt="dot" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"> <!-- ${content.length} -->`,
    ];
});
const prose = {
    category: 'prose',
    count: 30,
    gen: (rng, i) => {
        const vendor = rng.one(['Stripe', 'GitHub', 'OpenAI', 'Twilio', 'AWS', 'Slack', 'Datadog', 'Vault']);
        const lines = [
            `Rotate the ${vendor} API key every 90 days and store the new one in the secret manager, never in the repository.`,
            `The token is read from the ${keyName(rng.one(VENDORS).env).env} environment variable at startup; if it is missing the CLI exits with code 2.`,
            `I've moved the password out of application.yml into Vault, so the file only references it now.`,
            `Basic authentication is a basic scheme: the client sends the user name and password on every request, so use it only over TLS.`,
            `Secrets in CI come from the repository settings, not from the workflow file. Ask an admin if ${vendor} deploys start failing with 401.`,
            `A personal access token with the repo scope is enough for this; a fine-grained token is better because it can be limited to one repository.`,
            `Der API-Schlüssel wird nie protokolliert; bei einem Leck bitte sofort im ${vendor}-Dashboard widerrufen.`,
            `La clé secrète doit rester côté serveur : le navigateur ne reçoit que la clé publique.`,
            `Changed the ${vendor.toLowerCase()} client to take the key as a parameter instead of reading a global, so tests can pass a fake.`,
            `Passwords are hashed with argon2id (m=${rng.one(['19456', '65536'])}, t=2, p=1) before they are stored.`,
        ];
        return plain(lines[i % lines.length] + (i >= lines.length ? ` (${rng.one(['see the runbook', 'ticket ' + rng.between(100, 9999), 'per the security review'])})` : ''));
    },
};
const cliHelp = rotatingPlain('cli-help', 20, (rng) => [
    () => `Usage: gh auth login [flags]\n\n  --with-token       Read token from standard input\n  -h, --hostname     The hostname of the GitHub instance to authenticate with\n  -s, --scopes       Additional authentication scopes to request`,
    () => `$ aws configure\nAWS Access Key ID [****************${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 4)}]:\nAWS Secret Access Key [****************${rng.chars('abcdefghijklmnopqrstuvwxyz', 4)}]:\nDefault region name [eu-west-1]:`,
    () => `Options:\n  --api-key TEXT     API key (defaults to $${keyName(rng.one(VENDORS).env).env})\n  --password-stdin   Take the password from stdin\n  --help             Show this message and exit.`,
    () => `npm token create [--read-only] [--cidr=list]\nnpm token list\nnpm token revoke <id|token>`,
    () => `$ docker login -u deploy --password-stdin ghcr.io\nLogin Succeeded\n\nWARNING! Your credentials are stored unencrypted in '/home/ci/.docker/config.json'.`,
    () => `$ vault kv get -field=password secret/${rng.one(['db', 'smtp', 'ldap'])}\nError reading secret/db: permission denied`,
]);
const packageNames = rotatingPlain('package-names', 20, (rng) => [
    () => `"dependencies": {\n  "@aws-sdk/client-secrets-manager": "^3.${rng.between(400, 700)}.0",\n  "jsonwebtoken": "^9.0.2",\n  "passport-github2": "^0.1.12"\n}`,
    () => `google-cloud-secret-manager==2.${rng.between(10, 22)}.0\nhvac==2.${rng.between(1, 3)}.0\npython-dotenv==1.0.1\nkeyring==25.${rng.between(0, 5)}.0`,
    () => `<PackageReference Include="Azure.Security.KeyVault.Secrets" Version="4.${rng.between(4, 7)}.0" />\n<PackageReference Include="Microsoft.Extensions.Configuration.UserSecrets" Version="8.0.1" />`,
    () => `[dependencies]\nsecrecy = "0.10"\nkeyring = "3.${rng.between(0, 6)}"\njsonwebtoken = "9"`,
    () => `implementation("com.google.cloud:google-cloud-secretmanager:2.${rng.between(30, 60)}.0")\nimplementation("io.jsonwebtoken:jjwt-api:0.12.6")`,
]);
const cleanConfigs = rotatingPlain('clean-configs', 30, (rng) => {
    const p = rng.one(['8080', '3000', '5432', '6379', '9092']);
    return [
        () => `server.port=${p}\nspring.jpa.open-in-view=false\nmanagement.endpoints.web.exposure.include=health,info\nspring.datasource.hikari.maximum-pool-size=${rng.between(5, 40)}`,
        () => `APP_ENV=local\nAPP_DEBUG=true\nLOG_LEVEL=debug\nCACHE_DRIVER=file\nQUEUE_CONNECTION=sync\nSESSION_LIFETIME=${rng.between(30, 240)}`,
        () => `resource "aws_s3_bucket" "logs" {\n  bucket = "acme-logs-${rng.chars(NUM, 4)}"\n  force_destroy = false\n  tags = { team = "platform" }\n}`,
        () => `jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: ${rng.one(['20', '22'])}\n      - run: npm ci && npm test`,
        () => `[global]\nindex-url = https://pypi.org/simple\ntimeout = ${rng.between(15, 120)}\n\n[install]\nno-cache-dir = false`,
        () => `apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  ports:\n    - port: ${p}\n      targetPort: http`,
        () => `{\n  "editor.formatOnSave": true,\n  "files.exclude": { "**/dist": true },\n  "typescript.tsdk": "node_modules/typescript/lib",\n  "editor.tabSize": ${rng.one([2, 4])}\n}`,
        () => `Host bastion\n  HostName 10.${rng.between(0, 255)}.${rng.between(0, 255)}.${rng.between(1, 254)}\n  User ubuntu\n  IdentityFile ~/.ssh/id_ed25519\n  ForwardAgent no`,
        () => `[profile dev]\nregion = eu-west-1\noutput = json\nsso_start_url = https://acme.awsapps.com/start\nsso_account_id = ${rng.chars(NUM, 12)}\nsso_role_name = ReadOnly`,
        () => `<configuration>\n  <packageSources>\n    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />\n  </packageSources>\n</configuration>`,
    ];
});
export const NEGATIVE_CATEGORIES = [references, placeholders, obviousFakes, hashesAndIds, lockfiles, plainBase64, prose, cliHelp, packageNames, cleanConfigs];
//# sourceMappingURL=negatives.js.map