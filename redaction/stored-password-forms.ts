/**
 * What a program stores in place of a password, salted and hashed, in the forms the shields'
 * `$id$` and `{SCHEME}` prefixes do not cover. Transmission's `settings.json` keeps
 * `rpc-password` as `{` + SHA-1 hex + an 8-character salt; Werkzeug's
 * `generate_password_hash` writes `pbkdf2:sha256:600000$salt$hex` and `scrypt:32768:8:1$salt$hex`;
 * Django's older hashers `sha1$salt$hex`; MySQL's native password `*` + 40 upper-case hex;
 * Apache's `$apr1$salt$hash`; PostgreSQL `md5` + hex and `SCRAM-SHA-256$iterations:salt$stored:server`; Redis ACL `#` + SHA-256;
 * Dovecot and OpenLDAP `{SCHEME}` prefixes (`{SHA512-CRYPT}`, `{X-PBKDF2}`, `{BLF-CRYPT}`).
 * Each is what a password became, never the password, and each says so by its shape.
 */
const STORED_FORMS = new RegExp([
  String.raw`^\{[0-9a-f]{40}[A-Za-z0-9./]{8}$`, // Transmission
  String.raw`^(?:pbkdf2:sha(?:1|224|256|384|512)(?::\d{1,8})?|scrypt:\d{1,8}:\d{1,3}:\d{1,3})\$[A-Za-z0-9./+]{1,64}\$[0-9a-f]{32,128}$`, // Werkzeug
  String.raw`^(?:sha1|md5|sha256|sha512|crypt)\$[A-Za-z0-9./]{0,64}\$[0-9a-f]{32,128}$`, // Django's legacy hashers
  String.raw`^\*[0-9A-F]{40}$`, // MySQL native password
  String.raw`^md5[0-9a-f]{32}$`, // PostgreSQL md5
  String.raw`^SCRAM-SHA-(?:1|256)\$\d{1,8}:[A-Za-z0-9+/]{8,}={0,2}\$[A-Za-z0-9+/]{16,}={0,2}:[A-Za-z0-9+/]{16,}={0,2}$`, // PostgreSQL SCRAM
  String.raw`^#[0-9a-f]{64}$`, // Redis ACL
  String.raw`^\$apr1\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22}$`, // Apache htpasswd's MD5
  String.raw`^\{[A-Z][A-Z0-9]{0,15}(?:-[A-Z0-9]{1,15}){1,2}\}[^\s{}]{8,}$`, // Dovecot/OpenLDAP schemes with a dash
].join('|'));

/** True when `value` is a password as a program stores it: salted and hashed. */
export function isStoredPasswordForm(value: string): boolean {
  return value.length >= 33 && value.length <= 400 && STORED_FORMS.test(value);
}
