/**
 * What a person's name looks like once its place says a name may stand there: two to four
 * capitalised words in any cased script (`Priya Raman`, `Zoë Lefèvre-Martin`, `Seán O'Connor`,
 * `Иван Петров`), particles between them (`Ruud van der Berg`, `Ahmad bin Salleh`), initials
 * (`J. R. Okafor`), or two to four Han / Hangul characters, or two to four Arabic, Devanagari or Hebrew words. Not a tool, a team, a bot, a title in
 * a workflow (`Run Tests`), nor a placeholder (`Your Name`, `John Doe`).
 */
import { isAnyName, phraseIsStronglyName, phraseIsWords } from '../names/name-judge.js';

/** A capitalised name word: `Raman`, `Lefèvre-Martin`, `O'Brien-Kavanagh`, `McAllister`, `D'Souza`, an initial. */
const CAPITALISED = /^(?:\p{Lu}\.|(?:(?:Mc|Mac|O['’]|D['’])\p{Lu}[\p{Ll}\p{M}]+|\p{Lu}[\p{Ll}\p{M}]+)(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*)$/u;
/** (also written with a space between family and given name, as Japanese and Korean often are: `宇佐美 美沙紀`, `김 민준`, or given name first: `민준 남궁`) */
const UNCASED_NAME = /^(?:[\p{Script=Han}]{2,4}|[\p{Script=Hangul}]{2,4}|[\p{Script=Han}]{1,4}[ \u3000][\p{Script=Han}]{1,4}|[\p{Script=Hangul}]{1,3}[ ][\p{Script=Hangul}]{1,3})$/u;
/** Two to four words of a script without capitals (`محمد العلي`, `राहुल शर्मा`, `דנה לוי`): only where a field's name says a name stands there. */
const UNCASED_WORDS = /^(?:[\p{Script=Arabic}]{2,12}(?:[ ][\p{Script=Arabic}]{2,12}){1,3}|[\p{Script=Devanagari}]{2,12}(?:[ ][\p{Script=Devanagari}]{2,12}){1,3}|[\p{Script=Hebrew}]{2,12}(?:[ ][\p{Script=Hebrew}]{2,12}){1,3})$/u;
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'dei', 'degli', 'los', 'las', 'di', 'da', 'das', 'do', 'dos', 'du', 'la', 'le', 'bin', 'binti', 'bint', 'ibn', 'al', 'el', 'ter', 'ten', 'y', 'zu', 'zum', 'zur', 'vom', 'af', 'av', 'ó', 'ní', 'nic', 'uí', 'ua', 'mac', 'ap']);

/**
 * Words that make a capitalised phrase something else: tools, products, teams, bots, roles,
 * the verbs and nouns of CI step names and headings, and the words of placeholders.
 */
const NOT_NAME_WORDS = new Set(
  (
    'github gitlab bitbucket actions action bot bots dependabot renovate claude copilot codex gemini anthropic openai google microsoft apple amazon ' +
    'team teams support admin administrator root service services system notifications notification security ops devops release releases ' +
    'build builds deploy deployment production staging test tests testing example examples sample demo dummy fake placeholder user users ' +
    'your my our their name names first last full firstname lastname surname person customer client contact owner author authors maintainers ' +
    'contributors developers project projects company inc ltd llc gmbh corp corporation foundation group labs studio software ' +
    'the and of for with to in on at by from new old run install setup set check update upload download cache node lint checkout create ' +
    'publish start stop main default dependencies dependency server client api app application web data database manager ' +
    'unknown anonymous nobody somebody someone everyone guest tester reviewer bug fix feature docs readme changelog license ' +
    'not committed yet some thing shipping delivery express standard priority ' +
    'pull request requests merge issue issues commit commits branch fork repo repository ' +
    'mustermann musterfrau bloggs doe roe lorem ipsum foo bar baz qux ' +
    // review, lint and coverage services that sign their reviews (`Reviewed by Code Rabbit`)
    'code rabbit coderabbit sonar sonarcloud sonarqube codecov coveralls codacy snyk sourcery greptile deepsource bugbot qodo ellipsis graphite ' +
    'lint linter cloud source reviewbot gpt llm cursor windsurf ' +
    // bodies that sign as authors and maintainers in package metadata (`Author: Python Packaging Authority`)
    'authority association society institute consortium community council committee organization organisation ' +
    'university college collective initiative alliance agency department ministry academy centre center laboratory ' +
    // distributions' robots that sign changelogs (`Debian Janitor`)
    'janitor debian ubuntu autobuilder ' +
    // languages that sign as bodies (`Python Packaging`, `Perl Porters`)
    'python perl ' +
    // the words of bodies in other languages (`Stichting …`, `… Stiftung`, `Fondation …`)
    'stichting stiftung verein fondation fundación fundacion fundação fondazione fundacja nadace ' +
    'högskola högskolan universitet universität universitat università universidad universidade université uniwersytet institut instituto istituto hochschule akademie'
  ).split(' '),
);

/**
 * Upper-case words that are no name, for a value printed all in capitals (COBOL records, forms,
 * banners): status words and headings a record prints where a name might stand.
 */
const NOT_NAME_UPPER = new Set(
  (
    'error errors code codes not found none null nil true false yes no ok okay failed failure fatal warning warn info debug ' +
    'invalid valid active inactive pending closed open opened approved denied rejected unknown record records field fields ' +
    'total totals count sum end eof file files status report page date time customer account balance amount filler ' +
    'acme corp'
  ).split(' '),
);

/** Two to four words of letters in one case, capitals or lower (`MIRELA OSTERKAMP`, `seán ó briain`, `OSTERKAMP, MIRELA`). */
const ONE_CASE_WORDS = /^[\p{L}\p{M}'’.-]+(?:,?[ ][\p{L}\p{M}'’.-]+){1,3}$/u;

/**
 * A phrase all in capitals or all in lower case that the name judge calls a name beyond doubt: no
 * word of it a stop word, every word name-like and one of them on the public name lists.
 */
function oneCaseName(text: string): boolean {
  if (!ONE_CASE_WORDS.test(text) || (/\p{Lu}/u.test(text) && /\p{Ll}/u.test(text))) return false;
  const words = wordsOf(text);
  if (words.some((word) => NOT_NAME_WORDS.has(word.toLowerCase().replace(/[.'’]/g, '')) || NOT_NAME_UPPER.has(word.toLowerCase()))) return false;
  return phraseIsStronglyName(words);
}

/** `MIRELA OSTERKAMP`, `SEÁN Ó BRIAIN` → `Mirela Osterkamp`, `Seán Ó Briain`: each word's tail lower-cased. */
function titleCased(text: string): string {
  return text.replace(/\p{Lu}+/gu, (run) => run[0] + run.slice(1).toLowerCase());
}

/** The words of a candidate (spaces and a `Last, First` comma between them). */
function wordsOf(text: string): string[] {
  return text.trim().replace(/,(?=\s)/, '').split(/\s+/);
}

/** `Surname, Given`: one comma after the first word or words, then a space. */
const INVERTED = /^[^,]+,\s[^,]+$/;

/**
 * Whether the particle at `index` stands where particles do: between names, or, in a name written
 * surname first (`van der Berg, Pieter`, `Berg, Pieter van der`) or alone as a surname, at either end.
 */
function particleFits(words: readonly string[], index: number, endsAllowed: boolean): boolean {
  if (index > 0 && index < words.length - 1) return true;
  return endsAllowed && words.some((word) => !PARTICLES.has(word.toLowerCase()));
}

/**
 * True when `text` is a person's name; `single` also takes one capitalised word (a cell under
 * `first_name`, a value of `last_name`). `keyed`: a key names a person here (`author`, `owner`,
 * `Full Name`), so a name that is also everyday words (`Mark Twain`, `Rose Hill`, `Grant Wood`) is
 * one: a phrase is words only when none of it is on a name list.
 */
export function isPersonName(text: string, options: { single?: boolean; upper?: boolean; keyed?: boolean } = {}): boolean {
  if (text.length < 2 || text.length > 70) return false;
  let trimmed = text.trim();
  // all in capitals, where the caller's place allows it (a key that names a person): judged title-cased
  if (options.upper === true && /\p{Lu}{2}/u.test(trimmed) && !/\p{Ll}/u.test(trimmed)) {
    if (trimmed.split(/[\s,]+/).some((word) => NOT_NAME_UPPER.has(word.toLowerCase()))) return false;
    trimmed = titleCased(trimmed);
  }
  if (UNCASED_NAME.test(trimmed) || UNCASED_WORDS.test(trimmed)) return true;
  // in capitals or lower case where the caller did not ask for capitals: a name only beyond doubt
  if (!/\p{Lu}[\p{Ll}\p{M}]/u.test(trimmed)) return options.single !== true && oneCaseName(trimmed);
  const words = wordsOf(trimmed);
  const endsAllowed = options.single === true || INVERTED.test(trimmed);
  let capitalised = 0;
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    if (NOT_NAME_WORDS.has(lower.replace(/[.'’]/g, ''))) return false;
    if (PARTICLES.has(lower) && particleFits(words, index, endsAllowed)) continue;
    if (!CAPITALISED.test(word)) return false;
    capitalised += 1;
  }
  const initials = words.filter((word) => word.endsWith('.')).length;
  if (capitalised - initials < 1 || words.at(-1)!.endsWith('.')) return false;
  if (options.single === true) return capitalised >= 1 && capitalised <= 4;
  // shaped like a name; the judge turns away phrases that are plainly words (`Hello World`, `Laravel Framework`)
  if (capitalised < 2 || capitalised > 4) return false;
  if (options.keyed === true && words.some((word) => isAnyName(word.replace(/[,.]$/, '')))) return true;
  return !phraseIsWords(words);
}

/** A word of a name written as its owner writes it: capitalised, in capitals (`NIIBE`, `PAGÈS`), `d'Itri`, an initial with or without its dot. */
const WRITTEN_NAME_WORD = /^(?:\p{Lu}\.?|\p{Lu}[\p{Ll}\p{M}]*(?:\p{Lu}[\p{Ll}\p{M}]+)*(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*|\p{Lu}[\p{Lu}\p{M}]+|(?:d|l|dell)['’]\p{Lu}[\p{Ll}\p{M}]+)$/u;

/**
 * True when `text` has a person's name's shape alone, with no judging of its words: two to five
 * words written as names (`Donal Fellows`, `NIIBE Yutaka`, `Marco d'Itri`, `Y Giridhar Appaji Nag`),
 * particles between them, at least one that is more than an initial (`R Phillips`), none a word of a tool, a team
 * or a placeholder. Only for places where something else already says whose it is: a program's
 * format (a changelog's entry heading) or the person's own address beside it.
 */
export function hasWrittenNameShape(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 5 || text.length > 70) return false;
  let full = 0;
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    if (NOT_NAME_WORDS.has(lower.replace(/[.'’]/g, ''))) return false;
    if (PARTICLES.has(lower) && index > 0 && index < words.length - 1) continue;
    if (!WRITTEN_NAME_WORD.test(word)) return false;
    if (!/^\p{Lu}\.?$/u.test(word)) full += 1;
  }
  // all in capitals is a heading or an acronym's expansion, not a name as its owner writes it
  return (full >= 2 || (full === 1 && words.length >= 2)) && /\p{Ll}/u.test(text);
}

/**
 * The longest run of last words in `text` that is a name (`a1b2c3d Priya Raman`, `Reviewed by
 * Priya Raman`): [offset, length] in `text`, or undefined.
 */
export function trailingName(text: string): { start: number; end: number } | undefined {
  const end = text.trimEnd().length;
  const body = text.slice(0, end);
  const starts = [...body.matchAll(/(?<=^|\s)\S/gu)].map((m) => m.index);
  for (let from = Math.max(0, starts.length - 6); from < starts.length - 1; from++) {
    const start = starts[from]!;
    if (isPersonName(body.slice(start))) return { start, end };
  }
  const last = starts.at(-1);
  if (last !== undefined && UNCASED_NAME.test(body.slice(last))) return { start: last, end };
  return undefined;
}

/** What separates an addressee from the address after it: a comma, or a line break (real or JSON-escaped). */
const ADDRESSEE_SEPARATOR = /(?:,[ ]?|[ \t]*(?:\r?\n|\\n)[ \t]*)$/;
/** Where the addressee's part starts: after a quote, a label's colon, a tag, a bracket, a cell border or a line break. */
const ADDRESSEE_BOUNDARY = /(?:^|["'`:>([{|\t\n]|\\n)[ ]*([^"'`:>([{|\t\n\\]*)$/;

/**
 * The start of a person's name written as the first line or part of the address that starts at
 * `start` (`Priya Raman\n12 Rose Lane, …`, `"Priya Raman\\n12 Rose Lane …"`, `Ship to: Priya Raman, 12 Rose Lane …`):
 * an address block names the person it belongs to. Undefined when the part before is no name.
 */
export function addresseeStart(text: string, start: number): number | undefined {
  const before = text.slice(Math.max(0, start - 90), start);
  const separator = ADDRESSEE_SEPARATOR.exec(before);
  if (!separator) return undefined;
  const segment = ADDRESSEE_BOUNDARY.exec(before.slice(0, separator.index))?.[1];
  if (segment === undefined || !isPersonName(segment.trim())) return undefined;
  const lead = segment.length - segment.trimStart().length;
  return start - before.length + separator.index - segment.length + lead;
}

/** A company's legal form at the end of its name (`Acme GmbH`, `Globex Ltd.`, `Initech B.V.`). */
export const LEGAL_FORM = /[ ](?:GmbH|AG|KG|OHG|UG|e\.V\.|Ltd|Limited|LLC|LLP|L\.L\.C\.|Inc|Corp|Corporation|PLC|plc|S\.A\.|SA|SAS|SARL|S\.r\.l\.|Srl|S\.p\.A\.|SpA|B\.V\.|BV|N\.V\.|NV|Oy|Oyj|AB|ApS|A\/S|ASA|Sp\.[ ]z[ ]o\.o\.|s\.r\.o\.|a\.s\.|Kft|Zrt|Pty(?:[ ]Ltd)?|K\.K\.|Co\.,[ ]Ltd)\.?$/;

/**
 * True when the address that starts at `start` is written under a company's name with its legal
 * form (`Acme GmbH, Friedrichstraße 68, 10117 Berlin`): a business's address, nobody's home. A
 * name before the company (`Priya Raman, c/o Acme GmbH, …`) keeps it a person's.
 */
export function companyAddressee(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 90), start);
  const separator = ADDRESSEE_SEPARATOR.exec(before);
  if (!separator) return false;
  const segment = ADDRESSEE_BOUNDARY.exec(before.slice(0, separator.index))?.[1]?.trim();
  return segment !== undefined && !segment.includes(',') && !/^c\/o\b/i.test(segment) && LEGAL_FORM.test(segment);
}
