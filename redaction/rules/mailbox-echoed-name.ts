/**
 * A person's name near their own mailbox, the mailbox's local part spelled from the name's words
 * (`eirik solheim;eirik.solheim@posteo.no`, `MARGIT HAUGLAND | margit.haugland@…`, an R list's
 * `$name` a few lines above its `$email`, a struct's fields by position, a description's `Owned by
 * Ann Lee (alee@…)`). The print format does not matter: the spelling is the evidence, so any phrase
 * of two or three words in the record around the mailbox may be the name (`mailbox-spelling.ts`).
 * A mailbox spelling both words (`ann.lee`, `alee`, `lee.a`) takes any phrase that is not all words;
 * one spelling a single word (`deller@…`) takes only a capitalised pair on the mailbox's own line
 * whose other word is no label or everyday word, or that stands right before the mailbox.
 */
import { localParts, mailboxSpells, spellings } from '../names/mailbox-spelling.js';
import { judgePhrase, tokenNameOdds } from '../names/name-judge.js';
import { isRoleAccount } from '../role-accounts.js';
import type { Rule, Span } from '../types.js';
import { emailNotBot } from '../validators.js';

/** A local part before `@`: the letters and separators of a name (`eirik.solheim`, `m_haugland`). */
const LOCAL_PART = /[\p{L}\p{N}._+-]{1,64}$/u;
const SPELLED_LOCAL = /(?<![\p{L}\p{N}._-])[\p{L}][\p{L}\p{N}._-]{0,63}$/u;
/** A domain after `@` (`posteo.no`), so that `user@host` prompts and `@decorators` are no mailbox. */
const DOMAIN = /^@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})+/u;
/**
 * The same written out against harvesters (`even.rouault at spatialys.com`, `ann (at) lee dot fi`):
 * a plain ` at ` needs a dot or a spelled ` dot ` and a top-level domain of letters after it.
 */
const SPELLED_DOMAIN = /^(?:[ ](?:at|AT)[ ]|[ ]?[[(<{](?:at|AT)[\])>}][ ]?)[A-Za-z0-9-]{1,63}(?:(?:\.|[ ]?[[(<{]dot[\])>}][ ]?|[ ]dot[ ])[A-Za-z0-9-]{1,63})*(?:\.|[ ]?[[(<{]dot[\])>}][ ]?|[ ]dot[ ])[A-Za-z]{2,24}(?![\p{L}\p{N}-])/u;
/** How far a record's other fields may stand from its mailbox. */
const RECORD_REACH = 300;
const WORD = /[\p{L}\p{M}'’-]+/gu;
const TITLE = /^\p{Lu}[\p{Ll}\p{M}'’-]+$/u;
const UPPER = /^\p{Lu}[\p{Lu}\p{M}'’-]+$/u;
const LOWER = /^\p{Ll}[\p{Ll}\p{M}'’-]+$/u;
const INITIAL = /^\p{L}$/u;
/** The odds the name judge gives an English or technical word. */
const WORD_ODDS = -3;
/** Words of mailboxes that belong to a role (`no.reply`, `info.sales`) and of labels before a name (`Maintainer Deller`). */
const NOT_A_NAME = new Set([
  'no', 'not', 'do', 'reply', 'noreply', 'info', 'admin', 'team', 'support', 'help', 'sales', 'office', 'mail', 'email', 'post', 'web', 'master',
  'bugs', 'bug', 'list', 'dev', 'devel', 'root', 'security', 'abuse', 'contact', 'hello', 'hi', 'news', 'press', 'jobs', 'by', 'to', 'from', 'for',
  'and', 'or', 'the', 'cc', 'maintainer', 'author', 'owner', 'owned', 'thanks', 'dear', 'user', 'users', 'via', 'of', 'with', 'at', 'is', 'was',
]);

type Style = 'title' | 'upper' | 'lower';

function styleOf(word: string): Style | undefined {
  if (TITLE.test(word)) return 'title';
  if (UPPER.test(word)) return 'upper';
  if (LOWER.test(word)) return 'lower';
  return undefined;
}

interface Token {
  word: string;
  start: number;
  end: number;
}

interface Phrase {
  /** the words in name order (a `Lee, Ann` pair turned round) */
  words: string[];
  start: number;
  end: number;
  style: Style;
}

/** Phrases of two or three words in one case, one space apart (or `Last, First`; a middle initial may keep its dot). */
function* phrasesOf(tokens: readonly Token[], text: string): Iterable<Phrase> {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    const style = styleOf(a.word);
    if (style === undefined || a.word.length > 30) continue;
    const gap = text.slice(a.end, b.start);
    if (styleOf(b.word) === style && b.word.length <= 30) {
      if (gap === ' ') yield { words: [a.word, b.word], start: a.start, end: b.end, style };
      else if (gap === ', ' && style !== 'lower') yield { words: [b.word, a.word], start: a.start, end: b.end, style };
    }
    const c = tokens[i + 2];
    if (c === undefined || styleOf(c.word) !== style || c.word.length > 30) continue;
    const middleInitial = INITIAL.test(b.word) && (gap === ' ' || gap === '. ') && /^\.? $/.test(text.slice(b.end, c.start));
    const middleName = gap === ' ' && text.slice(b.end, c.start) === ' ' && styleOf(b.word) === style;
    if (middleInitial || middleName) yield { words: [a.word, b.word, c.word], start: a.start, end: c.end, style };
  }
}

function tokensIn(text: string, from: number, to: number, mailStart: number, mailEnd: number): Token[] {
  const tokens: Token[] = [];
  const window = text.slice(from, to);
  WORD.lastIndex = 0;
  for (let match = WORD.exec(window); match; match = WORD.exec(window)) {
    const start = from + match.index;
    const end = start + match[0].length;
    if (end > mailStart && start < mailEnd) continue;
    // a word glued to digits, `_`, `.`, `/` or `@` is part of an identifier, a path or a host, not of a name
    const before = text[start - 1] ?? ' ';
    const after = text[end] ?? ' ';
    if (/[\p{N}_/@\\]/u.test(before) || /[\p{N}_/@\\]/u.test(after) || (after === '.' && /\p{L}/u.test(text[end + 1] ?? ''))) continue;
    tokens.push({ word: match[0], start, end });
  }
  return tokens;
}

function judgedNames(phrase: Phrase): boolean {
  if (phrase.words.some((word) => NOT_A_NAME.has(word.toLowerCase()))) return false;
  const judged = judgePhrase(phrase.words);
  return judged.judged >= 2 && judged.words < judged.judged;
}

/** A single spelled word: a capitalised pair on the mailbox's line, the spelled word no everyday word, the other no label. */
function oneWordVouches(phrase: Phrase, parts: readonly string[], text: string, mailStart: number): boolean {
  if (phrase.style === 'lower' || phrase.words.length !== 2) return false;
  if (text.slice(phrase.end, mailStart).includes('\n') || text.slice(mailStart, phrase.start).includes('\n')) return false;
  const [first, last] = phrase.words as [string, string];
  const spelledLast = spellings(last).has(parts[0]!);
  const named = spelledLast ? last : first;
  const other = spelledLast ? first : last;
  if (NOT_A_NAME.has(named.toLowerCase()) || NOT_A_NAME.has(other.toLowerCase())) return false;
  if (tokenNameOdds(named) <= WORD_ODDS) return false;
  const adjacent = phrase.end <= mailStart && /^[\s,;:<([{"'–—-]*$/u.test(text.slice(phrase.end, mailStart));
  return adjacent || tokenNameOdds(other) > WORD_ODDS;
}

interface Echo {
  mailStart: number;
  mailEnd: number;
  /** written out against harvesters (`ann.lee at host.no`), not with `@` */
  spelledOut: boolean;
  /** the phrases around it that the mailbox spells and the judge lets be names */
  names: Phrase[];
}

/** Each mailbox at `starts` (`@` or a spelled-out ` at `) with the names in its record that it spells. */
function* echoes(text: string, starts: readonly number[]): Iterable<Echo> {
  for (const at of starts) {
    const after = text.slice(at, at + 256);
    const spelledOut = text[at] !== '@';
    const domain = spelledOut ? SPELLED_DOMAIN.exec(after) : DOMAIN.exec(after);
    if (!domain) continue;
    // a spelled-out mailbox's local part is one run of letters, dots, `_` and `-` (no `+tag`): `even.rouault at …`
    const localEnd = spelledOut && text[at] !== ' ' && text[at - 1] === ' ' ? at - 1 : at;
    const local = (spelledOut ? SPELLED_LOCAL : LOCAL_PART).exec(text.slice(Math.max(0, localEnd - 65), localEnd))?.[0];
    if (local === undefined || local.length < 3 || isRoleAccount(local)) continue;
    const parts = localParts(local);
    if (parts.length === 0 || parts.every((part) => part.length < 2)) continue;
    const mailStart = localEnd - local.length;
    const mailEnd = at + domain[0].length;
    const tokens = tokensIn(text, Math.max(0, at - RECORD_REACH), Math.min(text.length, at + RECORD_REACH), mailStart, mailEnd);
    const names: Phrase[] = [];
    for (const phrase of phrasesOf(tokens, text)) {
      const spelledAs = mailboxSpells(parts, phrase.words);
      if (spelledAs === undefined || !judgedNames(phrase)) continue;
      // one spelled word is weak evidence: only a mailbox the e-mail rule keeps (no placeholder domain, no bot) gives it
      if (spelledAs === 'one' && (spelledOut || !oneWordVouches(phrase, parts, text, mailStart) || !emailNotBot(text.slice(mailStart, mailEnd)))) continue;
      names.push(phrase);
    }
    if (names.length > 0) yield { mailStart, mailEnd, spelledOut, names };
  }
}

function mailboxEchoedNames(text: string, starts: readonly number[] = []): Span[] {
  const spans: Span[] = [];
  const seen = new Set<number>();
  for (const echo of echoes(text, starts)) {
    for (const phrase of echo.names) {
      if (seen.has(phrase.start)) continue;
      seen.add(phrase.start);
      spans.push({ start: phrase.start, end: phrase.end });
    }
  }
  return spans;
}

/** A spelled-out mailbox (` at `, `(at)`, `[dot]`) whose local part spells a name in its record: a person's address. */
function nameSpelledMailboxes(text: string, starts: readonly number[] = []): Span[] {
  const spans: Span[] = [];
  for (const echo of echoes(text, starts)) if (echo.spelledOut && echo.mailEnd <= text.length) spans.push({ start: echo.mailStart, end: echo.mailEnd });
  return spans;
}

export const MAILBOX_ECHOED_NAME_RULE: Rule = {
  id: 'person-name-mailbox-echoed',
  type: 'pii',
  label: 'name',
  description: "a person's name (any case, any print format) within a record of their own mailbox, the mailbox's local part spelled from the name's words",
  keywords: ['@', ' at ', '(at)', '[at]', '<at>', '{at}'],
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
      '$owner\n[1] "Wendell Okonjo"\n\n$mail\n[1] "wokonjo@posteo.net"',
      '#(struct:member "Ilse Brandvold" 1974 "brandvold.i@mailbox.org")',
      'description: vhost for billing, owned by Ottar Lindqvist (ottar.lindqvist@fastmail.com)',
      'Reviewed by Helge Dellmann, dellmann@gmx.de',
      'SVENSSON, ASTRID  astrid.svensson@telia.se',
      'Signed: Birgit M. Haugen <bhaugen@uio.no>',
      '2019-03-02  Even Solbakken  <even.solbakken at vikenfiber.no>',
      'Grete Aasland (grete.aasland [at] posteo [dot] no)',
      'Torvald Brekke                        torvaldb@brekke.net',
    ],
    noMatch: [
      'support team;support.team@example.com',
      'release bot,release-bot@users.noreply.example.com',
      'eirik solheim;ops@posteo.no',
      'git clone git@github.com:org/repo.git',
      'no reply;no.reply@example.com',
      '(:team "Platform Ops" :email "platform.ops@corp.example")',
      'Send Feedback to feedback@example.org',
      'Bug Tracker: tracker@bugs.example.org',
      'the build farm says: farm@ci.example.org is down',
      'Contact Sales <sales@example.com>',
      'Reach Paul Smith at the office at example.org',
      'written by Helge Dellmann, mail dellmann at gmx.de',
      'Signed-off-by: Erin Sample <erin@example.com>',
    ],
  },
};

export const NAME_SPELLED_MAILBOX_RULE: Rule = {
  id: 'email-spelled-out-name-echoed',
  type: 'pii',
  label: 'email',
  description: "an e-mail address written out against harvesters (`name at host.tld`, `(at)`, `[dot]`) whose local part spells a person's name in the same record",
  keywords: [' at ', '(at)', '[at]', '<at>', '{at}'],
  keywordStarts: true,
  detector: nameSpelledMailboxes,
  examples: {
    match: ['2019-03-02  Even Solbakken  <even.solbakken at vikenfiber.no>', 'Grete Aasland (grete.aasland [at] posteo [dot] no)', '"Oddny Rasmussen", "orasmussen at uit.no"'],
    noMatch: ['Reach Paul Smith at the office at example.org', 'see the docs at readthedocs.io', 'Build Farm, farm at ci.example.org', 'Helge Dellmann, dellmann at gmx.de'],
  },
};
