/**
 * Author names in one-line `git log` output (`--pretty='%h %an %s'`, `%h - %an, %ar : %s`, the
 * `lg` alias's `… (2 days ago) <Priya Raman>`, tab- or bar-separated fields): a line that starts
 * with an abbreviated hash and carries a person's name in a field of its own. A plain
 * `git log --oneline` has subjects where the name would be (`a1b2c3d Docker Compose support`):
 * a name followed straight by a subject is taken only in a run of such lines, most of which hold
 * one, or when a field's border (`, `, ` - `, ` | `, a tab, a date) closes it.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

/** Graph drawing before a hash (`* `, `| * `), the hash (with a digit in it), its field border. */
const HASH_LINE = /^(?:[{[]?"[\w-]+"[ ]?:[ ]?")?[*|\\/ ^]*(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}(?:[ \t]+[-|:][ \t]+|[ \t]+)/;
/** Dates and times git prints in a field before the author (`2024-03-12`, `10:22:01`, `+0100`). */
const DATE_FIELD = /^(?:\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?(?:[ ][+-]\d{4})?)(?:[ \t]+[-|][ \t]+|[ \t]+)/;
/** `git blame` with any date format or `-c` (tabs): an optional file name, then `(Priya Raman 2024-03-12`. */
const BLAME_AUTHOR = /^(?:[^\s(]+[ ]+)?\([ \t]*([^()\t\n]{2,60}?)[ \t]+\d{4}-\d\d-\d\d\b/;
/** `(3 days ago) <Priya Raman>` or `[Priya Raman]` ending the line: the author put after the subject. */
const TRAILING_AUTHOR = /(?:\)[ ]<([^<>@\n]{2,60})>|[ ]\[([^[\]@\n]{2,60})\]|[ ]\(([^(),@\n]{2,60}),[ ]\d+[ ]\w+[ ]ago\)|[ ]-[ ]([^-@\n]{2,60}))[ \t]*$/;
/** What closes an author field: a comma, a dash or bar, a tab, an e-mail, a date, a relative date. */
const FIELD_END = /^(?:[,:][ ]|[ ]+[-|][ ]|\t|[ ]<[^>\n]*@|[ ]\(?\d{4}-\d\d-\d\d|[ ]\d+[ ](?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)[ ]ago)/;
/** A subject's start right after a name: a lower-case word, a conventional-commit type, a commit verb. */
const SUBJECT_START = /^[ ](?:\p{Ll}|[\w-]+(?:\([^)\n]*\))?!?:[ ]|(?:Add|Adds|Added|Fix|Fixes|Fixed|Update|Updates|Remove|Bump|Merge|Revert|Refactor|Improve|Use|Make|Move|Rename|Implement|Support|Allow|Handle|Change|Initial|Release|Create|Delete|Clean|Replace|Enable|Disable|Drop|Introduce|Extract|Simplify|Avoid|Prevent|Ensure|Document|Switch|Upgrade|Pin|Skip|Tweak|Adjust|Restore|Migrate|Set|Wip|WIP)\b)/u;
/** Capitalised words that begin subjects, not names (`Initial Commit`, `Bump Lodash`). */
const NOT_AUTHOR_WORDS = new Set(
  ('add adds added fix fixes fixed update updates updated remove removed bump merge merged revert refactor improve use make move rename ' +
    'implement support allow handle change initial release create delete clean replace enable disable drop introduce extract simplify ' +
    'avoid prevent ensure document switch upgrade pin skip tweak adjust restore migrate commit wip docs chore feat style perf ci ' +
    'pull request branch version readme changelog').split(' '),
);

interface Candidate {
  name: Span;
  /** a field border closes the name (strong), or a subject follows it (weak) */
  closed: boolean;
}

/** The author field of the line at [start, end), if the line is a one-line log entry with one. */
function authorOf(text: string, start: number, end: number): Candidate | 'hash-only' | undefined {
  const line = text.slice(start, end);
  const hash = HASH_LINE.exec(line);
  if (!hash) return undefined;
  const blame = BLAME_AUTHOR.exec(line.slice(hash[0].length));
  if (blame && isAuthor(blame[1]!)) {
    const at = start + line.indexOf(blame[1]!, hash[0].length);
    return { name: { start: at, end: at + blame[1]!.length }, closed: true };
  }
  const trailing = TRAILING_AUTHOR.exec(line);
  const trailingName = trailing?.[1] ?? trailing?.[2] ?? trailing?.[3] ?? trailing?.[4];
  if (trailingName !== undefined && isAuthor(trailingName)) {
    const at = start + trailing!.index + trailing![0].indexOf(trailingName);
    // `%s - %an` is closed only by the run it stands in: a subject may end with ` - Part Two`
    return { name: { start: at, end: at + trailingName.length }, closed: trailing![4] === undefined };
  }
  let from = hash[0].length;
  const date = DATE_FIELD.exec(line.slice(from));
  if (date) from += date[0].length;
  const words = line.slice(from).split(/(?=[ ,:\t<(|])/, 6);
  for (let count = Math.min(4, words.length); count >= 2; count--) {
    const name = words.slice(0, count).join('');
    if (!isAuthor(name)) continue;
    const after = line.slice(from + name.length);
    const closed = after.length === 0 ? false : FIELD_END.test(after);
    if (closed || after.length === 0 || SUBJECT_START.test(after)) return { name: { start: start + from, end: start + from + name.length }, closed };
  }
  return 'hash-only';
}

function isAuthor(name: string): boolean {
  return isPersonName(name) && !name.split(/\s+/).some((word) => NOT_AUTHOR_WORDS.has(word.toLowerCase()));
}

/** Line starts: the text's start and after every real or JSON-escaped line break. */
function lineBounds(text: string): Array<[number, number]> {
  const bounds: Array<[number, number]> = [];
  const escaped = !text.includes('\n') && text.includes('\\n');
  const breakText = escaped ? '\\n' : '\n';
  let start = 0;
  for (;;) {
    const next = text.indexOf(breakText, start);
    const end = next < 0 ? text.length : next;
    bounds.push([start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end]);
    if (next < 0) return bounds;
    start = next + breakText.length;
  }
}

const isHex = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 102);
/** Graph drawing and the `^` of a boundary commit: `*`, `|`, `\\`, `/`, space, `^`. */
const isGraph = (code: number) => code === 42 || code === 124 || code === 92 || code === 47 || code === 32 || code === 94;

/** Seven hex characters at `at`, after optional graph drawing. */
function hashAt(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && i - at < 12 && isGraph(text.charCodeAt(i))) i += 1;
  for (let k = 0; k < 7; k++) if (!isHex(text.charCodeAt(i + k))) return false;
  return true;
}

const LINE_START_MARKS = [['\n', 1], ['\\n', 2]] as const;
const NONE: readonly Span[] = [];

/** A hash at a line start (after a real or a JSON-escaped break), found with `indexOf` rather than a search at every character. */
function mayHoldHashLine(text: string): boolean {
  if (hashAt(text, 0)) return true;
  for (let m = 0; m < LINE_START_MARKS.length; m++) {
    const [mark, skip] = LINE_START_MARKS[m]!;
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + skip)) if (hashAt(text, at + skip)) return true;
  }
  return false;
}

/** The rule runs on every string: most are turned away by the cheap check, without a generator made for them. */
function commitLogAuthors(text: string): Iterable<Span> {
  return text.length < 12 || !mayHoldHashLine(text) ? NONE : authorsInLog(text);
}

function* authorsInLog(text: string): Iterable<Span> {
  let run: Array<Candidate | 'hash-only'> = [];
  const flush = function* () {
    const found = run.filter((entry): entry is Candidate => entry !== 'hash-only');
    // names only followed by subjects count when most lines of a run of two or more hold one
    const runHolds = found.length >= 2 && found.length * 2 > run.length;
    for (const entry of found) if (entry.closed || runHolds) yield entry.name;
    run = [];
  };
  for (const [start, end] of lineBounds(text)) {
    const entry = end - start > 400 ? undefined : authorOf(text, start, end);
    if (entry === undefined) yield* flush();
    else run.push(entry);
  }
  yield* flush();
}

export const COMMIT_LOG_NAME_RULE: Rule = {
  id: 'git-log-author',
  type: 'pii',
  label: 'name',
  description: 'the author field of one-line `git log` output (a hash, then the name closed by a field border, or names before subjects on most lines of a run)',
  keywords: [],
  detector: commitLogAuthors,
  examples: {
    match: [
      '9e1b7d0 Ingeborg Lund add retry to uploader\n4c2aa11 Tadeusz Mazur docs: update README\ne77d3f2 Ingeborg Lund Bump zod',
      'ca82a6d - Wiremu Tane, 6 years ago : changed the version number',
      '* 5f1e2d3 - (HEAD -> main) tidy the parser (2 days ago) <Leopold Adebayo>',
      'a1b2c3d\tOrsolya Kertész\t2024-05-02\tfix flaky test',
      '3c4d5e6 2024-05-02 Radomir Kovač | rework cache',
      '9fceb02 2024-03-01 Radomir Kovač: fix parser',
      '9fceb02 fix parser (Radomir Kovač, 2 days ago)',
      '9fceb02 fix parser - Radomir Kovač\n1a2b3c4 bump deps - Ifeoma Chukwu',
      '{"stdout":"9e1b7d0 Radomir Kovač add retry\\n4c2aa11 Ifeoma Chukwu docs: update"}',
      '^a1b2c3d (Ifeoma Chukwu 2021-01-02 14) const x = 1;',
      'b7c8d9e0\t(  Ifeoma Chukwu\t2024-03-12 10:22:01 +0100\t14)return x;',
    ],
    noMatch: [
      'a1b2c3d Docker Compose support\nb2c3d4e Add retry to uploader\nc3d4e5f Fix typo in README\nd4e5f6a Python Packaging cleanup',
      'a1b2c3d Initial Commit',
      '00000000 (Not Committed Yet 2024-11-02 4) let y = x - 1;',
      'deadbeef Merge Pull Request from feature',
      '4c2aa11 Bump Lodash from 4.17.20 to 4.17.21',
      '4c2aa11 tidy the parser - Part Two',
      '  12  Getting Started\n  13  Next Steps',
    ],
  },
};
