/**
 * Programs that print a string as source code escape the characters that would expand inside
 * double quotes: bash's `declare -p`/`typeset -p` writes `"\${DB_PASSWORD}"` and
 * `"\$6\$rounds=…"`, Perl's Data::Dumper (`Useqq`) `"\$ENV{TOKEN}"` and `"\@token.txt"`, Ruby's
 * `inspect` `"\#{ENV[\"TOKEN\"]}"`. The value is the string without those backslashes: a template,
 * a reference or a stored hash is judged as what it is.
 */
const ESCAPED_SIGIL = /\\([$#@`"])/g;

/**
 * Programs that print a string as bytes escape what is not ASCII: gawk's `--dump-variables` writes
 * `••••` as `"\342\200\242…"` (octal), Python's bytes and Lua `"\xe2\x80\xa2…"` (hex). A run
 * of such escapes that is whole UTF-8 characters is read as those characters.
 */
const ESCAPED_UTF8_RUN = /(?:\\(?:[23][0-7]{2}|x[c-fC-F][0-9a-fA-F]))(?:\\(?:[23][0-7]{2}|x[89a-fA-F][0-9a-fA-F])){1,255}/g;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function utf8Run(run: string): string {
  const bytes = run.split('\\').slice(1).map((code) => (code[0] === 'x' ? parseInt(code.slice(1), 16) : parseInt(code, 8)));
  try {
    return UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return run;
  }
}

/** `value` with the backslashes before `$ # @ \` "` removed and escaped UTF-8 read, or `value` itself when there are none. */
export function withoutEscapedSigils(value: string): string {
  if (!value.includes('\\')) return value;
  const unescaped = value.replace(ESCAPED_SIGIL, '$1');
  return unescaped.includes('\\') ? unescaped.replace(ESCAPED_UTF8_RUN, utf8Run) : unescaped;
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
