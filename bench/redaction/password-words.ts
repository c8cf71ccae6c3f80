/**
 * The word for "password" in every language this machine's programs are translated to: read from
 * the gettext catalogs (`/usr/share/locale/<lang>/LC_MESSAGES/*.mo`) of sudo, passwd, login, shadow,
 * gnupg, cryptsetup and the rest, the translations of a few password-like messages.
 *
 *   node dist/bench/redaction/password-words.js [--root DIR] [--json] [--coverage] [--other]
 *
 * Prints, per language, the words found (lower-case, one word or a few joined by `_`, `-` or
 * nothing, Latin accents folded). `--coverage` instead checks redaction/secret-words.ts: every
 * translation of a password-like message that holds none of its words (nor is a translation it
 * leaves out on purpose) is printed, and the exit is 1 if there is any. `--other` lists the
 * translations of "Secret", "PIN" and "Token" instead (not in the list: in most languages they are
 * common words, `geheim`, `secreto`, `jeton`, which a rule takes only with more context).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOREIGN_PASSWORD_SPELLINGS, foldLatinAccents, LEFT_OUT_TRANSLATIONS } from '../../redaction/secret-words.js';
import { isMain } from '../util.js';

/** The messages whose translation is the word itself (a label, a prompt). */
const WORD_MESSAGES = new Set(['password', 'passphrase']);
/** Other secrets' names, listed by `--other`. */
const OTHER_MESSAGES = new Set(['secret', 'pin', 'token']);
/** Messages that hold the word in a phrase: their translations must hold one of the list's words. */
const PHRASE_MESSAGES = new Set(['new password', 'old password', 'current password', 'enter password', 'enter passphrase', 'retype new password', 'password for %s', "%s's password"]);

const MO_MAGIC = 0x950412de;

/** The msgid → msgstr pairs of one `.mo` file (plural forms: the first of each). */
export function readMo(buffer: Buffer): Map<string, string> {
  const pairs = new Map<string, string>();
  if (buffer.length < 28) return pairs;
  const little = buffer.readUInt32LE(0) === MO_MAGIC;
  if (!little && buffer.readUInt32BE(0) !== MO_MAGIC) return pairs;
  const u32 = (at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const text = (table: number, index: number) => {
    const length = u32(table + index * 8);
    const offset = u32(table + index * 8 + 4);
    return buffer.toString('utf8', offset, offset + length).split('\0')[0]!;
  };
  for (let i = 0; i < count; i++) {
    const id = text(originals, i);
    if (id.length > 0 && id.length < 60) pairs.set(id, text(translations, i));
  }
  return pairs;
}

/** `Password:` → `password`; `&Password` → `password`; `New password: ` → `new password`. */
export function messageKey(message: string): string {
  return message.replace(/\(_\p{L}\)/gu, '').replace(/[&_](?=\p{L})/gu, '').replace(/[\s:：.…]+$/u, '').replace(/^\s+/, '').toLowerCase();
}

/** A translated label as the words of a name: `Mot de passe` → mot_de_passe, mot-de-passe, motdepasse (and folded). */
export function nameForms(translation: string): string[] {
  const words = messageKey(translation).replace(/\s*\([^)]*\)\s*/g, ' ').trim().split(/[\s\u00a0]+/).filter(Boolean);
  if (words.length === 0 || words.length > 3 || words.some((w) => !/^[\p{L}\p{M}'’-]+$/u.test(w))) return [];
  const forms = new Set<string>();
  for (const joiner of words.length === 1 ? [''] : ['_', '-', '', ' ']) {
    const joined = words.join(joiner);
    forms.add(joined);
    forms.add(foldLatinAccents(joined));
  }
  return [...forms];
}

export interface Translation {
  lang: string;
  catalog: string;
  message: string;
  text: string;
}

/** Every translation of a password-like message on the machine. */
export function passwordTranslations(root = '/usr/share/locale', messages: (key: string) => boolean = (key) => WORD_MESSAGES.has(key) || PHRASE_MESSAGES.has(key)): Translation[] {
  const found: Translation[] = [];
  for (const lang of readdirSync(root).sort()) {
    const dir = join(root, lang, 'LC_MESSAGES');
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith('.mo'));
    } catch {
      continue;
    }
    for (const file of files) {
      let pairs: Map<string, string>;
      try {
        pairs = readMo(readFileSync(join(dir, file)));
      } catch {
        continue;
      }
      for (const [id, text] of pairs) {
        const key = messageKey(id);
        if (messages(key) && text.trim() && messageKey(text) !== key) {
          found.push({ lang, catalog: file, message: key, text: text.trim() });
        }
      }
    }
  }
  return found;
}

/** Per language, the name forms of the translations of the word messages, with how many catalogs agree. */
export function wordsByLanguage(translations: readonly Translation[], messages: ReadonlySet<string> = WORD_MESSAGES): Map<string, Map<string, number>> {
  const byLang = new Map<string, Map<string, number>>();
  for (const t of translations) {
    if (!messages.has(t.message)) continue;
    const lang = t.lang.split(/[_@.]/)[0]!;
    const words = byLang.get(lang) ?? new Map<string, number>();
    for (const form of nameForms(t.text)) words.set(form, (words.get(form) ?? 0) + 1);
    byLang.set(lang, words);
  }
  return byLang;
}

/** A translation holds a word of the list (case, Latin accents and separators between words aside), or is one left out on purpose. */
export function coveredBy(text: string, words: readonly string[]): boolean {
  const squeeze = (s: string) => foldLatinAccents(s.toLowerCase()).replace(/[\s_\-\u00a0\u200b-\u200d]+/g, '');
  const squeezed = squeeze(text);
  if (Object.keys(LEFT_OUT_TRANSLATIONS).some((word) => squeezed.includes(squeeze(word)))) return true;
  return words.some((word) => squeezed.includes(squeeze(word)));
}

function main(): void {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const other = args.includes('--other');
  const translations = passwordTranslations(rootAt >= 0 ? args[rootAt + 1] : undefined, other ? (key) => OTHER_MESSAGES.has(key) : undefined);
  if (args.includes('--coverage')) {
    const missed = translations.filter((t) => !coveredBy(t.text, [...FOREIGN_PASSWORD_SPELLINGS, 'password', 'passphrase']));
    const langs = new Set(translations.map((t) => t.lang));
    for (const t of missed) console.log(`${t.lang}\t${t.catalog}\t${t.message}\t${t.text}`);
    console.log(`${translations.length - missed.length}/${translations.length} translations (${langs.size} locales) hold a word of the list; ${missed.length} do not`);
    process.exitCode = missed.length > 0 ? 1 : 0;
    return;
  }
  const byLang = wordsByLanguage(translations, other ? OTHER_MESSAGES : WORD_MESSAGES);
  if (args.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries([...byLang].map(([lang, words]) => [lang, Object.fromEntries(words)])), null, 1));
    return;
  }
  for (const [lang, words] of [...byLang].sort()) {
    console.log(`${lang}\t${[...words].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${w}(${n})`).join(' ')}`);
  }
}

if (isMain(import.meta.url)) main();
