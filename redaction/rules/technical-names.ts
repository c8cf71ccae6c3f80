/**
 * The names of algorithms and formats that text says a password "is" or sets a password option
 * to: hash functions and password-hashing schemes (`sha256`, `argon2id`, `scram-sha-256`),
 * encodings and character sets (`utf8`, `latin1`, `base64url`), ciphers and their modes
 * (`aes-256-gcm`, `chacha20-poly1305`), signature and key algorithms (`ed25519`, `RS256`), and the
 * words an option takes instead of a value (`hashed`, `undef`, `keyring`).
 * "the password is argon2id" says how it is kept, `password => 'utf8'` how it is read: no
 * password is one of these names, so the rules that take a value by its place leave them.
 */

/** Stems, each complete with what may follow it written as parts below (digits, a mode, a variant). */
const STEMS = [
  // hash functions and checksums
  'md[245]', 'sha', 'sha[123]', 'blake[23]?[bs]?', 'ripemd', 'whirlpool', 'crc', 'xxh(?:ash)?', 'murmur(?:hash)?', 'fnv', 'siphash', 'sm3', 'gost', 'keccak', 'shake',
  // password hashing and key derivation
  'bcrypt', 'scrypt', 'yescrypt', 'argon', 'pbkdf', 'hkdf', 'crypt', 'md5crypt', 'sha512crypt', 'ntlm', 'nthash', 'lanman', 'scram', 'mysql_native_password', 'caching_sha2_password', 'ssha', 'smd5', 'digest', 'md5-?sess',
  // authentication protocols a setting names (wpa_supplicant's `phase2="auth=MSCHAPV2"`, `eap=PEAP`)
  'mschap(?:v2)?', 'chap', 'pap', 'gtc', 'peap', 'ttls', 'leap', 'eap', 'tls',
  // encodings and character sets
  'utf', 'ucs', 'latin', 'ascii', 'us-ascii', 'iso-?8859', 'cp', 'windows', 'koi8', 'big5', 'gbk', 'gb18030', 'gb2312', 'shift_?jis', 'sjis', 'euc', 'hex', 'base', 'binary', 'utf8mb', 'plain(?:text)?', 'clear(?:text)?',
  // ciphers, signatures and key algorithms
  'aes', 'des', '3des', 'tripledes', 'blowfish', 'bf', 'twofish', 'camellia', 'cast5', 'rc[2456]', 'chacha', 'xchacha', 'salsa', 'sm4',
  'rsa', 'dsa', 'ecdsa', 'ecdh', 'dh', 'ed', 'x', 'curve', 'secp', 'prime', 'nistp', 'hmac', '[hre]s', 'ps', 'eddsa',
];

/** What follows a stem: digits, a mode of operation, a variant or another stem (`hmac-sha256`, `utf-16le`, `aes-256-gcm`). */
/** A number of bits, a code page or a version, never a year (`bcrypt2024` is a password people choose). */
const NUMBER = String.raw`(?!(?:19|20)\d\d(?!\d)|0\d)\d{1,5}`;
const PARTS = [NUMBER, 'cbc', 'gcm', 'ctr', 'ecb', 'cfb8?', 'ofb', 'ccm', 'siv', 'xts', 'ocb', 'ede3?', 'poly1305', 'oaep', 'pss', 'pkcs1', 'v1_5', 'le', 'be', 'id', 'i', 'd', 'url', 'crypt', 'sha\\d{0,3}', 'nistp\\d{3}', 'md5', 'k1', 'r1', 'v1', 'mb4', 'plus', 'wrap', 'hmac', 'ssl', 'bin', 'unicode_ci', 'general_ci'];

/**
 * Such a name, whole, in any case: a stem, then parts, each after an optional `-`, `_` or `/`.
 * A stem of letters alone needs no part; `x`, `ed`, `dh`, `hs`, `cp`, `base`, `windows`, `prime`, … need
 * a number after them (`x25519`, `ed448`, `cp1252`, `base64`), so `x` or `base` alone stay words.
 */
const NEEDS_A_NUMBER = ['ed', 'x', 'curve', 'secp', 'prime', 'nistp', '[hre]s', 'ps', 'dh', 'cp', 'windows', 'base', 'utf', 'ucs', 'latin', 'koi8', 'euc', 'crc', 'argon', 'pbkdf', 'utf8mb', 'iso-?8859'];
const FREE_STEMS = STEMS.filter((stem) => !NEEDS_A_NUMBER.includes(stem));
const PART = String.raw`(?:[-_/]?(?:${PARTS.join('|')}|${FREE_STEMS.join('|')}))`;

/**
 * Words an option takes in place of a value, that say what becomes of a password or what kind
 * of field holds it (`password => 'hashed'`, `password => undef`, `password: text`).
 */
const OPTION_WORDS = ['hashed', 'encrypted', 'salted', 'encoded', 'obscured', 'obfuscated', 'undef', 'text', 'keyring', 'keychain'];

export const TECHNICAL_NAME = new RegExp(
  String.raw`^(?:(?:${FREE_STEMS.join('|')})${PART}*|(?:${NEEDS_A_NUMBER.join('|')})[-_]?${NUMBER}${PART}*|${OPTION_WORDS.join('|')})$`,
  'i',
);

/** `argon2id`, `UTF-8`, `aes-256-gcm`, `hmac-sha256`, `hashed`: the name of an algorithm, a format or an option, not a value chosen as a secret. */
export function isTechnicalName(value: string): boolean {
  return value.length <= 40 && TECHNICAL_NAME.test(value);
}
