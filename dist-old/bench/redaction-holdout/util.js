/**
 * Shared helpers for the holdout corpus generators: alphabets, token shapes, checksums (Luhn,
 * IBAN mod-97), and the "where does a value sit" wrappers (config formats, source idioms, logs).
 *
 * Nothing here holds a literal credential: every value is drawn from the seeded PRNG at run time.
 */
import { DIGITS, defineCorpusCategory, ibanCheckDigits, ibanChecksumValid, LOWER, luhnCheckDigit, UPPER } from '../corpus-kit.js';
export const defineCategory = defineCorpusCategory;
export { B64, B64URL, BASE32 as B32, DIGITS, HEX, LOWER, UPPER, b64, b64url, groupsOf4 as group4, luhnCheckDigit, uuid } from '../corpus-kit.js';
/** Letters first: the holdout draws its tokens over this order. */
export const ALNUM = UPPER + LOWER + DIGITS;
export const LOWER_ALNUM = LOWER + DIGITS;
export const UPPER_ALNUM = UPPER + DIGITS;
/** A random string guaranteed to mix upper, lower and digits (looks like a real generated token). */
export function mixed(rng, n, alphabet = ALNUM) {
    for (;;) {
        const s = rng.str(alphabet, n);
        if (n < 8 || (/[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s)) || !/[A-Z]/.test(alphabet) || !/[a-z]/.test(alphabet))
            return s;
    }
}
/** Human-made passwords of several styles (none of them a dictionary placeholder). */
export function password(rng) {
    const words = ['tulip', 'Orbit', 'granite', 'Maple', 'falcon', 'Cobalt', 'harbor', 'Quartz', 'willow', 'Ember', 'saffron', 'Nimbus', 'pepper', 'Glacier', 'violet', 'Juniper', 'otter', 'Breeze', 'cactus', 'Lantern'];
    const sym = '!@#$%^&*?_-+=.';
    switch (rng.int(0, 5)) {
        case 0: return `${rng.pick(words)}${rng.pick(words)}${rng.int(10, 99)}${rng.pick(sym.split(''))}`;
        case 1: return `${rng.pick(words)}-${rng.pick(words).toLowerCase()}-${rng.pick(words).toLowerCase()}-${rng.int(1, 9)}`;
        case 2: return mixed(rng, rng.int(14, 24), ALNUM + '!#%*_-');
        case 3: return `${rng.pick(words)}${rng.pick(sym.split(''))}${rng.int(1980, 2025)}${rng.pick(words).toLowerCase()}`;
        case 4: return mixed(rng, rng.int(20, 32));
        default: return `${rng.str(UPPER, 1)}${rng.str(LOWER, rng.int(4, 7))}${rng.int(100, 9999)}${rng.pick(sym.split(''))}${rng.str(ALNUM, 4)}`;
    }
}
/** Passwords that are safe inside a URL without encoding. */
export function urlSafePassword(rng) {
    return rng.chance(0.5) ? mixed(rng, rng.int(16, 28)) : `${mixed(rng, rng.int(6, 10))}-${mixed(rng, rng.int(6, 10))}_${rng.int(10, 99)}`;
}
export function upperSnake(name) {
    return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-. ]/g, '_').toUpperCase();
}
export function lowerSnake(name) {
    return upperSnake(name).toLowerCase();
}
export function camel(name) {
    const parts = lowerSnake(name).split('_').filter(Boolean);
    return parts.map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1))).join('');
}
export function pascal(name) {
    const c = camel(name);
    return c[0].toUpperCase() + c.slice(1);
}
export function dotted(name) {
    return lowerSnake(name).replace(/_/g, '.');
}
export function kebab(name) {
    return lowerSnake(name).replace(/_/g, '-');
}
export function luhnValid(num) {
    return luhnCheckDigit(num.slice(0, -1)) === num.charCodeAt(num.length - 1) - 48;
}
export function ibanFromBban(country, bban) {
    return `${country}${ibanCheckDigits(country, bban)}${bban}`;
}
export function ibanValid(iban) {
    return ibanChecksumValid(iban.replace(/\s+/g, ''));
}
export const FIRST = ['maria', 'james', 'aisha', 'kenji', 'lucia', 'oliver', 'priya', 'mateo', 'sofia', 'liam', 'chloe', 'noah', 'fatima', 'lars', 'ingrid', 'diego', 'hana', 'tomasz', 'elena', 'arjun', 'zoe', 'yusuf', 'camille', 'bruno', 'mei', 'sven', 'olga', 'rafael', 'nadia', 'felix'];
export const LAST = ['garcia', 'smith', 'khan', 'tanaka', 'rossi', 'brown', 'patel', 'fernandez', 'moreau', 'nguyen', 'schmidt', 'kowalski', 'silva', 'johansson', 'okafor', 'cohen', 'murphy', 'yilmaz', 'dubois', 'kim', 'novak', 'haddad', 'larsen', 'ivanova', 'mendes', 'weber', 'sato', 'reyes', 'obrien', 'lindqvist'];
export const cap = (s) => s[0].toUpperCase() + s.slice(1);
export function personName(rng) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    return { first, last, full: `${cap(first)} ${cap(last)}` };
}
export const HOSTS = ['db-primary.internal', 'pg.prod.acme-corp.net', 'mysql-01.eu-west-1.rds.amazonaws.com', 'orders-db.c9akciq32.us-east-2.rds.amazonaws.com', 'cluster0.mongodb.net', 'redis-master.cache.svc.cluster.local', 'rabbitmq.staging.internal', 'analytics.postgres.database.azure.com', 'db.lumen-app.io', 'warehouse.snowhost.dev'];
export const SERVICES = ['billing', 'checkout', 'auth-gateway', 'ingest', 'notifier', 'search-api', 'reporting', 'scheduler', 'media-worker', 'ledger'];
export function isoTime(rng) {
    const d = new Date(Date.UTC(2024, 0, 1) + rng.int(0, 700) * 86400000 + rng.int(0, 86399) * 1000 + rng.int(0, 999));
    return d.toISOString();
}
export const PLACERS = {
    dotenv: (n, v, r) => `# ${r.pick(SERVICES)} — local overrides\nNODE_ENV=development\nPORT=${r.int(3000, 9000)}\n${upperSnake(n)}=${v}\nLOG_LEVEL=debug\n`,
    dotenvQuoted: (n, v) => `APP_NAME="Ledger"\n${upperSnake(n)}="${v}"\nFEATURE_FLAGS="beta,new-ui"\n`,
    shellExport: (n, v) => `#!/usr/bin/env bash\nset -euo pipefail\nexport AWS_REGION=eu-central-1\nexport ${upperSnake(n)}='${v}'\n./scripts/deploy.sh "$@"\n`,
    yaml: (n, v, r) => `${r.pick(SERVICES)}:\n  enabled: true\n  timeout: 30s\n  ${lowerSnake(n)}: ${v}\n  retries: 3\n`,
    yamlQuoted: (n, v) => `integrations:\n  - name: primary\n    ${camel(n)}: "${v}"\n    region: us-east-1\n`,
    json: (n, v, r) => `{\n  "service": "${r.pick(SERVICES)}",\n  "${camel(n)}": "${v}",\n  "timeoutMs": 5000\n}`,
    jsonNested: (n, v) => `{"env":"prod","credentials":{"${lowerSnake(n)}":"${v}"},"debug":false}`,
    toml: (n, v, r) => `[${r.pick(SERVICES).replace('-', '_')}]\nendpoint = "https://api.internal/v2"\n${lowerSnake(n)} = "${v}"\nmax_connections = 16\n`,
    ini: (n, v) => `[default]\nregion = us-west-2\n${lowerSnake(n)} = ${v}\noutput = json\n`,
    hcl: (n, v, r) => `resource "${r.pick(['datadog_monitor', 'vault_generic_secret', 'kubernetes_secret', 'github_actions_secret'])}" "main" {\n  name  = "${r.pick(SERVICES)}"\n  ${lowerSnake(n)} = "${v}"\n}\n`,
    tfvars: (n, v) => `environment = "production"\n${lowerSnake(n)} = "${v}"\ninstance_type = "t3.medium"\n`,
    properties: (n, v) => `# application.properties\nserver.port=8080\napp.${dotted(n)}=${v}\nlogging.level.root=INFO\n`,
    xmlAdd: (n, v) => `<appSettings>\n  <add key="Environment" value="Production" />\n  <add key="${pascal(n)}" value="${v}" />\n</appSettings>`,
    xmlElem: (n, v) => `<configuration>\n  <${camel(n)}>${v}</${camel(n)}>\n  <timeout>30</timeout>\n</configuration>`,
    dockerfile: (n, v) => `FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nENV ${upperSnake(n)}=${v}\nRUN npm ci --omit=dev\nCMD ["node", "server.js"]\n`,
    compose: (n, v, r) => `services:\n  ${r.pick(SERVICES)}:\n    image: ghcr.io/acme/${r.pick(SERVICES)}:1.4.2\n    environment:\n      - ${upperSnake(n)}=${v}\n      - TZ=UTC\n`,
    composeMap: (n, v) => `    environment:\n      RAILS_ENV: production\n      ${upperSnake(n)}: ${v}\n`,
    k8sSecret: (n, v) => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-credentials\ntype: Opaque\nstringData:\n  ${kebab(n)}: "${v}"\n`,
    k8sEnv: (n, v) => `      containers:\n        - name: api\n          env:\n            - name: ${upperSnake(n)}\n              value: "${v}"\n`,
    helm: (n, v) => `# values-prod.yaml\nreplicaCount: 3\nsecrets:\n  ${camel(n)}: ${v}\ningress:\n  enabled: true\n`,
    systemd: (n, v) => `[Unit]\nDescription=Worker\n\n[Service]\nEnvironment="${upperSnake(n)}=${v}"\nExecStart=/usr/local/bin/worker --config /etc/worker.yml\nRestart=on-failure\n`,
    ghActions: (n, v) => `jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      ${upperSnake(n)}: ${v}\n    steps:\n      - uses: actions/checkout@v4\n`,
    gitlabCi: (n, v) => `variables:\n  DOCKER_DRIVER: overlay2\n  ${upperSnake(n)}: "${v}"\n\ndeploy:\n  stage: deploy\n  script:\n    - ./deploy.sh\n`,
    jenkins: (n, v) => `pipeline {\n  agent any\n  environment {\n    ${upperSnake(n)} = '${v}'\n  }\n  stages { stage('Build') { steps { sh 'make' } } }\n}`,
    python: (n, v) => `import requests\n\n${upperSnake(n)} = "${v}"\n\ndef fetch(path):\n    return requests.get(BASE + path, timeout=10)\n`,
    pythonKw: (n, v) => `client = Client(\n    base_url="https://api.internal",\n    ${lowerSnake(n)}="${v}",\n)\n`,
    pythonDict: (n, v) => `SETTINGS = {\n    'debug': False,\n    '${lowerSnake(n)}': '${v}',\n}\n`,
    js: (n, v) => `const ${camel(n)} = '${v}';\nexport async function call(path) {\n  return fetch(path);\n}\n`,
    jsObj: (n, v) => `const client = new Client({\n  region: 'us-east-1',\n  ${camel(n)}: "${v}",\n});\n`,
    ts: (n, v) => `export const config: AppConfig = {\n  ${camel(n)}: \`${v}\`,\n  retries: 2,\n};\n`,
    go: (n, v) => `package main\n\nconst ${camel(n)} = "${v}"\n\nfunc main() {\n\trun()\n}\n`,
    goSetenv: (n, v) => `func init() {\n\tos.Setenv("${upperSnake(n)}", "${v}")\n}\n`,
    rust: (n, v) => `const ${upperSnake(n)}: &str = "${v}";\n\nfn main() {\n    run();\n}\n`,
    rustLet: (n, v) => `let ${lowerSnake(n)} = String::from("${v}");\n`,
    java: (n, v) => `public class Config {\n    private static final String ${upperSnake(n)} = "${v}";\n}\n`,
    kotlin: (n, v) => `object Secrets {\n    const val ${camel(n)} = "${v}"\n}\n`,
    csharp: (n, v) => `public static class Settings\n{\n    public const string ${pascal(n)} = "${v}";\n}\n`,
    csharpVar: (n, v) => `var ${camel(n)} = @"${v}";\n`,
    php: (n, v) => `<?php\nreturn [\n    'driver' => 'smtp',\n    '${lowerSnake(n)}' => '${v}',\n];\n`,
    phpDefine: (n, v) => `<?php\ndefine('${upperSnake(n)}', '${v}');\n`,
    ruby: (n, v) => `Rails.application.configure do\n  config.${lowerSnake(n)} = "${v}"\nend\n`,
    rubyConst: (n, v) => `${upperSnake(n)} = '${v}'.freeze\n`,
    swift: (n, v) => `enum Keys {\n    static let ${camel(n)} = "${v}"\n}\n`,
    elixir: (n, v, r) => `config :${r.pick(['my_app', 'shop', 'ledger'])}, MyApp.Client,\n  ${lowerSnake(n)}: "${v}"\n`,
    powershell: (n, v) => `$env:${upperSnake(n)} = "${v}"\n& .\\deploy.ps1 -Environment Staging\n`,
    powershellVar: (n, v) => `$${pascal(n)} = '${v}'\nInvoke-RestMethod -Uri $Uri -Method Get\n`,
    logLine: (n, v, r) => `${isoTime(r)} DEBUG config: loaded ${lowerSnake(n)}=${v} source=env\n`,
    diff: (n, v) => `diff --git a/.env.production b/.env.production\n--- a/.env.production\n+++ b/.env.production\n@@ -3,3 +3,4 @@\n REDIS_URL=redis://cache:6379/0\n+${upperSnake(n)}=${v}\n SENTRY_ENVIRONMENT=production\n`,
    sql: (n, v) => `INSERT INTO integration_settings (name, value) VALUES ('${lowerSnake(n)}', '${v}');\n`,
    heroku: (n, v) => `$ heroku config -a acme-api\n=== acme-api Config Vars\nDATABASE_POOL: 10\n${upperSnake(n)}: ${v}\nWEB_CONCURRENCY: 2\n`,
    ghSecretSet: (n, v) => `$ gh secret set ${upperSnake(n)} --body "${v}"\n✓ Set Actions secret ${upperSnake(n)} for acme/web\n`,
    markdownChat: (n, v) => `I put it in the env like this, but the call still returns 401:\n\n\`\`\`\n${upperSnake(n)}=${v}\n\`\`\`\n`,
};
export const PLACER_NAMES = Object.keys(PLACERS);
export function place(rng, name, value, only) {
    const key = rng.pick(only ?? PLACER_NAMES);
    return PLACERS[key](name, value, rng);
}
//# sourceMappingURL=util.js.map