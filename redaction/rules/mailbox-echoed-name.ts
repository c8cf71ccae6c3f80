/**
 * A person's name in the same record as their own mailbox, the mailbox spelling the name
 * (`eirik solheim;eirik.solheim@posteo.no`, `MARGIT HAUGLAND | margit.haugland@…`, `"Ann Lee",
 * "ann.lee@…"`): a report, a CSV row or a printed list where the name has no key and, lower-cased
 * or in capitals, no shape a keyless rule may trust. The mailbox's local part made of the name's
 * words (first and last, or an initial and the last) is the evidence; the name judge turns away
 * phrases with a word in them (`support team;support.team@…`, `no reply`).
 */
import { judgePhrase } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';

/** A field of two or three words of letters, ended by a delimiter before the mailbox. */
const FIELD_BEFORE = /(?:^|[;,|\t"'(:=]|[ ]{2})[ ]*([\p{L}\p{M}'’-]{2,30}(?:[ ][\p{L}\p{M}'’-]{1,30}){1,2})["']?[ \t]*(?:[;,|\t]|[ ]{2,}|[ ]<|["'][ ]*[,;]?[ ]*["']?|[ ]\()?[ \t]*["'<(]?$/u;
/** A local part before `@`: the letters and separators of a name (`eirik.solheim`, `m_haugland`). */
const LOCAL_PART = /[\p{L}\p{N}._+-]{1,64}$/u;

/** Letters a mailbox spells in ASCII that Unicode does not decompose (`ø`, `æ`, `ß`, `ł`). */
const PLAIN: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', þ: 'th', ı: 'i' };
/** The same with the German and Scandinavian two-letter spellings (`Øverby` → `oeverby`, `Müller` → `mueller`). */
const DIGRAPH: Record<string, string> = { ...PLAIN, ø: 'oe', ö: 'oe', ü: 'ue', ä: 'ae', å: 'aa' };

function spelled(word: string, letters: Record<string, string>): string {
  const lower = word.toLowerCase().replace(/['’-]/g, '');
  return [...lower].map((char) => letters[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '')).join('');
}

/** How a mailbox may spell a word: plain letters, or two-letter umlauts. */
const spellings = (word: string) => new Set([spelled(word, PLAIN), spelled(word, DIGRAPH)]);

/** True when the local part is spelled from the name's first and last word (either order), or an initial and a word. */
function spellsName(local: string, words: readonly string[]): boolean {
  const parts = local.toLowerCase().replace(/\+.*$/, '').split(/[._-]+/).filter(Boolean);
  for (const first of spellings(words[0]!)) {
    for (const last of spellings(words.at(-1)!)) {
      if (first.length < 2 || last.length < 2) continue;
      if (parts.length >= 2) {
        const [a, b] = [parts[0]!, parts.at(-1)!];
        if ((a === first && (b === last || b === last[0])) || (a === last && b === first) || (a === first[0] && b === last)) return true;
        continue;
      }
      const whole = parts[0] ?? '';
      if (whole === first + last || whole === first[0] + last || whole === last + first) return true;
    }
  }
  return false;
}

/** No word of it an English or technical word or a place (`no reply`, `support team`): the mailbox is the evidence of a name. */
function nameLike(words: readonly string[]): boolean {
  const judged = judgePhrase(words);
  return judged.judged >= 2 && judged.words === 0;
}

/** A quoted phrase of two or three words (a printed record's string: `(name "Ann Lee")`, `[name]="Ann Lee"`). */
const QUOTED_PHRASE = /"([\p{L}\p{M}'’-]{2,30}(?:[ ][\p{L}\p{M}'’-]{1,30}){1,2})"/gu;
/** How far a record's other fields may stand from its mailbox, and a blank line ends it. */
const RECORD_REACH = 300;

/** The quoted names in the record around the mailbox at `at` that its local part spells. */
function quotedEchoes(text: string, at: number, local: string, spans: Span[]): void {
  let from = Math.max(0, at - RECORD_REACH);
  let to = Math.min(text.length, at + RECORD_REACH);
  const blankBefore = text.slice(from, at).lastIndexOf('\n\n') + from;
  if (blankBefore >= from) from = blankBefore + 2;
  const blankAfter = text.slice(at, to).indexOf('\n\n');
  if (blankAfter >= 0) to = at + blankAfter;
  const window = text.slice(from, to);
  if (!window.includes('"')) return;
  QUOTED_PHRASE.lastIndex = 0;
  for (let match = QUOTED_PHRASE.exec(window); match; match = QUOTED_PHRASE.exec(window)) {
    const words = match[1]!.split(' ');
    if (!spellsName(local, words) || !nameLike(words)) continue;
    const start = from + match.index + 1;
    spans.push({ start, end: start + match[1]!.length });
  }
}

function mailboxEchoedNames(text: string, starts: readonly number[] = []): Span[] {
  const spans: Span[] = [];
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    // searched within reach only: a long line of many `@` must not be scanned back to its start for each
    const reach = Math.max(0, at - 160);
    const lineStart = reach + text.slice(reach, at).lastIndexOf('\n') + 1;
    const local = LOCAL_PART.exec(text.slice(Math.max(lineStart, at - 65), at))?.[0];
    if (local === undefined || local.length < 3) continue;
    const before = text.slice(lineStart, at - local.length);
    const field = FIELD_BEFORE.exec(before);
    const phrase = field?.[1];
    if (field && phrase !== undefined && spellsName(local, phrase.split(' ')) && nameLike(phrase.split(' '))) {
      const start = lineStart + field.index + field[0].indexOf(phrase);
      spans.push({ start, end: start + phrase.length });
      done = at;
      continue;
    }
    quotedEchoes(text, at, local, spans);
    done = at;
  }
  return spans;
}

export const MAILBOX_ECHOED_NAME_RULE: Rule = {
  id: 'person-name-mailbox-echoed',
  type: 'pii',
  label: 'name',
  description: "a person's name (any case) in the field before their own mailbox, or quoted in the same printed record, the mailbox's local part spelled from the name's words",
  keywords: ['@'],
  keywordStarts: true,
  detector: mailboxEchoedNames,
  examples: {
    match: [
      'eirik solheim;eirik.solheim@posteo.no;Bergen',
      'MARGIT HAUGLAND | margit.haugland@online.no',
      '("torbjørn vik" "tvik@gmail.com" 1987)',
      '3,ann lee,ann.lee@example.org,2021-03-04',
      '((customer\n   (name "Kjellaug Sæther")\n   (phone "+47 480 22 913")\n   (email "kjellaug.saether@online.no")))',
      'declare -A u=([email]="runa.kvalheim@posteo.no" [name]="runa kvalheim" )',
      'contact: priya raman <praman@corp.example>',
    ],
    noMatch: [
      'support team;support.team@example.com',
      'release bot,release-bot@users.noreply.example.com',
      'eirik solheim;ops@posteo.no',
      'git clone git@github.com:org/repo.git',
      'no reply;no.reply@example.com',
      '(:team "Platform Ops" :email "platform.ops@corp.example")',
      '(name "Ann Lee")\n\n(email "ann.lee@example.org")',
    ],
  },
};
