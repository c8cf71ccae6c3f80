/**
 * The policy of redaction/README.md ("What counts as a secret"), cell by cell: a secret's name
 * (several spellings and languages) in each idiom a program or a person writes it, with each class
 * of value, through the `standard` profile. A value in a secret's place is the secret whatever its
 * shape; a value that is visibly not the secret (empty, a reference, a mask, a placeholder) and a
 * stored hash or digest are left alone. The values are drawn here from a seeded generator.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

/** A small seeded generator (mulberry32): the same cells every run. */
function generator(seed: number): (alphabet: string, length: number) => string {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (alphabet, length) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
}

const draw = generator(2111);
const HEX = '0123456789abcdef';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CRYPT = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const b64 = (bytes: number): string => {
  const chars = Math.ceil(bytes / 3) * 4;
  const pad = (3 - (bytes % 3)) % 3;
  return draw(B64, chars - pad) + '='.repeat(pad);
};
const uuid = (): string => `${draw(HEX, 8)}-${draw(HEX, 4)}-4${draw(HEX, 3)}-${draw('89ab', 1)}${draw(HEX, 3)}-${draw(HEX, 12)}`;

interface ValueClass {
  readonly name: string;
  readonly secret: boolean;
  /** One value per cell: each name gets a value of its own. */
  readonly make: (index: number) => string;
}

const WORDS = ['lantern', 'quarry', 'thistle', 'mosaic', 'beacon', 'saddle', 'walnut', 'cobalt', 'juniper', 'tundra', 'falcon', 'meadow', 'ember', 'harvest', 'pylon', 'acorn', 'ripple', 'tinder', 'vessel', 'glacier'];
const word = (index: number): string => WORDS[index % WORDS.length]!;

const VALUE_CLASSES: readonly ValueClass[] = [
  // rule 1: whatever its shape
  { name: 'word-dash-number', secret: true, make: (i) => `${word(i)}-${(i % 9) + 2}` },
  { name: 'word-number', secret: true, make: (i) => `${word(i + 3)}${10 + ((i * 7) % 80)}` },
  { name: 'uuid', secret: true, make: () => uuid() },
  { name: 'hex-40', secret: true, make: () => draw(HEX, 40) },
  { name: 'hex-64', secret: true, make: () => draw(HEX, 64) },
  { name: 'strong-random', secret: true, make: () => `${draw(BASE62, 9)}${draw('!#%+', 1)}${draw(BASE62, 10)}` },
  // rule 3: what a password became, and digests
  { name: 'crypt-md5', secret: false, make: () => `$1$${draw(CRYPT, 8)}$${draw(CRYPT, 22)}` },
  { name: 'crypt-sha256', secret: false, make: () => `$5$rounds=5000$${draw(CRYPT, 16)}$${draw(CRYPT, 43)}` },
  { name: 'crypt-sha512', secret: false, make: () => `$6$${draw(CRYPT, 16)}$${draw(CRYPT, 86)}` },
  { name: 'crypt-yescrypt', secret: false, make: () => `$y$j9T$${draw(CRYPT, 22)}$${draw(CRYPT, 43)}` },
  { name: 'crypt-bcrypt', secret: false, make: () => `$2b$12$${draw(CRYPT, 53)}` },
  { name: 'argon2id', secret: false, make: () => `$argon2id$v=19$m=65536,t=3,p=4$${draw(BASE62, 22)}$${draw(BASE62, 43)}` },
  { name: 'ldap-ssha', secret: false, make: () => `{SSHA}${b64(28)}` },
  { name: 'ldap-sha', secret: false, make: () => `{SHA}${b64(20)}` },
  { name: 'ldap-crypt', secret: false, make: () => `{CRYPT}$6$${draw(CRYPT, 16)}$${draw(CRYPT, 86)}` },
  { name: 'scram-stored', secret: false, make: () => `SCRAM-SHA-256$4096:${b64(16)}$${b64(32)}:${b64(32)}` },
  { name: 'prefixed-digest', secret: false, make: () => `sha256:${draw(HEX, 64)}` },
  { name: 'sri-digest', secret: false, make: () => `sha512-${b64(64)}` },
  // rule 2: visibly not the secret
  { name: 'reference-expansion', secret: false, make: (i) => `\${${['DB', 'APP', 'SMTP', 'CACHE'][i % 4]}_PASSWORD}` },
  { name: 'reference-file', secret: false, make: (i) => `file:/run/secrets/${word(i)}_password` },
  { name: 'reference-env', secret: false, make: (i) => `env:${word(i).toUpperCase()}_TOKEN` },
  { name: 'reference-interpolation', secret: false, make: (i) => `%(${word(i)}_token)s` },
  { name: 'mask-stars', secret: false, make: () => '********' },
  { name: 'mask-redacted', secret: false, make: () => '[redacted]' },
  { name: 'mask-angle-redacted', secret: false, make: () => '<redacted>' },
  { name: 'placeholder-angle', secret: false, make: () => '<your-token>' },
  { name: 'placeholder-x', secret: false, make: () => 'xxxxxxxx' },
  { name: 'empty', secret: false, make: () => '' },
  { name: 'null', secret: false, make: () => 'null' },
  { name: 'boolean', secret: false, make: (i) => (i % 2 === 0 ? 'false' : 'true') },
];

/** A secret's name as words: each idiom writes it in its own style. */
const SECRET_NAMES: readonly (readonly string[])[] = [
  ['password'],
  ['db', 'password'],
  ['smtp', 'passwd'],
  ['ldap', 'pwd'],
  ['gpg', 'passphrase'],
  ['client', 'secret'],
  ['api', 'key'],
  ['access', 'key'],
  ['auth', 'token'],
  ['private', 'key'],
  ['service', 'credentials'],
  ['passwort'],
  ['contraseña'],
  ['mot', 'de', 'passe'],
  ['wachtwoord'],
];

const snake = (words: readonly string[]): string => words.join('_');
const upper = (words: readonly string[]): string => words.join('_').toUpperCase();
const kebab = (words: readonly string[]): string => words.join('-');
const camel = (words: readonly string[]): string => words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
const xmlEscape = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

interface Idiom {
  readonly name: string;
  readonly write: (name: readonly string[], value: string) => string;
}

const IDIOMS: readonly Idiom[] = [
  { name: 'env line', write: (n, v) => `export ${upper(n)}=${v}` },
  { name: 'key: value', write: (n, v) => `service:\n  ${snake(n)}: ${v}\n  port: 5432` },
  { name: 'JSON', write: (n, v) => `{"host": "db.internal", "${camel(n)}": "${v}", "port": 5432}` },
  { name: 'Lisp plist', write: (n, v) => `(:host "db.internal" :${kebab(n)} "${v}" :port 5432)` },
  { name: 'Lisp struct print', write: (n, v) => `#S(SETTINGS :HOST "db.internal" :${kebab(n).toUpperCase()} "${v}" :PORT 5432)` },
  { name: 'Perl/Raku pair', write: (n, v) => `{host => "db.internal", ${snake(n)} => "${v}", port => 5432}` },
  { name: 'PHP array', write: (n, v) => `return ['host' => 'db.internal', '${snake(n)}' => '${v}', 'port' => 5432];` },
  { name: 'Pike mapping', write: (n, v) => `([ /* 3 elements */\n  "host": "db.internal",\n  "${snake(n)}": "${v}",\n  "port": 5432\n])` },
  { name: 'XML element', write: (n, v) => `<settings>\n  <host>db.internal</host>\n  <${camel(n)}>${xmlEscape(v)}</${camel(n)}>\n</settings>` },
  { name: 'XML attribute', write: (n, v) => `<connection host="db.internal" ${camel(n)}="${xmlEscape(v)}" port="5432"/>` },
  { name: 'CLI flag', write: (n, v) => `$ deployctl push --host db.internal --${kebab(n)} '${v}' --port 5432` },
];

const redact = createTextRedactor('standard');

/** The names whose cell disagrees with the policy, with what the rules did. */
function disagreements(idiom: Idiom, valueClass: ValueClass): string[] {
  const wrong: string[] = [];
  SECRET_NAMES.forEach((name, index) => {
    const value = valueClass.make(index);
    const text = idiom.write(name, value);
    const result = redact(text);
    if (valueClass.secret ? result.text.includes(value) : result.findings > 0) wrong.push(`${snake(name)}=${value} -> ${result.text.replaceAll('\n', '⏎')}`);
  });
  return wrong;
}

describe('what counts as a secret, in every idiom (standard)', () => {
  for (const idiom of IDIOMS) {
    describe(idiom.name, () => {
      it.each(VALUE_CLASSES.map((c) => [c.name, c] as const))('%s', (_name, valueClass) => {
        const wrong = disagreements(idiom, valueClass);
        expect(wrong, `${idiom.name} / ${valueClass.name}: ${wrong.length} of ${SECRET_NAMES.length} cells disagree`).toEqual([]);
      });
    });
  }
});

describe('digests and ids under their own names (standard)', () => {
  const cases: readonly [string, string, boolean][] = [
    ['sha256', draw(HEX, 64), false],
    ['checksum', draw(HEX, 40), false],
    ['content_digest', draw(HEX, 64), false],
    ['etag', draw(HEX, 32), false],
    ['fingerprint', draw(HEX, 40), false],
    ['password_hash', `$6$${draw(CRYPT, 16)}$${draw(CRYPT, 86)}`, false],
    ['commit', draw(HEX, 40), false],
    ['key_id', draw(HEX, 16), false],
    ['secret_name', `${word(4)}-${word(7)}`, false],
    ['aws_access_key_id', `AKIA${draw('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`, true],
    ['session_token', draw(HEX, 64), true],
    ['webhook_secret', draw(HEX, 40), true],
  ];
  for (const idiom of IDIOMS) {
    it(idiom.name, () => {
      const wrong = cases.filter(([name, value, secret]) => {
        const result = redact(idiom.write(name.split('_'), value));
        return secret ? result.text.includes(value) : result.findings > 0;
      });
      expect(wrong.map(([name, value]) => `${name}=${value}`), `${idiom.name} / named digests and ids: ${wrong.length} of ${cases.length} cells disagree`).toEqual([]);
    });
  }
});
