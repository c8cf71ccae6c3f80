import { NUM } from './rng.js';
const port = (rng) => rng.one(['8080', '3000', '5000', '8443', '9090', '4000']);
const host = (rng) => `${rng.one(['db', 'pg', 'mysql', 'primary', 'cache'])}-${rng.chars(NUM, 2)}.${rng.one(['internal', 'svc.cluster.local', 'prod.example.net', 'lan'])}`;
const app = (rng) => rng.one(['billing', 'orders', 'atlas', 'checkout', 'ledger', 'notifier', 'inventory', 'gateway']);
export const ECOSYSTEMS = [
    {
        name: 'spring',
        idioms: [
            (k, v, r) => `# src/main/resources/application.properties\nserver.port=${port(r)}\nspring.application.name=${app(r)}\n${k.dotted}=${v}\nlogging.level.root=INFO`,
            (k, v, r) => `spring:\n  application:\n    name: ${app(r)}\n${k.dotted.split('.')[0]}:\n  ${k.kebab.split('-').slice(1).join('-') || 'key'}: "${v}"\n  timeout: ${r.between(2, 30)}s`,
            (k, v, r) => `# application-prod.yml\nspring:\n  datasource:\n    url: jdbc:postgresql://${host(r)}:5432/${app(r)}\n    username: ${app(r)}_svc\n    password: '${v}'`,
            (k, v) => `@TestPropertySource(properties = {\n    "${k.dotted}=${v}"\n})\nclass ${k.pascal}ClientIT {`,
        ],
        references: [
            (k) => `${k.dotted}=\${${k.env}}`,
            (k) => `${k.dotted}=\${${k.env}:}`,
            (k) => `spring:\n  cloud:\n    vault:\n      kv:\n        enabled: true\n${k.dotted.split('.')[0]}:\n  key: \${vault.${k.snake}}`,
            (k) => `@Value("\${${k.dotted}}")\nprivate String ${k.camel};`,
        ],
    },
    {
        name: 'php',
        idioms: [
            (k, v, r) => `APP_NAME=${app(r)}\nAPP_ENV=production\nAPP_DEBUG=false\n${k.env}="${v}"\nLOG_CHANNEL=stack`,
            (k, v, r) => `###> symfony/framework-bundle ###\nAPP_ENV=prod\n###< symfony/framework-bundle ###\n${k.env}=${v}\nDATABASE_URL="postgresql://app@${host(r)}:5432/app?serverVersion=16&charset=utf8"`,
            (k, v) => `// config/services.php\nreturn [\n    '${k.snake.split('_')[0]}' => [\n        'secret' => env('${k.env}', '${v}'),\n    ],\n];`,
            (k, v) => `<?php\n\n$config['${k.snake}'] = '${v}';\ndefine('${k.env}', '${v}');`,
        ],
        references: [
            (k) => `${k.env}=\${${k.env}_FROM_VAULT}`,
            (k) => `parameters:\n    ${k.snake}: '%env(${k.env})%'`,
            (k) => `'secret' => env('${k.env}'),`,
            (k) => `$${k.camel} = getenv('${k.env}') ?: throw new RuntimeException('${k.env} is not set');`,
        ],
    },
    {
        name: 'rails',
        idioms: [
            (k, v, r) => `# config/database.yml\nproduction:\n  <<: *default\n  database: ${app(r)}_production\n  username: ${app(r)}\n  password: ${v}\n  host: ${host(r)}`,
            (k, v) => `$ bin/rails credentials:show\n${k.snake.split('_')[0]}:\n  ${k.snake.split('_').slice(1).join('_') || 'key'}: ${v}`,
            (k, v) => `# config/initializers/${k.snake.split('_')[0]}.rb\nENV["${k.env}"] ||= "${v}"`,
            (k, v) => `Rails.application.configure do\n  config.x.${k.snake} = '${v}'\nend`,
        ],
        references: [
            (k) => `  password: <%= ENV["${k.env}"] %>`,
            (k) => `${k.snake}: <%= Rails.application.credentials.dig(:${k.snake.split('_')[0]}, :${k.snake.split('_').slice(1).join('_') || 'key'}) %>`,
            (k) => `config.x.${k.snake} = ENV.fetch("${k.env}")`,
            (k) => `config.x.${k.snake} = Rails.application.credentials.${k.snake}!`,
        ],
    },
    {
        name: 'django',
        idioms: [
            (k, v, r) => `# settings/production.py\nDEBUG = False\nALLOWED_HOSTS = ["${app(r)}.example.org"]\n${k.env} = "${v}"`,
            (k, v, r) => `DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "${app(r)}",\n        "HOST": "${host(r)}",\n        "PASSWORD": "${v}",\n    }\n}`,
            (k, v) => `client = ${k.pascal.replace(/(Api|Access|Secret|Auth|Bot|Service|Management|Client).*$/, '')}Client(api_key="${v}")`,
            (k, v) => `os.environ.setdefault("${k.env}", "${v}")`,
        ],
        references: [
            (k) => `${k.env} = os.environ["${k.env}"]`,
            (k) => `${k.env} = env("${k.env}")  # django-environ`,
            (k) => `${k.env} = config("${k.env}", default="")  # python-decouple`,
            (k) => `"PASSWORD": get_secret("${k.kebab}"),`,
        ],
    },
    {
        name: 'nextjs',
        idioms: [
            (k, v, r) => `# .env.local\nNEXT_PUBLIC_SITE_URL=http://localhost:${port(r)}\n${k.env}=${v}`,
            (k, v) => `// next.config.mjs\nexport default {\n  env: {\n    ${k.env}: '${v}',\n  },\n};`,
            (k, v) => `export const ${k.camel} = process.env.${k.env} ?? '${v}';`,
            (k, v) => `# .env.development.local (do not commit)\n${k.env}='${v}'\nNEXTAUTH_URL=http://localhost:3000`,
        ],
        references: [
            (k) => `const ${k.camel} = process.env.${k.env};`,
            (k) => `${k.env}=\${VAULT_${k.env}}`,
            (k) => `const { ${k.env} } = process.env;\nif (!${k.env}) throw new Error('missing ${k.env}');`,
            (k) => `${k.env}=op://${k.snake.split('_')[0]}/${k.kebab}/credential`,
        ],
    },
    {
        name: 'kubernetes',
        idioms: [
            (k, v, r) => `# values.yaml\nreplicaCount: ${r.between(1, 5)}\nsecrets:\n  ${k.camel}: "${v}"\nservice:\n  port: ${port(r)}`,
            (k, v) => `        env:\n          - name: LOG_LEVEL\n            value: info\n          - name: ${k.env}\n            value: "${v}"`,
            (k, v, r) => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${app(r)}-credentials\ntype: Opaque\nstringData:\n  ${k.kebab}: ${v}`,
            (k, v, r) => `apiVersion: v1\nkind: Config\nusers:\n- name: ${app(r)}-deployer\n  user:\n    token: ${v}\ncurrent-context: ${app(r)}`,
        ],
        references: [
            (k) => `          - name: ${k.env}\n            valueFrom:\n              secretKeyRef:\n                name: app-secrets\n                key: ${k.kebab}`,
            (k) => `            value: {{ .Values.secrets.${k.camel} | quote }}`,
            (k) => `  ${k.kebab}: {{ required "secrets.${k.camel} is required" .Values.secrets.${k.camel} }}`,
            (k) => `apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  data:\n    - secretKey: ${k.kebab}\n      remoteRef:\n        key: prod/${k.kebab}`,
        ],
    },
    {
        name: 'iac',
        idioms: [
            (k, v, r) => `# terraform.tfvars\nregion = "${r.one(['eu-west-1', 'us-east-2', 'ap-southeast-1'])}"\n${k.snake} = "${v}"`,
            (k, v) => `provider "${k.snake.split('_')[0]}" {\n  ${k.snake.split('_').slice(1).join('_') || 'token'} = "${v}"\n}`,
            (k, v, r) => `# group_vars/${app(r)}/vars.yml\n${k.snake}: "${v}"\nansible_user: deploy`,
            (k, v, r) => `- name: Configure the ${app(r)} service\n  hosts: app\n  vars:\n    ${k.snake}: ${v}\n  roles:\n    - ${app(r)}`,
        ],
        references: [
            (k) => `  ${k.snake} = var.${k.snake}`,
            (k) => `  ${k.snake} = data.aws_secretsmanager_secret_version.${k.snake}.secret_string`,
            (k) => `${k.snake}: "{{ vault_${k.snake} }}"`,
            (k) => `${k.snake}: "{{ lookup('env', '${k.env}') }}"`,
            (k) => `  ${k.snake} = "\${var.${k.snake}}"`,
        ],
    },
    {
        name: 'ci',
        idioms: [
            (k, v) => `# .github/workflows/deploy.yml\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      ${k.env}: ${v}`,
            (k, v) => `# .gitlab-ci.yml\nvariables:\n  ${k.env}: "${v}"\n  DOCKER_DRIVER: overlay2`,
            (k, v, r) => `services:\n  ${app(r)}:\n    image: ghcr.io/acme/${app(r)}:latest\n    environment:\n      - ${k.env}=${v}`,
            (k, v, r) => `# docker-compose.override.yml\nservices:\n  ${app(r)}:\n    environment:\n      ${k.env}: "${v}"`,
        ],
        references: [
            (k) => `    env:\n      ${k.env}: \${{ secrets.${k.env} }}`,
            (k) => `  script:\n    - curl -fsS -H "Authorization: Bearer $${k.env}" https://api.example.com/deploy`,
            (k) => `    environment:\n      ${k.env}: \${${k.env}:?set ${k.env} in .env}`,
            (k) => `    secrets:\n      - ${k.snake}\nsecrets:\n  ${k.snake}:\n    file: ./secrets/${k.snake}.txt`,
            (k) => `      - uses: hashicorp/vault-action@v3\n        with:\n          secrets: secret/data/ci ${k.snake} | ${k.env}`,
        ],
    },
    {
        name: 'tooling-json',
        idioms: [
            (k, v) => JSON.stringify({ cell_type: 'code', metadata: {}, source: ['import os\n', `os.environ["${k.env}"] = "${v}"\n`] }, null, 1),
            (k, v) => JSON.stringify({ id: 'env-prod', name: 'Production', values: [{ key: 'baseUrl', value: 'https://api.example.com', enabled: true }, { key: k.camel, value: v, type: 'secret', enabled: true }] }, null, 2),
            (k, v) => JSON.stringify({ request: { method: 'GET', url: 'https://api.example.com/v1/me', headers: [{ name: 'Accept', value: 'application/json' }, { name: 'Authorization', value: `Bearer ${v}` }] } }, null, 2),
            (k, v) => JSON.stringify({ version: '0.2.0', configurations: [{ type: 'node', request: 'launch', name: 'Debug server', program: '${workspaceFolder}/src/index.ts', env: { [k.env]: v } }] }, null, 2),
            (k, v) => JSON.stringify({ auth: { type: 'apikey', apikey: [{ key: 'value', value: v, type: 'string' }, { key: 'key', value: 'X-API-Key', type: 'string' }] } }, null, 2),
        ],
        references: [
            (k) => JSON.stringify({ key: k.camel, value: `{{${k.camel}}}`, type: 'default' }),
            (k) => JSON.stringify({ env: { [k.env]: `\${env:${k.env}}` } }, null, 2),
            (k) => JSON.stringify({ inputs: [{ id: k.camel, type: 'promptString', password: true }], env: { [k.env]: `\${input:${k.camel}}` } }, null, 2),
            (k) => JSON.stringify({ cell_type: 'code', source: ['import os\n', `${k.snake} = os.environ["${k.env}"]\n`] }, null, 1),
        ],
    },
    {
        name: 'registries',
        pinned: { 0: 'npm', 4: 'pypi' },
        idioms: [
            (_k, v) => `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${v}\nalways-auth=true`,
            (_k, v, r) => `<settings>\n  <servers>\n    <server>\n      <id>${app(r)}-releases</id>\n      <username>deployer</username>\n      <password>${v}</password>\n    </server>\n  </servers>\n</settings>`,
            (k, v) => `# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx2g\n${k.camel}=${v}`,
            (_k, v, r) => {
                const feed = app(r);
                return `<packageSourceCredentials>\n  <${feed}>\n    <add key="Username" value="build" />\n    <add key="ClearTextPassword" value="${v}" />\n  </${feed}>\n</packageSourceCredentials>`;
            },
            (_k, v) => `[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ${v}`,
        ],
        references: [
            () => `//registry.npmjs.org/:_authToken=\${NPM_TOKEN}`,
            (k) => `      <password>\${env.${k.env}}</password>`,
            (k) => `    <add key="ClearTextPassword" value="%${k.env}%" />`,
            (k) => `${k.camel}=\${System.getenv("${k.env}")}`,
        ],
    },
    {
        name: 'cloud-cli',
        pinned: { 0: 'aws-secret-key', 1: 'azure-ad-secret', 2: 'google-oauth-secret' },
        idioms: [
            (_k, v, r) => `# ~/.aws/credentials\n[${r.one(['default', 'prod', 'ci'])}]\naws_secret_access_key = ${v}\nregion = eu-central-1`,
            (_k, v, r) => JSON.stringify({ appId: `${r.chars('0123456789abcdef', 8)}-1c2d-4e5f-8a9b-${r.chars('0123456789abcdef', 12)}`, displayName: `${app(r)}-sp`, password: v, tenant: `${r.chars('0123456789abcdef', 8)}-7b6a-4c3d-9e8f-${r.chars('0123456789abcdef', 12)}` }, null, 2),
            (_k, v, r) => JSON.stringify({ client_id: `${r.chars(NUM, 12)}-${r.chars('abcdefghijklmnopqrstuvwxyz0123456789', 32)}.apps.googleusercontent.com`, client_secret: v, refresh_token: '<stored in keychain>', type: 'authorized_user' }, null, 2),
            (_k, v) => `{\n  "auths": {\n    "registry.example.com": {\n      "identitytoken": "${v}"\n    }\n  }\n}`,
        ],
        references: [
            () => `[profile prod]\ncredential_process = /usr/local/bin/aws-vault export --format=json prod\nregion = eu-central-1`,
            () => `{\n  "credsStore": "desktop",\n  "auths": { "ghcr.io": {} }\n}`,
            () => `users:\n- name: gke\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: gke-gcloud-auth-plugin\n      provideClusterInfo: true`,
            (k) => `az keyvault secret show --vault-name kv-prod --name ${k.kebab} --query value -o tsv`,
        ],
    },
    {
        name: 'shells',
        idioms: [
            (k, v) => `PS C:\\src\\app> $env:${k.env} = "${v}"`,
            (k, v) => `[Environment]::SetEnvironmentVariable("${k.env}", "${v}", "User")`,
            (k, v) => `C:\\src\\app>set ${k.env}=${v}`,
            (k, v) => `setx ${k.env} "${v}"`,
            (k, v) => `# ~/.config/fish/config.fish\nset -gx ${k.env} ${v}`,
            (k, v) => `set -x ${k.env} '${v}'`,
            (k, v) => `# ~/.zshrc\nexport ${k.env}='${v}'`,
        ],
        references: [
            (k) => `Invoke-RestMethod -Headers @{ Authorization = "Bearer $env:${k.env}" } -Uri $url`,
            (k) => `echo %${k.env}%`,
            (k) => `set -gx ${k.env} (security find-generic-password -s ${k.kebab} -w)`,
            (k) => `export ${k.env}="$(pass show ${k.kebab})"`,
            (k) => `$env:${k.env} = (Get-Secret -Name ${k.pascal} -AsPlainText)`,
        ],
    },
    {
        name: 'source',
        idioms: [
            (k, v) => `package config\n\nconst ${k.camel} = "${v}"`,
            (k, v) => `const ${k.env}: &str = "${v}";`,
            (k, v) => `public final class Keys {\n    private static final String ${k.env} = "${v}";\n}`,
            (k, v) => `internal static class Secrets\n{\n    public const string ${k.pascal} = "${v}";\n}`,
            (k, v) => `object BuildKeys {\n    const val ${k.env} = "${v}"\n}`,
            (k, v) => `enum Keys {\n    static let ${k.camel} = "${v}"\n}`,
            (k, v) => `config :my_app, MyApp.${k.pascal.slice(0, 8)},\n  ${k.snake}: "${v}"`,
            (k, v) => `@${k.snake} "${v}"`,
        ],
        references: [
            (k) => `${k.camel} := os.Getenv("${k.env}")`,
            (k) => `let ${k.snake} = std::env::var("${k.env}").expect("${k.env} must be set");`,
            (k) => `String ${k.camel} = System.getenv("${k.env}");`,
            (k) => `var ${k.camel} = builder.Configuration["${k.pascal}"];`,
            (k) => `val ${k.camel} = System.getenv("${k.env}") ?: error("${k.env} missing")`,
            (k) => `let ${k.camel} = ProcessInfo.processInfo.environment["${k.env}"]`,
            (k) => `  ${k.snake}: System.fetch_env!("${k.env}")`,
        ],
    },
];
export function ecosystem(name) {
    const e = ECOSYSTEMS.find((x) => x.name === name);
    if (!e)
        throw new Error(`no ecosystem ${name}`);
    return e;
}
//# sourceMappingURL=ecosystems.js.map