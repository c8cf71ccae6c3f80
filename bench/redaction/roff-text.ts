/**
 * Man page source (man and mdoc macros) to plain lines, close enough for reading option headings
 * and their paragraphs: fonts and escapes dropped, `.BR a b` joined, mdoc's `Fl p Ar pass` read
 * as `-p pass`. Paragraph macros (`.TP`, `.IP`, `.PP`, `.It`, `.Sh`) become blank lines, so a
 * heading and its description are separate paragraphs in the output.
 */

const ESCAPES: readonly [RegExp, string][] = [
  [/\\f(?:\[[^\]]*\]|\(..|.)/g, ''],
  [/\\s[+-]?\d/g, ''],
  [/\\\(em|\\\(en/g, '-'],
  [/\\\(aq/g, "'"],
  [/\\\(lq|\\\(rq|\\\(dq/g, '"'],
  [/\\\(.{2}/g, ''],
  [/\\\[[^\]]*\]/g, ''],
  [/\\\*\(..|\\\*./g, ''],
  [/\\-/g, '-'],
  [/\\[ ~0]/g, ' '],
  [/\\[&|^%c]/g, ''],
  [/\\e/g, '\\'],
];

function unescapeRoff(line: string): string {
  let out = line;
  for (const [pattern, replacement] of ESCAPES) out = out.replace(pattern, replacement);
  return out;
}

/** The arguments of a macro line, quotes honoured. */
/** The arguments of a macro line, quotes and escaped blanks (`\ `) honoured, then unescaped. */
function macroArgs(rest: string): string[] {
  const args: string[] = [];
  for (const match of rest.matchAll(/"((?:[^"]|"")*)"|((?:\\ |\S)+)/g)) args.push(unescapeRoff((match[1] ?? match[2] ?? '').replaceAll('""', '"')));
  return args;
}

const PARAGRAPH = new Set(['TP', 'IP', 'PP', 'LP', 'P', 'SH', 'SS', 'Sh', 'Ss', 'It', 'Pp', 'HP', 'TQ', 'sp', 'RS', 'RE']);
const ALTERNATING = new Set(['BR', 'RB', 'IR', 'RI', 'BI', 'IB']);
/** mdoc words that only format: dropped. */
const MDOC_SILENT = new Set(['Ar', 'Op', 'Oo', 'Oc', 'Cm', 'Li', 'Em', 'Sy', 'Va', 'Dq', 'Qq', 'Sq', 'Pa', 'Ev', 'Ic', 'Xo', 'Xc', 'Ql', 'Dl', 'No', 'Nm', 'Bd', 'Ed', 'Bl', 'El']);

function mdocLine(name: string, args: string[]): string {
  const words = [name, ...args];
  let out = '';
  let glue = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === 'Ns') {
      glue = true;
      continue;
    }
    if (word === 'Fl') {
      const next = words[i + 1];
      const flag = next && !/^[A-Z][a-z]$/.test(next) ? `-${next}` : '-';
      if (next && flag !== '-') i += 1;
      out += (out && !glue ? ' ' : '') + flag;
      glue = false;
      continue;
    }
    if (MDOC_SILENT.has(word) || word === 'It') continue;
    out += (out && !glue ? ' ' : '') + word;
    glue = false;
  }
  return out;
}

export function roffToLines(source: string): string[] {
  const lines: string[] = [];
  // the line after `.TP` is its tag: a paragraph of its own
  let tagNext = false;
  const push = (line: string) => {
    lines.push(line);
    if (tagNext && line.trim()) {
      lines.push('');
      tagNext = false;
    }
  };
  for (const raw of source.split('\n')) {
    // comments, empty requests and the ends of conditional blocks (`.\}`)
    if (/^[.'](?:\\"|\s*$|\s*\\[{}])/.test(raw)) continue;
    const macro = /^[.']\s*([A-Za-z]{1,3})(?:\s+(.*))?$/.exec(raw);
    if (!macro) {
      push(unescapeRoff(raw));
      continue;
    }
    const name = macro[1]!;
    const args = macroArgs(macro[2] ?? '');
    if (PARAGRAPH.has(name)) lines.push('');
    if (name === 'TP' || name === 'TQ') {
      tagNext = true;
      continue;
    }
    if ((name === 'IP' || name === 'HP') && args[0]) {
      lines.push(args[0], '');
      continue;
    }
    if (name === 'It' || /^[A-Z][a-z]$/.test(name)) {
      const text = mdocLine(name, args);
      if (text) push(text);
      if (name === 'It') lines.push('');
    } else if (ALTERNATING.has(name)) push(args.join(''));
    else if (name === 'B' || name === 'I' || name === 'SM' || name === 'SB') push(args.join(' '));
  }
  return lines;
}

/** Plain lines into paragraphs (runs of non-blank lines joined by a space). */
export function paragraphs(lines: readonly string[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length) out.push(current.join(' ').replace(/\s+/g, ' ').trim());
      current = [];
    } else current.push(line.trim());
  }
  if (current.length) out.push(current.join(' ').replace(/\s+/g, ' ').trim());
  return out;
}
