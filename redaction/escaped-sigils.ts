/**
 * Programs that print a string as source code escape the characters that would expand inside
 * double quotes: bash's `declare -p`/`typeset -p` writes `"\${DB_PASSWORD}"` and
 * `"\$6\$rounds=…"`, Perl's Data::Dumper (`Useqq`) `"\$ENV{TOKEN}"` and `"\@token.txt"`, Ruby's
 * `inspect` `"\#{ENV[\"TOKEN\"]}"`. The value is the string without those backslashes: a template,
 * a reference or a stored hash is judged as what it is.
 */
const ESCAPED_SIGIL = /\\([$#@`"])/g;

/** `value` with the backslashes before `$ # @ \` "` removed, or `value` itself when there are none. */
export function withoutEscapedSigils(value: string): string {
  return value.includes('\\') ? value.replace(ESCAPED_SIGIL, '$1') : value;
}

/**
 * Fixed-length strings come padded with blanks: Ada's `String (1 .. 16)` prints `"<redacted>      "`,
 * Pascal's `WriteLn (S:16)` right-aligns. Two blanks or more, so a value cut with one space is not taken for padded.
 */
const PADDED = /^[ \t]{2,}\S|\S[ \t]{2,}$/;

/** `value` without a fixed-length field's padding, or `value` itself. */
export function withoutPadding(value: string): string {
  return PADDED.test(value) ? value.trim() : value;
}
