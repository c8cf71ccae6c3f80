/**
 * Values that sit under a secret's name in a program's printout yet are public or empty: a public
 * key (`PUBLIC_KEY => "ssh-ed25519 AAAA…"`, a PEM `PUBLIC KEY` or certificate block, the bare
 * base64 of an SSH public key), a digest labelled with its algorithm (`sha256:<64 hex>`, OpenSSH's
 * `SHA256:<43 base64>` fingerprint), an automated sender's address (`…[bot]@users.noreply.github.com`,
 * `noreply@…`), and a field padded with blanks (Ada's and Pascal's fixed-length strings).
 */
const PUBLIC_KEY = new RegExp([
  String.raw`^-----BEGIN (?:(?:RSA|EC|DSA|ED25519|PGP) )?PUBLIC KEY(?: BLOCK)?-----`,
  String.raw`^-----BEGIN CERTIFICATE-----`,
  String.raw`^(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) AAAA[A-Za-z0-9+/]{20,}={0,3}(?: [^\s"']{1,120})?$`,
  String.raw`^age1[02-9ac-hj-np-z]{58}$`, // an age recipient (X25519 public key, bech32); its secret half is AGE-SECRET-KEY-1…
  String.raw`^AAAA(?:C3NzaC1lZDI1NTE5|B3NzaC1yc2E|B3NzaC1kc3|E2VjZHNhLXNoYTItbmlzdHA)[A-Za-z0-9+/]{20,}={0,3}$`,
  // the base64 DER of a public key (SubjectPublicKeyInfo), by its fixed start: Ed25519, X25519, Ed448, EC P-256 and P-384, RSA 2048 and 4096
  String.raw`^(?:MCowBQYDK2V[wu]AyEA|MEMwBQYDK2VxAzoA|MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE|MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE|MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA|MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA)[A-Za-z0-9+/]{20,}={0,2}$`,
].join('|'));

/** The hex length of each algorithm's digest. */
const DIGEST_HEX_LENGTH: Record<string, number> = { md5: 32, sha1: 40, sha224: 56, sha256: 64, sha384: 96, sha512: 128 };
const LABELLED_DIGEST = /^(md5|sha-?(?:1|224|256|384|512))[:=]([0-9a-f]+|[0-9A-F]+)$/i;
const SSH_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$|^MD5(?::[0-9a-f]{2}){16}$/;

const AUTOMATED_SENDER = /^(?:[\w.+-]{1,64}@users\.noreply\.github\.com|[\w.+-]{0,40}\[bot\]@[\w.-]{1,64}|(?:no-?reply|do-?not-?reply|donotreply|mailer-daemon|bounces?|(?:[\w.-]{0,30}[-._])?(?:bot|robot|notifications?|alerts?|automation))(?:[-+.][\w.-]{0,40})?@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+)$/i;

/** True when `value` is a public key, a labelled digest, a bot's address or blank: nothing secret. */
export function isPublicValue(value: string): boolean {
  if (value.length === 0) return false;
  if (/^\s+$/.test(value)) return true;
  const digest = LABELLED_DIGEST.exec(value);
  if (digest) return DIGEST_HEX_LENGTH[digest[1]!.toLowerCase().replace('-', '')] === digest[2]!.length;
  return SSH_FINGERPRINT.test(value) || PUBLIC_KEY.test(value) || AUTOMATED_SENDER.test(value);
}
