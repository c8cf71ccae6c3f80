/**
 * The blind v6 holdout: the long tail. Secrets and personal data written in languages, config
 * formats and locales a popular-ecosystem rule writer would not look at first, with negatives of
 * the same tail. Deterministic: each category draws from its own seeded generator.
 */
import { caseId, digestOf } from '../redaction-eval/corpus.js';
import { B64, BASE62, crc32, DIGITS, HEX, ibanCheckDigits, LOWER, UPPER } from '../corpus-kit.js';
import { Sfc32 } from '../random.js';
export const HOLDOUT_V6_VERSION = 'atx-redaction-holdout-v6';
const PASSWORD_CHARS = BASE62 + '!#%&*+-=?@^_';
const password = (r) => r.str(UPPER, 2) + r.str(PASSWORD_CHARS, r.int(12, 18)) + r.str(DIGITS, 2);
const token = (r) => r.str(BASE62, r.int(32, 44));
const hexKey = (r) => r.str(HEX, 64);
const word = (r) => r.pick(['orders', 'billing', 'ledger', 'crm', 'shop', 'wiki', 'metrics', 'inventory']);
const host = (r) => `${word(r)}-${r.int(1, 9)}.${r.pick(['internal', 'corp.example', 'lan', 'svc.cluster.local'])}`;
const secret = (fmt, value = password) => (r) => {
    const v = value(r);
    return { text: fmt(v, r), targets: [v] };
};
const SECRETS = [
    ['elixir-config', 20, secret((v, r) => `config :${word(r)}, ${r.pick(['MyApp.Repo', 'Core.Repo'])},\n  username: "app",\n  password: "${v}",\n  hostname: "${host(r)}"`)],
    ['erlang-sys-config', 20, secret((v, r) => `[{${word(r)}, [{db_host, "${host(r)}"}, {db_password, "${v}"}]}].`)],
    ['clojure-edn', 20, secret((v, r) => `{:db {:host "${host(r)}" :user "svc" :password "${v}"}}`)],
    ['hocon-scala', 20, secret((v, r) => `${word(r)}.db {\n  url = "jdbc:postgresql://${host(r)}/app"\n  password = "${v}"\n}`)],
    ['gradle-properties', 20, secret((v, r) => `org.gradle.jvmargs=-Xmx2g\n${r.pick(['signingPassword', 'ossrhPassword', 'mavenCentralPassword'])}=${v}`)],
    ['android-local-properties', 20, secret((v, r) => `sdk.dir=/home/dev/Android/Sdk\n${r.pick(['RELEASE_STORE_PASSWORD', 'KEY_PASSWORD', 'storePassword'])}=${v}`)],
    ['r-renviron', 20, secret((v, r) => `R_LIBS_USER=~/R/library\n${r.pick(['GITHUB_PAT', 'API_TOKEN', 'DB_PASSWORD'])}=${v}`, token)],
    ['powershell', 20, secret((v, r) => r.pick([`$env:${r.pick(['DB_PASSWORD', 'API_KEY'])} = '${v}'`, `$pw = ConvertTo-SecureString '${v}' -AsPlainText -Force`, `Set-Item -Path Env:SERVICE_TOKEN -Value "${v}"`]))],
    ['windows-reg-cmd', 20, secret((v, r) => r.pick([`[HKEY_CURRENT_USER\\Software\\${word(r)}]\n"Password"="${v}"`, `set DB_PASSWORD=${v}\r\ncall run.cmd`]))],
    ['nix-dhall-cue', 20, secret((v, r) => r.pick([`services.${word(r)}.password = "${v}";`, `let dbPassword = "${v}" in { host = "${host(r)}" }`, `db: {\n\thost: "${host(r)}"\n\tpassword: "${v}"\n}`]))],
    ['systemd-crontab', 20, secret((v, r) => r.pick([`[Service]\nEnvironment=API_TOKEN=${v}\nExecStart=/usr/bin/${word(r)}`, `*/5 * * * * curl -s -H 'Authorization: Bearer ${v}' https://${host(r)}/ping`]), token)],
    ['sql-grant-ldif', 20, secret((v, r) => r.pick([`CREATE USER '${word(r)}'@'%' IDENTIFIED BY '${v}';`, `ALTER ROLE ${word(r)} WITH PASSWORD '${v}';`, `dn: uid=${word(r)},ou=people,dc=example,dc=org\nuserPassword: ${v}`]))],
    ['php-cms-config', 20, secret((v, r) => r.pick([`define( 'DB_PASSWORD', '${v}' );`, `$databases['default']['default'] = ['password' => '${v}', 'host' => '${host(r)}'];`, `'db' => ['connection' => ['default' => ['password' => '${v}']]],`]))],
    ['dotnet-connection', 20, secret((v, r) => `"ConnectionStrings": { "Default": "Server=${host(r)};Database=${word(r)};User Id=sa;Password=${v};" }`)],
    ['go-rust-c-const', 20, secret((v, r) => r.pick([`const apiSecret = "${v}"`, `const API_SECRET: &str = "${v}";`, `#define API_SECRET "${v}"`]), hexKey)],
    ['localized-prose', 20, secret((v, r) => `${r.pick(['Le mot de passe est', 'Das Passwort lautet', 'La contraseña es', 'A senha é', 'Пароль:', 'パスワード：', '密码：', '비밀번호:', 'Şifre:', 'Het wachtwoord is', 'Hasło to'])} ${v}`)],
];
const IBAN_COUNTRIES = [['FR', 23], ['DE', 18], ['ES', 20], ['IT', 23], ['NL', 14], ['PL', 24], ['PT', 21]];
const pii = (fmt, value) => secret(fmt, value);
const first = ['Élodie', 'Jürgen', 'Begoña', 'João', 'Giulia', 'Maarten', 'Małgorzata', 'Дмитрий', 'Ayşe', 'Priya'];
const last = ['Lefèvre', 'Schröder', 'Muñoz', 'Gonçalves', 'Bianchi', 'de Vries', 'Wiśniewska', 'Смирнов', 'Yılmaz', 'Sharma'];
const PII = [
    ['iban-eu', 16, pii((v) => `IBAN : ${v}`, (r) => {
            const [cc, n] = r.pick(IBAN_COUNTRIES);
            const bban = r.str(DIGITS, n);
            return `${cc}${ibanCheckDigits(cc, bban)}${bban}`;
        })],
    ['email-localized', 16, pii((v, r) => `${r.pick(['Courriel', 'E-Mail-Adresse', 'Correo', 'メール', '邮箱', 'E-posta'])}: ${v}`, (r) => `${r.str(LOWER, r.int(5, 9))}.${r.str(LOWER, 6)}@${r.pick(['orange.fr', 'web.de', 'libero.it', 'yandex.ru', 'naver.com'])}`)],
    ['phone-fr-de', 16, pii((v, r) => `${r.pick(['Tél.', 'Telefon', 'Tel.'])} ${v}`, (r) => r.pick([`+33 6 ${r.str(DIGITS, 2)} ${r.str(DIGITS, 2)} ${r.str(DIGITS, 2)} ${r.str(DIGITS, 2)}`, `+49 151 ${r.str(DIGITS, 8)}`]))],
    ['phone-asia', 16, pii((v, r) => `${r.pick(['電話番号', '手机', '전화'])}: ${v}`, (r) => r.pick([`090-${r.str(DIGITS, 4)}-${r.str(DIGITS, 4)}`, `+86 13${r.str(DIGITS, 1)} ${r.str(DIGITS, 4)} ${r.str(DIGITS, 4)}`, `010-${r.str(DIGITS, 4)}-${r.str(DIGITS, 4)}`]))],
    ['name-address', 16, pii((v, r) => `${r.pick(['Nom', 'Name', 'Nombre', 'Имя'])}: ${v}, ${r.int(1, 99)} ${r.pick(['rue des Lilas', 'Lindenstraße', 'calle Mayor'])}`, (r) => `${r.pick(first)} ${r.pick(last)}`)],
    ['national-id-pesel', 16, pii((v) => `PESEL: ${v}`, (r) => {
            const body = r.str(DIGITS, 10);
            const w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
            const sum = [...body].reduce((s, d, i) => s + Number(d) * w[i], 0);
            return body + String((10 - (sum % 10)) % 10);
        })],
    ['national-id-tc-kimlik', 16, pii((v) => `T.C. Kimlik No: ${v}`, (r) => {
            const d = [r.int(1, 9), ...[...r.str(DIGITS, 8)].map(Number)];
            const odd = (d[0] ?? 0) + (d[2] ?? 0) + (d[4] ?? 0) + (d[6] ?? 0) + (d[8] ?? 0);
            const even = (d[1] ?? 0) + (d[3] ?? 0) + (d[5] ?? 0) + (d[7] ?? 0);
            const d10 = (((odd * 7 - even) % 10) + 10) % 10;
            const d11 = (d.reduce((s, x) => s + x, 0) + d10) % 10;
            return d.join('') + d10 + d11;
        })],
    ['email-in-config', 16, pii((v, r) => `config :${word(r)}, admin_email: "${v}"`, (r) => `${r.pick(['elodie', 'juergen', 'begona', 'joao', 'giulia', 'maarten', 'dmitri', 'ayse', 'priya'])}.${r.str(LOWER, 7)}@gmail.com`)],
];
const neg = (fmt) => (r) => ({ text: fmt(r), targets: [] });
const NEGATIVES = [
    ['elixir-reads-env', 20, neg((r) => `config :${word(r)}, ${word(r)}_password: System.fetch_env!("${r.str(UPPER, 6)}_PASSWORD")`)],
    ['powershell-reads', 20, neg((r) => `$cred = Get-Credential -UserName '${word(r)}${r.int(1, 999)}'\n$pw = $cred.GetNetworkCredential().Password`)],
    ['placeholders', 20, neg((r) => `${r.pick(['password', 'Passwort', 'contraseña', 'senha'])}=${r.pick(['<your-password>', 'changeme', '${DB_PASSWORD}', 'xxxxxxxx', '{{ vault_db_password }}'])} # ${word(r)}-${r.int(1, 9999)}`)],
    ['mix-lock', 20, neg((r) => `"${word(r)}": {:hex, :${word(r)}, "${r.int(0, 9)}.${r.int(0, 20)}.${r.int(0, 9)}", "${r.str(HEX, 64)}", [:mix], [], "hexpm", "${r.str(HEX, 64)}"},`)],
    ['pubspec-lock', 20, neg((r) => `  ${word(r)}_${r.int(1, 999)}:\n    dependency: transitive\n    description:\n      sha256: "${r.str(HEX, 64)}"\n    version: "${r.int(0, 9)}.${r.int(0, 9)}.${r.int(0, 9)}"`)],
    ['package-resolved', 20, neg((r) => `{ "identity" : "${word(r)}-${r.int(1, 999)}", "state" : { "revision" : "${r.str(HEX, 40)}", "version" : "${r.int(1, 9)}.${r.int(0, 9)}.0" } }`)],
    ['flake-lock', 20, neg((r) => `"locked": { "lastModified": ${r.int(1600000000, 1800000000)}, "narHash": "sha256-${r.str(B64, 43)}=", "rev": "${r.str(HEX, 40)}" }`)],
    ['gradle-lockfile', 20, neg((r) => `org.${word(r)}:${word(r)}-core:${r.int(1, 9)}.${r.int(0, 30)}.${r.int(0, 9)}=runtimeClasspath,compileClasspath`)],
    ['translated-prose', 20, neg((r) => `${r.pick(['Ne partagez jamais votre mot de passe.', 'Bitte geben Sie Ihr Passwort ein.', 'Introduzca su contraseña.', 'Nunca compartilhe sua senha.', 'Введите пароль.', 'パスワードを入力してください。', '请输入密码。', '비밀번호를 입력하세요.', 'Şifrenizi girin.'])} (${r.int(1, 99999)})`)],
    ['public-keys', 20, neg((r) => `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.str(B64, 43)} ${word(r)}@host${r.int(1, 999)}`)],
    ['already-redacted', 20, neg((r) => `${r.pick(['password', 'token', 'Passwort', 'secret'])}: ${r.pick(['[REDACTED]', '********', '<redacted>', '[secret:redacted]'])} (line ${r.int(1, 9999)})`)],
    ['jupyter-source', 20, neg((r) => `{"cell_type": "code", "execution_count": ${r.int(1, 200)}, "source": ["import os\\n", "token = os.environ[\\"${r.str(UPPER, 5)}_TOKEN\\"]\\n"]}`)],
    ['makefile-justfile', 20, neg((r) => r.pick([`deploy:\n\t./deploy.sh --env ${word(r)} --token "$$DEPLOY_TOKEN" --build ${r.int(1, 9999)}`, `release version:\n    cargo publish --token "{{env_var('CARGO_TOKEN')}}" # ${r.int(1, 9999)}`]))],
    ['dockerfile-args', 20, neg((r) => `ARG NPM_TOKEN\nENV APP_NAME=${word(r)}-${r.int(1, 999)}\nRUN --mount=type=secret,id=npm_token npm ci`)],
    ['hcl-sensitive-var', 20, neg((r) => `variable "${word(r)}_password_${r.int(1, 999)}" {\n  type      = string\n  sensitive = true\n}`)],
    ['hashes-ids', 20, neg((r) => r.pick([`commit ${r.str(HEX, 40)}`, `sha256:${r.str(HEX, 64)}`, `request-id ${r.str(HEX, 8)}-${r.str(HEX, 4)}-4${r.str(HEX, 3)}-a${r.str(HEX, 3)}-${r.str(HEX, 12)}`]))],
    ['htpasswd-docs', 20, neg((r) => `# htpasswd -c /etc/nginx/.htpasswd ${word(r)}${r.int(1, 999)}\nauth_basic "Restricted";\nauth_basic_user_file /etc/nginx/.htpasswd;`)],
    ['sql-grants-no-password', 20, neg((r) => `GRANT SELECT, INSERT ON ${word(r)}.* TO '${word(r)}${r.int(1, 999)}'@'localhost';`)],
];
const AWS_ID = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
/** AWS's own published example key pair, written in long-tail formats. */
const DOC_FORMATS = [
    `config :ex_aws, access_key_id: "${AWS_ID}", secret_access_key: "${AWS_SECRET}"`,
    `$env:AWS_ACCESS_KEY_ID = '${AWS_ID}'\n$env:AWS_SECRET_ACCESS_KEY = '${AWS_SECRET}'`,
    `{:aws {:access-key "${AWS_ID}" :secret-key "${AWS_SECRET}"}}`,
    `aws.accessKeyId=${AWS_ID}\naws.secretKey=${AWS_SECRET}`,
    `[Service]\nEnvironment=AWS_ACCESS_KEY_ID=${AWS_ID}\nEnvironment=AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`,
    `set AWS_ACCESS_KEY_ID=${AWS_ID}\r\nset AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`,
    `ENV AWS_ACCESS_KEY_ID=${AWS_ID} AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`,
    `Clé d'accès : ${AWS_ID}, clé secrète : ${AWS_SECRET}`,
    `aws = { access_key = "${AWS_ID}", secret_key = "${AWS_SECRET}" }`,
    `アクセスキー: ${AWS_ID} シークレット: ${AWS_SECRET}`,
];
function expand(kind, prefix, gens) {
    const out = [];
    for (const [category, count, gen] of gens) {
        const seed = crc32(`${HOLDOUT_V6_VERSION}:${kind}:${category}`);
        const rng = new Sfc32([seed, seed ^ 0x9e3779b9, 0x6a09e667, 0xbb67ae85], 15);
        const seen = new Set();
        for (let n = 1; n <= count; n++) {
            let drawn = gen(rng);
            for (let tries = 0; seen.has(drawn.text); tries++) {
                if (tries > 200)
                    throw new Error(`${category}: too few distinct texts`);
                drawn = gen(rng);
            }
            seen.add(drawn.text);
            out.push({ id: caseId(prefix, category, n), kind, category, text: drawn.text, targets: drawn.targets });
        }
    }
    return out;
}
export function generateHoldoutV6Corpus() {
    return [
        ...expand('secret', 's', SECRETS),
        ...expand('pii', 'p', PII),
        ...expand('negative', 'n', NEGATIVES),
        ...DOC_FORMATS.map((text, i) => ({ id: caseId('d', 'aws-published-example', i + 1), kind: 'secret', category: 'aws-published-example', text, targets: [AWS_ID, AWS_SECRET], docExample: true })),
    ];
}
export function holdoutV6Digest(cases = generateHoldoutV6Corpus()) {
    return digestOf(cases);
}
//# sourceMappingURL=corpus.js.map