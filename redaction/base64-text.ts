/**
 * The text a short padded base64 value stands for (`Y2hhbmdlbWU=` → `changeme`, `dXNlcjpwYXNz` →
 * `user:pass`), or null when it is not base64 of printable ASCII (random bytes almost never are).
 */
export function decodedBase64Text(value: string): string | null {
  if (value.length > 96 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value) || !decodesToAscii(value)) return null;
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return /^[\x20-\x7e]+$/.test(decoded) ? decoded : null;
}

/**
 * Could this base64 decode to ASCII only? Each group of four characters starts a byte with the
 * top bits of its first character, so that character must be `A`-`Z` or `a`-`f` (values below
 * 32). Most tokens fail this at once, which spares decoding every candidate secret.
 */
function decodesToAscii(base64: string): boolean {
  for (let i = 0; i < base64.length; i += 4) {
    const code = base64.charCodeAt(i);
    if (!((code >= 65 && code <= 90) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}
