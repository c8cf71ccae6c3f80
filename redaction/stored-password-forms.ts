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

/**
 * Crypt's `$id$` formats (MD5, bcrypt, SHA-crypt, yescrypt, scrypt, argon2, PBKDF2), the
 * `algorithm$…` forms of Django and passlib, and the `{SCHEME}` prefixes of LDAP and Dovecot
 * (`{SSHA}`, `{CRYPT}`, `{PBKDF2-SHA256}`), hashed schemes only (`{CLEARTEXT}`/`{PLAIN}` hold the password).
 */
const CRYPT_OR_SCHEME = /^(?:\$(?:1|2[abxy]?|5|6|7|y|gy|argon2(?:i|d|id)|scrypt|pbkdf2(?:-sha\d+)?|sha1|md5)\$|(?:pbkdf2_sha\d+|bcrypt(?:_sha256)?|argon2|scrypt)\$|\{(?:SSHA|SHA|SSHA256|SSHA512|SHA256|SHA512|MD5|SMD5|CRYPT|PBKDF2[\w-]*|[A-Z0-9]{2,12}-CRYPT)\})/;

/** Hex or base64 bodies of each digest's length, by algorithm. */
const DIGEST_BODY: Readonly<Record<string, readonly number[]>> = {
  md5: [32, 24],
  sha1: [40, 28],
  sha224: [56, 40],
  sha256: [64, 44, 43],
  sha384: [96, 64],
  sha512: [128, 88, 86],
  blake2b: [128, 88, 64],
  blake2s: [64, 44],
  blake3: [64, 44],
};

/** `sha256:<hex>`, `sha512-<base64>` (subresource integrity, npm's `integrity`), `md5:<hex>`, Go's `h1:<base64>`. */
const ALGORITHM_DIGEST = /^(md5|sha1|sha224|sha256|sha384|sha512|blake2[bs]|blake3)[:-]([0-9a-fA-F]+|[A-Za-z0-9+/_-]+={0,2})$|^h1:[A-Za-z0-9+/]{43}=$/i;

/** An image reference pinned by its digest (`billing@sha256:<hex>`, `ghcr.io/acme/api:1.4@sha256:<hex>`): a name and a digest. */
const PINNED_IMAGE = /^[a-z0-9][a-z0-9._/-]{0,200}(?::\d{1,5}\/[a-z0-9._/-]{1,200})?(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?@sha(?:256:[0-9a-f]{64}|512:[0-9a-f]{128})$/;

/** Hex of a digest's length: MD5, SHA-1 (and git's object ids), SHA-224, SHA-256, SHA-384, SHA-512. */
const DIGEST_HEX = /^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{56}|[0-9a-fA-F]{64}|[0-9a-fA-F]{96}|[0-9a-fA-F]{128})$/;
/** Base64 of a digest's length (16, 20, 28, 32, 48, 64 bytes), as SCRAM and LDAP records write keys and salts. */
const DIGEST_BASE64 = /^(?:[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{27}=|[A-Za-z0-9+/]{38}==|[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{86}==)$/;

/** The last word of a name that says it holds a digest or an object id: `password_hash`, `sha256`, `ETag`, `commit`. */
const DIGEST_WORD = /^(?:hash|hashed|digest|checksum|checksums|shasum|sha\d*|sha\d+sum|md5|md5sum|crc\d*|fingerprint|etag|integrity|commit|oid|revision|rev|tree|parent|storedkey|serverkey)$/;
/** Words of a name, in any case style: `passwordHash` → `password hash`, `STORED_KEY` → `stored key`. */
function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const last = words.at(-1) ?? '';
  // `stored_key`, `ServerKey`: SCRAM's names for what it derived from the password
  if (last === 'key' && (words.at(-2) === 'stored' || words.at(-2) === 'server')) return `${words.at(-2)}key`;
  return last;
}

/** True when `name` (a key, a column, an element) says its value is a digest or an object id. */
export function namesADigest(name: string): boolean {
  return name !== '' && DIGEST_WORD.test(lastWord(name));
}

/**
 * Rule 3: a stored password hash or a digest (what a password became, or a file's or an object's
 * hash), never the secret. From the value alone for the forms that say so themselves; hex or base64
 * of a digest's length only when the name says hash, digest, checksum, fingerprint, etag, an
 * object id or a SCRAM key (a bare 40- or 64-hex value under a token's name is a token).
 */
export function isStoredHashOrDigest(value: string, name = ''): boolean {
  if (value.length < 20) return false;
  if (CRYPT_OR_SCHEME.test(value) || isStoredPasswordForm(value)) return true;
  if (PINNED_IMAGE.test(value)) return true;
  const digest = ALGORITHM_DIGEST.exec(value);
  if (digest) return digest[1] === undefined || (DIGEST_BODY[digest[1].toLowerCase()]?.includes(digest[2]!.length) ?? false);
  return namesADigest(name) && (DIGEST_HEX.test(value) || DIGEST_BASE64.test(value));
}

