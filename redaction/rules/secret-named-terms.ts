/**
 * A term or a struct whose name names a secret, printed with its arguments and nothing naming
 * them: Prolog's `token(tk_…)` and `password('…')` inside an uncaught exception or an error
 * message (GNU Prolog, SWI-Prolog), D's `writeln` of a struct (`Credentials("deploy", "…")`, `Login("deploy", "…")`),
 * Rust's `{:?}` of a newtype (`ApiKey("…")`). The name is the only label, so each literal argument
 * is judged under it; a bare (unquoted) argument, and any argument of several, must also look
 * generated, since `password(input)` and `Credentials("deploy", …)` name no secret by themselves.
 */
import type { Rule, Span } from '../types.js';
import { VALIDATORS } from '../validators.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** The secret word that ends a term's name, then its opening parenthesis. */
const NAME_ENDS = ['token(', 'tokens(', 'secret(', 'secrets(', 'password(', 'passwd(', 'passphrase(', 'pass(', 'pwd(', 'key(', 'credential(', 'credentials(', 'creds(', 'auth(', 'login(', 'logon('];
/** A login's arguments are a user and a password: judged as a password, the user passes only when it looks generated. */
const LOGIN = /^(?:[Ll]og[io]n|LOG[IO]N)$/;
/** A term's arguments, closed on the same line, nothing nested. */
const ARGUMENTS = /\(([^()\n]{1,400})\)/y;
const ARGUMENT = /[ \t]*(?:'((?:[^'\\\n]|\\.|'')*)'|"((?:[^"\\\n]|\\.)*)"|([^\s,'"()[\]{}]{1,200}))[ \t]*(?:,|$)/y;
const BARE_VALUE = /^[A-Za-z0-9][\w.~+/=:@!#$%^&*-]{7,199}$/;
/** A C constant's name (`SHA256_BLOCK_SIZE`, `AES_KEY_LEN`): a length or a flag the program passes, not a value. */
const CONSTANT = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** Python's prompts, `>>> ` and `... `, maybe inside a comment (`# >>> `), before a call on their line. */
const SNAKE_CASE_FUNCTION = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const PROMPT_BEFORE = /(?:^|\n)[ \t]*(?:#[ \t]*)?(?:>>>|\.\.\.)[ \t]+[\w.]*$/;

function isNameChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function* secretNamedTerms(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    const open = text.indexOf('(', at);
    let nameStart = open;
    while (nameStart > 0 && isNameChar(text.charCodeAt(nameStart - 1))) nameStart -= 1;
    // `.token(`, `->password(`, `def secret(`: a method called or defined in code, not a printed term
    const before = text[nameStart - 1];
    if (before === '.' || before === '>' || before === ':' || /\b(?:def|fn|func|function|sub|proc)[ \t]+$/.test(text.slice(Math.max(0, nameStart - 12), nameStart))) continue;
    const written = text.slice(nameStart, open);
    // a function of snake_case words called at Python's prompt (a docstring's `>>> tex_token('…')`): code and its test input
    if (SNAKE_CASE_FUNCTION.test(written) && PROMPT_BEFORE.test(text.slice(Math.max(0, nameStart - 40), nameStart))) continue;
    const name = LOGIN.test(written) ? 'password' : written;
    if (written.length === 0 || classifyName(name) === null) continue;
    ARGUMENTS.lastIndex = open;
    const args = ARGUMENTS.exec(text);
    if (!args) continue;
    yield* judgedArguments(name, args[1]!, open + 1);
  }
}

function* judgedArguments(name: string, list: string, listStart: number): Iterable<Span> {
  const found: Span[] = [];
  let count = 0;
  ARGUMENT.lastIndex = 0;
  while (ARGUMENT.lastIndex < list.length) {
    const from = ARGUMENT.lastIndex;
    const arg = ARGUMENT.exec(list);
    if (!arg || arg[0].length === 0) return;
    count += 1;
    const quoted = arg[1] ?? arg[2];
    const value = quoted ?? arg[3]!;
    const offset = list.indexOf(value, from + (quoted === undefined ? 0 : 1));
    const bare = quoted === undefined;
    if (value.length === 0 || (bare && (!BARE_VALUE.test(value) || CONSTANT.test(value) || !VALIDATORS['generated-secret'](value)))) continue;
    if (!sensitiveValue(name, value)) continue;
    found.push({ start: listStart + offset, end: listStart + offset + value.length });
  }
  for (const span of found) {
    if (count === 1) yield span;
    else if (VALIDATORS['generated-secret'](list.slice(span.start - listStart, span.end - listStart))) yield span;
  }
}

export const SECRET_NAMED_TERM_RULES: readonly Rule[] = [
  placedSecret(
    'secret-named-term',
    "the arguments of a term or struct named for a secret, printed without field names (Prolog's `token(x)` in an exception, D's `Credentials(\"u\", \"x\")`, Rust's `ApiKey(\"x\")`)",
    { keywords: NAME_ENDS, keywordStarts: true, label: 'secret' },
    secretNamedTerms,
    {
      match: [
        "uncaught exception: error(auth_failed(host('db01.example.test'),token(tk_Qz7mWp3vRt9xLk2N)),connect/2)",
        "ERROR: -g t3: Unknown message: db_error(connection_refused,[user(deploy),password('Fy2-aspen-Qk9w')])",
        'Credentials("deploy", "Gh7-willow-Ns3v")',
        'ApiKey("key-01", "sk_Pz3Lq9Vw2Rt6Xm", 3600)',
        'config(token(tk_Bn7Qx2Lm9Vr4Zp),secret(Sx4-quartz-Np2m))',
        'Login("deploy", "Mt6-tansy-Xr2p")',
      ],
      noMatch: [
        'def password(self):',
        'user.password(input)',
        'Credentials("deploy", "")',
        "token(Tok) :- read_term(Tok, []).",
        'password(<hidden>)',
        'secret("DB_PASSWORD")',
        'ApiKey("key-01", "primary", 3600)',
        'Login("deploy", "ops-team")',
        'login(User, Password) :- check(User, Password).',
        // a C call whose bare argument is a constant's name (a key's length)
        'poly_set_key(&poly_ctx, POLY1305_KEY_SIZE, material);',
        // a call at Python's prompt in a docstring: test input
        ">>> parse_token('Literal.Number.Float')",
        "# >>> split_token('{group with words}')",
      ],
    },
  ),
];
