/**
 * Family `generic`: a password that a person states in chat, the way people choose them (a word,
 * a year, a symbol: low entropy, so the generated-looking shape the other prose rules ask for
 * misses it). The sentence must say whose or which password it is and that it *is* the value.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';
import { TECHNICAL_NAME } from './technical-names.js';

/** Written out in both cases: the pattern is case-sensitive for the value's sake. */
const PASSWORD_WORD = String.raw`(?:[Pp]ass(?:word|phrase|wd)|PASS(?:WORD|PHRASE|WD)|[Pp][Ww][Dd]?|PWD?)`;
const WHOSE = String.raw`[ \t]+(?:for|of|on|to)[ \t]+\x60?[\w.@-]{1,30}\x60?(?:[ \t]+\x60?[\w.@-]{1,30}\x60?)?`;
/** `password for the NAS is`, `pw on prod was just`, `passphrase is currently:`, `Password for \`deploy\`:` */
const STATED = String.raw`${PASSWORD_WORD}\b(?:(?:${WHOSE})?[ \t]+(?:[Ii]s|IS|[Ww]as|WAS)(?:[ \t]+(?:just|simply|still|now|literally|actually|currently))?[ \t]*[:：]?|${WHOSE}[ \t]*[:：])[ \t]+`;
/**
 * Unquoted, the value must hold lower and upper case, and two digits or a digit and a symbol
 * (`Summer2024!`, not `sha256`, `AES256` or `OAuth2`), and not start like a template's (`YourPassword1`).
 */
const UNQUOTED = String.raw`(?!(?:[Yy]our|YOUR|[Mm]y|MY|[Ee]xample|[Ss]ample|[Dd]ummy|[Pp]laceholder)[A-Z_-])(?=[^\s]{0,63}[a-z])(?=[^\s]{0,63}[A-Z])(?=[^\s]{0,63}\d[^\s]{0,63}[\d!@#$%^&*_+=~?]|[^\s]{0,63}[!@#$%^&*_+=~?][^\s]{0,63}\d)[A-Za-z0-9!@#$%^&*_+=~?-]{7,63}[A-Za-z0-9!@#$%^&*_+=~-]`;
/** Quoted, the quotes say where it ends; no spaces (a quoted phrase is a description). */
const QUOTED = String.raw`\\{0,7}"(?<secret>[^\s"\\]{6,64})\\{0,7}"|“(?<secret2>[^\s”]{6,64})”|\\{0,7}'(?<secret3>[^\s'\\]{6,64})\\{0,7}'|\x60(?<secret4>[^\s\x60]{6,64})\x60`;
/** `the db pass is below:` / `pw here` and the value alone on the next line. */
const ON_NEXT_LINE = String.raw`${PASSWORD_WORD}\b[^\n]{0,40}?\b(?:below|here|follows)[ \t]*:?[ \t]*(?:\r?\n|\\n)[ \t]*(?<secret6>[^\s"'\x60]{6,64})(?=[ \t]*(?:\r?\n|\\n|$))`;

/** `the db password below: X`, `password (see below): X`, `pw as follows: X`: a pointer word, a colon, the value on the same line. */
const AFTER_POINTER = String.raw`${PASSWORD_WORD}\b[^\n:]{0,40}?\b(?:below|here|follows)\)?[ \t]*[:：][ \t]*(?:"(?<secret7>[^\s"]{6,64})"|\x60(?<secret8>[^\s\x60]{6,64})\x60|(?<secret9>${UNQUOTED})(?![\w-]))`;

/** Words a description or an instruction holds, and a passphrase made of random words does not. */
const DESCRIPTION_WORDS = String.raw`(?:the|a|an|at|least|most|of|in|on|to|for|from|with|by|your|my|our|their|its|is|are|be|must|should|will|can|same|as|and|or|not|no|stored|saved|kept|encrypted|hashed|characters?|chars|words|digits|letters|long|empty|blank|set|see|vault|keychain|required|missing|wrong|incorrect|invalid|unknown|correct[ -]horse)`;
/** Three to eight words between quotes, none of them a description's: `"tulip lantern orbit 42"`. */
const QUOTED_PHRASE = String.raw`(?![^"”\x60\n]{0,120}?\b${DESCRIPTION_WORDS}\b)[^\s"”\x60\\]{2,24}(?: [^\s"”\x60\\]{2,24}){2,7}`;
/** `the wifi passphrase is "…"`, `passphrase for the backup key: "…"`. */
const PHRASE_STATED = String.raw`${PASSWORD_WORD}\b(?:[ \t]+(?:for|of|on|to)[ \t]+[\w.@-]{1,30}(?:[ \t]+[\w.@-]{1,30})?)?(?:[ \t]+(?:[Ii]s|IS|[Ww]as|WAS)(?:[ \t]+(?:just|simply|still|now|literally|actually|currently))?[ \t]*[:：]?|[ \t]*[:：])[ \t]+(?:\\{0,7}"(?<secret>${QUOTED_PHRASE})\\{0,7}"|“(?<secret2>${QUOTED_PHRASE})”|\x60(?<secret3>${QUOTED_PHRASE})\x60)`;

export const PROSE_PASSWORD_RULES: readonly Rule[] = [
  placedSecret('prose-password-stated', 'a password stated in chat as people choose them ("my email password is Autumn2023!", "the root password was just \\"moonpie77\\"", "the vpn passphrase here:\\n<value>"): quoted, or with both cases and a digit', { label: 'password', keywords: ['pass', 'pw'], keywordStarts: true, validator: 'letters-and-digits-or-symbols', entropy: 2.5, allow: [TECHNICAL_NAME] },
    new RegExp(String.raw`${STATED}(?:${QUOTED}|(?<secret5>${UNQUOTED})(?![\w-]))|${ON_NEXT_LINE}|${AFTER_POINTER}`),
    {
      match: ['my email password is Autumn2023!', 'the root password was just "moonpie77"', 'Password for the NAS is Kx7pLq2w9', 'I put the vpn passphrase here:\nRiver-9-Lantern', 'the wifi pw is currently Gr33nTea#', 'PASSWORD IS `hello2you`', '{"msg":"the kiosk password was just \\"lemon7tree\\" lol"}', 'the replica password below: Harbor7!Mint', 'Mail pw (see below): `tango4echo`', 'router password as follows: Kettle-88-Fern', 'Password for `svc-backup`: Quill42!rain'],
      noMatch: ['the password is SHA256', 'the password is base64-encoded', 'the password is "at least 12 characters"', 'the password was ${DB_PASSWORD}', 'the password is stored in vault', 'the password is 8 chars long', 'the boarding pass is ready', 'password below:\n(none)', 'the password is AES256', 'the password is OAuth2', 'the pass is Valid2024 for all users', 'the password is YourPassword1', 'the password is now MyApp2024-managed', 'type the password below: it is case-sensitive', 'the password here: Required', 'the password is still "ChaCha20-Poly1305"'],
    }),
  {
    id: 'prose-passphrase-quoted',
    type: 'secret',
    label: 'password',
    description: 'a passphrase of random words stated in chat between quotes ("the wifi passphrase is \\"tulip lantern orbit 42\\"", "backup passphrase: `ember quartz willow`"): three to eight words, none of a description',
    keywords: ['pass', 'pw'],
    keywordStarts: true,
    entropy: 3,
    // no `values` shield: it would take the words of a passphrase for prose
    pattern: new RegExp(PHRASE_STATED),
    examples: {
      match: ['the wifi passphrase is "tulip lantern orbit 42"', 'Backup passphrase: `ember quartz willow saddle`', 'my disk password was “Maple Drift Canyon Nine”', '{"text":"vault passphrase: \\"orchid kettle summit 19\\""}'],
      noMatch: ['the passphrase is "at least four random words"', 'password: "see the team vault"', 'the password is "correct horse battery staple"', 'the passphrase was "stored in 1Password"', 'the password is "hunter2"', 'the passphrase is "two words"'],
    },
  },
];
