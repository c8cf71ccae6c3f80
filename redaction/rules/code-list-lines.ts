/**
 * Lines of a list that code wraps over several lines: a call's arguments, an array's items, a C
 * initializer, a union type's members. Read as a table, each such line looks like a header or a
 * row of one width (`    alias, keyobj,` over `    chain, extra,`), and a member named like a
 * secret would make the members below it its cells.
 */

/** What a viewer puts before a file's line: a `cat -n` or Read tool's number. */
const LINE_NUMBER = /^[ \t]*\d{1,7}(?:→|\t)/;

/**
 * Is `line` a wrapped list's line for `separator`: indented, and ending in a comma or a semicolon
 * (whatever the separator: a table definition's columns are split by tabs) or, for `|`, starting
 * with the bar without closing on one (`    | Kind.Member`)? Table
 * printers and CSV writers start a row at the margin, end a header on its last name, and a
 * Markdown row that opens with `|` closes with one.
 */
export function wrappedCodeListLine(line: string, separator: string): boolean {
  const numbered = LINE_NUMBER.exec(line);
  const content = (numbered ? line.slice(numbered[0].length) : line).trimEnd();
  if (!/^[ \t]+\S/.test(content)) return false;
  // a column list of a table's definition (`\tpass\t\ttext,`) ends its lines in a comma whatever splits them
  if (content.endsWith(',') || content.endsWith(';')) return true;
  if (separator === '|') return content.trimStart().startsWith('|') && !content.endsWith('|');
  return false;
}
