/**
 * Family `generic`: passwords given in ways people and scripts have of their own: a user and a
 * password joined by "and" after "credentials" ("the credentials are admin and Kx7pLq2w9"), a
 * word for a password then an arrow ("password —> X", "pw => X", "password → X"), and the
 * answer an `expect` script (or Python's pexpect) sends to a password prompt
 * (`expect "*assword*"` then `send "X\r"`).
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';
import { TECHNICAL_NAME } from './technical-names.js';

/** A value people choose: no spaces, and it ends before punctuation that ends the clause. */
const CHOSEN_VALUE = String.raw`[^\s"'\x60,;()<>\[\]{}]{4,63}[^\s"'\x60,;.:!?()<>\[\]{}]`;
/** Where the value must end: the clause or the line ends there. */
const CLAUSE_END = String.raw`(?=[ \t]*(?:[.,;!?)](?:\s|$)|\r?\n|\\n|$)|[ \t]+(?:if|when|for|on|to|but|and[ \t]+(?:the|it|then)|so|btw|though)\b)`;

/** Not the name of an algorithm, an encoding, a model or a step (`sha256`, `utf-8`, `argon2id`, `gpt-4o`, `step2`), nor how a value is made (`sha256-hashed`). */
const NOT_A_TECHNICAL_NAME = String.raw`(?![A-Za-z]{0,12}[-_]?\d{0,3}[-_]?(?:hashed|encoded|encrypted|salted|based)\b)(?!(?:sha|md|argon|bcrypt|scrypt|pbkdf|aes|rsa|ecdsa|ed|utf|ucs|latin|iso|base|gpt|o|claude|llama|http|https|tls|ssl|ipv|oauth|x|win|rot|crc|blake|hmac|totp|hotp|v|ver|version|step|phase|level|tier|top|page|line|chapter|section|item|room|floor|gate|port|vlan|channel|node|python|py|java|es|php|ruby|go|s|ec)-?\d)`;

/** `the credentials are admin and X`, `login credentials: deploy and X`, `creds are root & X`. */
const CREDENTIALS_AND = String.raw`\b(?:[Cc]redentials|CREDENTIALS|[Cc]reds|CREDS)\b(?:[ \t]+(?:for|on|of)[ \t]+(?:the[ \t]+)?[\w.@-]{1,30})?(?:[ \t]+(?:are|were|is|was)(?:[ \t]+(?:just|still|now))?[ \t]*:?|[ \t]*:)[ \t]+\x60?[\w.@-]{2,40}\x60?[ \t]+(?:and|&|\/)[ \t]+(?:\x60(?<secret>[^\s\x60]{4,64})\x60|(?<secret2>${CHOSEN_VALUE})${CLAUSE_END})`;

/** The arrows people type: `->`, `-->`, `—>`, `=>`, `==>`, `→`, `⟶`, `➜`, `⇒`. */
const ARROW = String.raw`(?:[-—–=]{1,3}>|[→⟶➜➔➡⇒])`;
const ARROW_GIVEN = String.raw`\b(?:[Pp]ass(?:word|wd|phrase)?|PASS(?:WORD|WD|PHRASE)?|[Pp][Ww][Dd]?|PWD?)\b[ \t]*${ARROW}[ \t]*(?:\x60(?<secret>[^\s\x60]{4,64})\x60|"(?<secret2>[^\s"]{4,64})"|(?<secret3>${NOT_A_TECHNICAL_NAME}${CHOSEN_VALUE})${CLAUSE_END})(?![ \t]*${ARROW})`;

/** A prompt for a secret in an `expect` pattern, then the `send` (or pexpect's `sendline`) that answers it. */
const PROMPT = String.raw`[^"'\n{}]{0,60}?(?:assword|asswd|assphrase|PASSWORD|PIN\b|[Tt]oken|[Ss]ecret)[^"'\n{}]{0,40}?`;
const EXPECT_SEND = String.raw`\bexpect(?:[ \t]+-(?:re|ex|gl|exact|nocase))*[ \t]+(?:"${PROMPT}"|\{${PROMPT}\}|'${PROMPT}')[ \t]*(?:\{[ \t]*|[ \t]*(?:\r?\n|\\n)(?:[ \t]*#[^\n]*(?:\r?\n|\\n))?[ \t]*)(?:exp_)?send(?:[ \t]+--)?[ \t]+(?:"(?<secret>[^"\s$\[\\]{1,64}(?: [^"\s$\[\\]{1,64}){0,5})\\[rn]"|\{(?<secret2>[^}\s$\[\\]{1,64})\\[rn]\})|(?<=\.)expect\(\s*(?:r?["']${PROMPT}["']|\[[^\]\n]{0,120}?(?:assword|assphrase)[^\]\n]{0,120}\])\s*\)[ \t]*(?:\r?\n|\\n)[ \t]*\w{1,30}\.send(?:line)?\(\s*(?:"(?<secret3>[^"\s\\]{1,64})"|'(?<secret4>[^'\s\\]{1,64})')\s*\)`;

/**
 * A password as people choose them, all in lower case (`hunter2`, `bluecat77`, `tiger#lily`,
 * `octopus9garden`): letters and a digit or a symbol, one word; not the name of an algorithm,
 * an encoding or a model (`sha256`, `utf-8`, `argon2id`, `gpt-4o`), which prose says a password is.
 */
const LOWER_VALUE = String.raw`${NOT_A_TECHNICAL_NAME}(?=[a-z0-9_.!@#$%^&*+=~?-]{0,62}\d|[a-z0-9_.-]{0,62}[!@#$%^&*+=~?])(?=[a-z0-9_.!@#$%^&*+=~?-]{0,62}[a-z]{3})[a-z][a-z0-9_.!@#$%^&*+=~?-]{4,62}[a-z0-9!@#$%^&*+=~?]`;
/** `the password is X`, `pw's X`, `password should be X`, `pass = X`, `the password for the vm is X`. */
const LOWER_STATED = String.raw`(?:[Pp]ass(?:word|wd|phrase)?|[Pp][Ww][Dd]?)(?:[ \t]+(?:for|of|on|to)[ \t]+(?:the[ \t]+|my[ \t]+|our[ \t]+)?[\w.@-]{1,30})?(?:'s|[ \t]+(?:is|was|will[ \t]+be|should[ \t]+be|would[ \t]+be|=|is[ \t]+now|is[ \t]+still|is[ \t]+just)|[ \t]+(?:was[ \t]+)?(?:changed|reset|set|updated)[ \t]+to)[ \t]+(?<secret>${LOWER_VALUE})${CLAUSE_END}`;
/** `set the password to X`, `use password X`, `with password X`. */
const LOWER_GIVEN = String.raw`(?<=\b(?:set|changed|reset|updated)[ \t]+(?:the[ \t]+|my[ \t]+|our[ \t]+|his[ \t]+|her[ \t]+|their[ \t]+)?(?:[\w-]{1,20}[ \t]+)?)(?:[Pp]ass(?:word|wd|phrase)?|[Pp][Ww][Dd]?)[ \t]+to[ \t]+(?<secret2>${LOWER_VALUE})${CLAUSE_END}|(?<=\b(?:[Uu]se|[Ww]ith|[Tt]ry)[ \t]+(?:the[ \t]+)?)(?:[Pp]ass(?:word|wd|phrase)?|[Pp][Ww][Dd]?)[ \t]+(?<secret3>${LOWER_VALUE})${CLAUSE_END}`;

export const CREDENTIAL_IDIOM_RULES: readonly Rule[] = [
  placedSecret('prose-password-lowercase', 'a password stated in chat all in lower case, as people choose them ("the password is hunter2", "pw is bluecat77 so use that", "set the password to octopus9garden"): one word of letters with a digit or a symbol, not an algorithm, an encoding or a version', { label: 'password', keywords: ['pass', 'pw'], keywordStarts: true, validator: 'letters-and-digits-or-symbols', entropy: 2.3, allow: [TECHNICAL_NAME] },
    new RegExp(`${LOWER_STATED}|${LOWER_GIVEN}`),
    {
      match: ['the password is hunter2 btw', "my pass is bluecat77 so use that", "the password's hunter22", 'ssh password is tiger#lily', 'use password rocket88 for the staging box', 'I set the password to octopus9garden', 'password was changed to glacier_77_mint', "my github password is hunter2hunter2, pls don't share"],
      noMatch: ['the password is hashed with bcrypt', 'the password is 12 characters long', 'the password is argon2id', 'the password is gpt-4o', 'the password is sha256-hashed', 'the password is utf-8', 'password was changed to meet policy v2', 'the password is in 1password', 'the password is base64 encoded', 'use password auth for the staging box', 'the password is step2 of the setup', 'the password was yescrypt', 'pw is hmac-sha384'],
    }),
  placedSecret('credentials-user-and-password', 'a user and a password joined by "and" after "credentials" ("the credentials are admin and Kx7pLq2w9", "creds: deploy and `hunter22`"): the password must hold a digit or a symbol', { label: 'password', keywords: ['credentials', 'creds'], keywordStarts: true, validator: 'letters-and-digits-or-symbols', entropy: 2.5 },
    new RegExp(CREDENTIALS_AND),
    {
      match: ['the credentials are admin and Kx7pLq2w9', 'credentials are deploy and tulip-harbor-88.', 'my credentials: jdoe and Sunny-Day-42', 'Login credentials for the NAS are admin and `hunter22`', 'creds are root / Rb5!kQz8 if it asks'],
      noMatch: ['the credentials are admin and readonly roles', 'the credentials are stored and rotated weekly', 'credentials are username and password', 'login: admin and password123 are the defaults in the docs', 'the credentials are ${USER} and ${PASS}'],
    }),
  placedSecret('password-arrow', 'a password after its word and an arrow ("password —> X", "pw => X", "admin password → X")', { label: 'password', keywords: ['pass', 'pw'], keywordStarts: true, keywordWords: ['pass', 'password', 'passwd', 'passphrase', 'pw', 'pwd'], validator: 'letters-and-digits-or-symbols', entropy: 2.5, allow: [TECHNICAL_NAME] },
    new RegExp(ARROW_GIVEN),
    {
      match: ['password —> Quill42rain', 'admin password → Kettle88fern', 'pw ---> brick7wall', 'Password => mapleleaf77', 'db pass ⇒ `Tr0ub4dor&3`'],
      noMatch: ['password -> hashed -> stored', 'password —> bcrypt', 'password -> sha256', 'the flow is: password —> pbkdf2', 'password -> argon2id -> db', 'pw ⇒ windows-1251', 'password => base64url', 'pw → ${DB_PASSWORD}', 'password => true'],
    }),
  placedSecret('expect-send-password', 'the answer an expect script or pexpect sends to a password, passphrase or PIN prompt (`expect "*assword*"` then `send "X\\r"`, `child.expect("Password:")` then `child.sendline("X")`)', { label: 'password', keywords: ['expect'], keywordStarts: true },
    new RegExp(EXPECT_SEND),
    {
      match: ['expect "password:"\nsend "Gx8mK2qLz7\\r"', 'spawn ssh deploy@10.0.0.5\nexpect "*assword*"\nsend "hunter2pass\\r"', 'expect -re "Password: ?$"\nsend -- "s3cr3t-mango\\r"', 'expect "Enter passphrase for key" { send "orchard lantern 42\\r" }', 'expect "Password:"\nsend "Tcl-n3wline\\n"', "child.expect('Password:')\nchild.sendline('Pexp3ct!pw')"],
      noMatch: ['expect "$ "\nsend "ls -la\\r"', 'expect "login:"\nsend "admin\\r"', 'expect "*assword*"\nsend "$password\\r"', 'expect "Password:"\nsend "[lindex $argv 1]\\r"', "child.expect('Password:')\nchild.sendline(password)"],
    }),
];
