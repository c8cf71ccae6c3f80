/**
 * Values that name where a secret is kept or how it is fetched, or that are not a secret at all
 * though they sit under a secret's name: a package's version range under `"password-validator"`,
 * a Maven coordinate after `io.jsonwebtoken:`, the command in `` TOKEN=`pass show slack/bot` ``.
 */
import { isAccountEntry } from './account-entries.js';
import { isCodeValue } from './code-values.js';
import { isPublicValue } from './public-values.js';

/** `^5.3.0`, `~1.2`, `>=2.0.0`: a dependency's version range in a manifest. */
const VERSION_RANGE = /^(?:[\^~]|[<>]=?|~>|==)\s*v?\d+(?:\.\d+){0,3}(?:[-+][\w.]+)?$/;
/** `jjwt-api:0.12.5`, `jsonwebtoken@9.0.2`: a package and its version. */
const PACKAGE_AT_VERSION = /^[a-z][\w.-]*[:@]v?\d+(?:\.\d+){1,3}(?:[-.+][\w.]+)?$/i;
/** reading the secret from a file: `cat /run/secrets/db_password`, `head -n1 ~/.config/app/token` */
const FILE_READ_COMMAND = /^(?:cat|head|tail)(?: -n ?1| -1)? (?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]+)+$/;
/** a secret manager's command line: `pass show slack/bot`, `op read op://…`, `vault kv get -field=x secret/app` */
const FETCH_COMMAND = /^(?:pass|gopass|op|vault|doppler|infisical|secret-tool|security|bw|lpass|sops|chamber|berglas|aws|gcloud|az|kubectl)\s+(?:show|read|get|kv|item|secrets?|secretsmanager|ssm|keyvault|find-generic-password|lookup|decrypt|-d)\b/;

/**
 * The start of an expression, though the value was cut short at a space or an escaped quote:
 * `{{ with secret \"kv/…`, `$(aws ecr get-login-password …)`, `<%= ENV[…] %>`.
 */
const EXPRESSION_START = /^(?:\{\{|\{%|<%|\$\()/;
/** Maven's resource filtering: `db.password=@db.password@`. */
const BUILD_TOKEN = /^@[A-Za-z][\w.-]*@$/;

/**
 * A secret store's own address: 1Password `op://vault/item/field`, Bitwarden Secrets Manager
 * `bws://<id>`, Azure Key Vault `akv://`/`azurekeyvault://`, Google `sm://`/`gcp:///projects/…`,
 * Berglas, AWS `ssm://`/`secretsmanager://`, Doppler, Infisical, Keeper, Conjur, Akeyless, vals'
 * `ref+vault://`, gopass/pass, CyberArk, KMS key URIs, `env://NAME`, `file:///run/secrets/x`. Without a user and password in it (`x://user:secret@host` is a credential).
 */
const SECRET_STORE_URI = /^(?:ref\+)?(?:(?:aws|gcp|google|azure|hashicorp)-(?:ssm|sm|secrets?-?manager|secret-manager|kv|key-?vault|vault|parameter-?store)|op|onepassword|1password|bws|bw|bitwarden|vaults?|hcvault|akv|azurekeyvault|azure-?kv|azure-keyvault|azkv|keyvault|kv|sm|gsm|gcp|gcpsm|gcp-sm|gcpsecretmanager|secretmanager|berglas|awssm|aws-sm|awssecretsmanager|secretsmanager|ssm|ssm-secure|parameterstore|doppler|infisical|keeper|lastpass|lpass|passbolt|pass|gopass|conjur|cyberark|akeyless|sops|secrets?|k8s-secret|k8s|kubernetes|dotenv-vault|env|kms|gcpkms|awskms|azurekms|keychain|file)(?:\+[a-z]+)?:\/\/[^\s@'"]{1,300}$/i;
/** A URL whose credential is itself a template: `dotenv://:key_${DOTENV_PRIVATE_KEY}@dotenvx.com/…`, `https://u:{{ pass }}@host`. */
const TEMPLATED_CREDENTIAL_URL = /^[a-z][\w+.-]*:\/\/[^\s@/]*(?:\$\{|\{\{|\$\(|%[A-Za-z_]\w*%|\$[A-Z_])[^\s@/]*@/i;
/** A value built around one variable (`key_${DOTENV_PRIVATE_KEY}`, `sk-{{ openai_suffix }}`): the variable holds the secret. */
const AROUND_A_TEMPLATE = /^[\w.:-]{0,12}(?:\$\{[A-Za-z_][\w.:-]{0,80}\}|\{\{[^{}\n]{1,80}\}\}|\$\([^()\n]{1,80}\))[\w.:-]{0,12}$/;
/**
 * Template expressions alone, one or several joined by separators: `{pane.window_index}:{pane.pane_index}` (HEEx, JSX,
 * Svelte, f-strings), `${host}:${port}`, `#{user}/#{repo}`, `<%= a %>-<%= b %>`: code that makes the value, not a value.
 */
const TEMPLATE_EXPRESSION = String.raw`(?:\$\{[^{}\n]{1,80}\}|\{\{[^{}\n]{1,80}\}\}|#\{[^{}\n]{1,80}\}|\{[A-Za-z_@][\w.@]{0,80}(?:\([^(){}\n]{0,40}\))?\}|<%=?[^%\n]{1,80}%>)`;
const JOINED_TEMPLATES = new RegExp(String.raw`^${TEMPLATE_EXPRESSION}(?:[ :/.,_@|-]{0,3}${TEMPLATE_EXPRESSION}){0,8}$`);
/** An authorization scheme before a template or a variable: `Bearer ${TOKEN}`, `token {{ gh_token }}`, `Bot $DISCORD_TOKEN`. */
const SCHEME_AND_TEMPLATE = /^(?:Bearer|Basic|Token|token|Bot|Digest)[ \t]+(?:\$\{[\w.:-]{1,80}\}|\{\{[^{}\n]{1,80}\}\}|\$[A-Z_][A-Z0-9_]{0,80}|<[\w .-]{1,60}>)$/;
/** Vercel's secret reference (`"API_KEY": "@api-key"`); Cloud Run's `name:version` (`--set-secrets=API_KEY=api-key:latest`). */
const NAMED_SECRET_REFERENCE = /^@[a-z][a-z0-9_-]{0,99}$|^[a-z][a-z0-9_-]{0,254}:(?:latest|[1-9]\d{0,2})$/;
/** Symfony's environment processors: `%env(DATABASE_PASSWORD)%`, `%env(resolve:SECRET)%`, `%env(file:KEY_PATH)%`. */
const SYMFONY_ENV = /^%env\([\w:.-]{1,120}\)%$/;

/** One of YAML's own tags on its own (`!!str`, `!!binary`): the value follows it; PyYAML's `!!python/…` tags call code. */
const YAML_TAG = /^!!(?:str|binary|int|float|bool|null|map|seq|set|omap|timestamp)$|^!!python\//;
/** An Azure Key Vault object's address: `https://kv-prod.vault.azure.net/secrets/db-password/<version>`. */
const KEY_VAULT_URI = /^https:\/\/[a-z0-9-]{3,24}\.vault\.(?:azure\.net|azure\.cn|usgovcloudapi\.net|microsoftazure\.de)\/(?:secrets|keys|certificates)\/[\w-]{1,127}(?:\/[0-9a-f]{32})?\/?$/i;
/**
 * A store named by a scheme without `//`, then a name or path of lower-case or upper-case words:
 * `keyring:github/token`, `keyvault:db-password`, `file:/run/secrets/db`, `infisical:prod:/db:PASSWORD`. Not `pass:` (openssl's `-passin pass:<password>`).
 */
const SECRET_STORE_NAME = /^(?:keyring|keychain|keyvault|akv|vault|file|secret|ssm|secretsmanager|gsm|doppler|infisical|gopass|bw|lpass|op|sops|conjur|akeyless|(?:aws|gcp|google|azure):(?:secretsmanager|secretmanager|ssm|keyvault)):(?:\/{0,3}|~\/)(?:[a-z0-9][a-z0-9_.-]*|[A-Z][A-Z0-9_]*)(?:[/#:.]{1,2}(?:[a-z0-9][a-z0-9_.-]*|[A-Z][A-Z0-9_]*))*$/;
/**
 * An expression another tool fills in: Puppet's `%{hiera('db::password')}`, Ruby's `#{ENV['X']}`,
 * Concourse's `((vault:secret/db.password))`, templates with other delimiters (`[[ .Values.x ]]`).
 */
/**
 * A server's expansion inside a value, nested or between words (FreeRADIUS' and syslog-ng's
 * `%{%{Stripped-User-Name}:-%{User-Name}}`, `acct_%{Acct-Session-Id}`): filled in per request.
 */
const EMBEDDED_EXPANSION = /%\{(?:%\{)?[A-Za-z][\w-]{0,60}(?::[^{}\s]{0,60})?\}/;
/** A Nagios/Icinga 1 macro, filled in when the check runs (`$USER3$`, `$_SERVICEAPIKEY$`, `$_HOSTSNMPCOMMUNITY$`). */
const MONITORING_MACRO = /^\$_?[A-Z][A-Z0-9_]{0,60}\$$/;
const OTHER_TOOL_EXPRESSION = /^(?:%\{[^{}\s]{1,120}\}|#\{[^{}\n]{1,120}\}|\(\([^()\s]{1,120}\)\)|\[\[[^[\]\n]{1,120}\]\])$/;
/** An AWS resource name (`arn:aws:kms:…:key/<uuid>`), a Google Cloud KMS key's or Secret Manager secret's resource name: what a key is or where a secret is kept, not the secret. */
const RESOURCE_NAME = /^arn:aws(?:-cn|-us-gov)?:[a-z0-9-]{2,40}:[a-z0-9-]{0,30}:\d{0,12}:[^\s'"]{1,400}$|^projects\/[\w.-]{1,64}\/locations\/[\w-]{1,64}\/keyRings\/[\w-]{1,64}\/cryptoKeys\/[\w-]{1,64}(?:\/cryptoKeyVersions\/\d{1,6})?$|^projects\/[\w.-]{1,64}\/secrets\/[\w-]{1,255}(?:\/versions\/(?:\d{1,6}|latest))?$/;
/**
 * A file given by `@` (`vault kv put … password=@password.txt`, `curl -d @body.json`,
 * `@/run/secrets/token`): the secret is in the file. A name with an extension, or a path of two
 * parts or more from a root.
 */
const AT_FILE = /^@(?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]+)*\.[A-Za-z]{1,6}$|^@(?:~|\.{1,2})?\/[\w.-]+(?:\/[\w.-]+)+$/;
/** A Ruby constant path or a class's method (`Faker::Internet.password`, `SecureRandom.hex(16)`): code, not a literal. */
const CONSTANT_CALL = /^[A-Z]\w*(?:::[A-Z]\w*)+(?:\.[a-z_]\w*[!?]?)?(?:\([^()\n]{0,80}\))?$/;

/** True when `value` points at a secret or is some other kind of value under a secret's name. */
export function isReferenceValue(value: string): boolean {
  return VERSION_RANGE.test(value) || PACKAGE_AT_VERSION.test(value) || FETCH_COMMAND.test(value) || EXPRESSION_START.test(value) || BUILD_TOKEN.test(value)
    || YAML_TAG.test(value) || MONITORING_MACRO.test(value) || KEY_VAULT_URI.test(value) || SECRET_STORE_NAME.test(value) || OTHER_TOOL_EXPRESSION.test(value) || AT_FILE.test(value) || CONSTANT_CALL.test(value) || RESOURCE_NAME.test(value)
    || SECRET_STORE_URI.test(value) || TEMPLATED_CREDENTIAL_URL.test(value) || SYMFONY_ENV.test(value) || AROUND_A_TEMPLATE.test(value) || NAMED_SECRET_REFERENCE.test(value)
    || FILE_READ_COMMAND.test(value) || JOINED_TEMPLATES.test(value) || SCHEME_AND_TEMPLATE.test(value) || EMBEDDED_EXPANSION.test(value) || isPublicValue(value) || isAccountEntry(value) || isCodeValue(value);
}
