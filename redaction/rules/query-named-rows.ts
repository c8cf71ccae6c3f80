/**
 * Family `generic`: secrets in the rows a SQL shell prints without a header, read with the column
 * names of the `SELECT` just above them. `fossil sql "SELECT login, pw FROM user"`, `sqlite3` and
 * `sqlcipher` in their default list (`a|b`), quote (`'a','b'`) and csv modes, `psql -tA`, `mysql
 * -N` print only the rows, so the header-reading rules have nothing to go by; the statement,
 * echoed on the command line or by the shell, names each column in order. A cell under a
 * password/secret/token column is judged like a value assigned to that name (hashes, masks, empty
 * and `NULL` stay).
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { isStoredHashOrDigest } from '../secret-policy.js';
import { lineBreakAfter } from '../line-bounds.js';

const MAX_ROWS = 500;
const MAX_LINE = 4000;
/** The select list up to `FROM`, on one line: `SELECT uid, login, pw FROM user`. */
const SELECT_LIST = /\bselect[ \t]+(?:distinct[ \t]+)?([^\r\n;]{1,600}?)[ \t]+from[ \t]/iy;
/**
 * A password column's cell in a database's rows that is all hex of a digest's length (16: MySQL's old
 * `PASSWORD()` and Fossil's anonymous login; 32, 40, 56, 64, 96, 128: MD5, SHA1, SHA-2) is the stored
 * hash programs keep there, not the password (README, "What counts as a secret": rule 3); a token or
 * key column's hex is the secret itself (rule 1).
 */
const DIGEST_HEX = /^(?:[0-9a-fA-F]{16}|[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{56}|[0-9a-fA-F]{64}|[0-9a-fA-F]{96}|[0-9a-fA-F]{128})$/;
/** One item's name: its alias (`AS name` or a trailing word) or the column itself (`t.col`). */
const ITEM_NAME = /(?:^|[.\s])["`[]?([A-Za-z_]\w{0,40})["`\]]?$/;

function columnNames(list: string): (string | null)[] | undefined {
  const items: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(list.slice(from, i));
      from = i + 1;
    }
  }
  items.push(list.slice(from));
  if (items.length < 2 || items.some((item) => item.includes('*'))) return undefined;
  return items.map((item) => {
    const trimmed = item.trim();
    if (/\)$/.test(trimmed)) return null;
    return ITEM_NAME.exec(trimmed)?.[1] ?? null;
  });
}

/**
 * A row whose cells are the select list's names is a header (`psql`'s aligned output: ` login | pw`
 * above `-------+----`): the rows under it are read by the header-reading rules, and its padding is no cell value.
 */
function isHeaderRow(line: string, cells: readonly Cell[], names: readonly (string | null)[]): boolean {
  return cells.every((cell, i) => {
    const name = names[i];
    return name == null || line.slice(cell.start, cell.end).trim().toLowerCase() === name.toLowerCase();
  });
}

interface Cell {
  readonly start: number;
  readonly end: number;
}

/** Cells of a row separated by `sep`, quoted with `'` or `"` (a doubled quote inside) or bare. */
function splitRow(line: string, sep: string): Cell[] | undefined {
  const cells: Cell[] = [];
  let i = 0;
  for (;;) {
    const quote = line[i];
    if (quote === "'" || quote === '"') {
      let j = i + 1;
      for (;;) {
        const close = line.indexOf(quote, j);
        if (close === -1) return undefined;
        if (line[close + 1] === quote) j = close + 2;
        else {
          j = close;
          break;
        }
      }
      cells.push({ start: i + 1, end: j });
      i = j + 1;
      if (i === line.length) return cells;
      if (line[i] !== sep) return undefined;
      i++;
    } else {
      const next = line.indexOf(sep, i);
      const end = next === -1 ? line.length : next;
      cells.push({ start: i, end });
      if (next === -1) return cells;
      i = next + 1;
    }
  }
}

function rowCells(line: string, width: number): Cell[] | undefined {
  for (const sep of ['|', ',', '\t']) {
    if (!line.includes(sep)) continue;
    const cells = splitRow(line, sep);
    if (cells?.length === width) return cells;
  }
  return undefined;
}

function* namedRows(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    SELECT_LIST.lastIndex = at;
    const select = SELECT_LIST.exec(text);
    if (!select) continue;
    const names = columnNames(select[1]!);
    if (!names) continue;
    const secretColumns = names.flatMap((name, index) => (name && classifyName(name) ? [index] : []));
    if (secretColumns.length === 0) continue;
    let lineStart = lineBreakAfter(text, at + select[0].length);
    for (let row = 0; lineStart !== -1 && row < MAX_ROWS; row++) {
      lineStart++;
      let lineEnd = lineBreakAfter(text, lineStart);
      if (lineEnd === -1) lineEnd = text.length;
      const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
      if (line.length === 0 || line.length > MAX_LINE) break;
      const cells = rowCells(line, names.length);
      if (!cells || isHeaderRow(line, cells, names)) break;
      for (const index of secretColumns) {
        const cell = cells[index]!;
        const name = names[index]!;
        const value = line.slice(cell.start, cell.end);
        // a stored hash or a digest is no secret (secret-policy.ts), nor is digest-length hex in a table's password column
        if (isStoredHashOrDigest(value, name) || (classifyName(name) === 'password' && DIGEST_HEX.test(value))) continue;
        if (sensitiveValue(name, value)) yield { start: lineStart + cell.start, end: lineStart + cell.end };
      }
      lineStart = lineEnd === text.length ? -1 : lineEnd;
    }
  }
}

export const QUERY_NAMED_ROW_RULES: readonly Rule[] = [
  // judged as an assignment's value, without the shields of values found by place alone: in a password
  // column a password is one whatever its shape (rule 1), as `pw = 'x'` is (`tWqKmzrbnh` reads as camelCase words to the shields)
  withoutValueShield(placedSecret(
    'query-named-row-cell',
    'Secrets in headerless SQL shell rows (list, quote, csv modes) under a password/secret/token column named by the SELECT above them',
    { keywords: ['select'], keywordStarts: true, label: 'secret' },
    namedRows,
    {
      match: [
        `$ fossil sql "SELECT name, passwd, role FROM accounts"\n'kestrel','Vq7rTn2wLp','admin'\n'heron','','viewer'`,
        'sqlite> SELECT id, api_token FROM hooks;\n1|tk_9fQ2mWx7LrPz4KcV\n2|tk_Hs3bN8yTq1ZdR6uE',
        '$ sqlite3 -csv app.db "select user, secret as client_secret from clients"\nbuildbot,"Pz8-kW3q_Lm7Rt2V"\n',
        // a token's hex in a table is the token
        "sqlite> SELECT id, api_token FROM hooks;\n1|3a7bd3e2360a3d29eea436fcfb7e44c735d117c4",
        `$ fossil sql "SELECT login, pw FROM user"\n'relay','tWqKmzrbnh'`,
      ],
      noMatch: [
        'sqlite> SELECT id, name FROM hooks;\n1|Vq7rTn2wLp',
        // a stored hash: by its name, by its form, or hex of a digest's length in a table's password column (rule 3)
        `$ fossil sql "SELECT login, pw, cap FROM user"\n'kestrel','3a7bd3e2360a3d29eea436fcfb7e44c735d117c4','s'\n'anonymous','9C0A4E1B7D2F6358','hmnc'`,
        "mysql -N -e 'select user, password from mysql.user'\nbackup\t2470c0c06dee42fd",
        "sqlite> SELECT login, pw_hash FROM user;\nkestrel|5b1e0c9d7a2f48e3b6c1d0a9f8e7d6c5b4a39281",
        "mysql -N -e 'select user, password from mysql.user'\nbackup\t*6C8989366EAF75BB670AD8EA7A7FC1176A95CEF4",
        'sqlite> SELECT count(password), max(id) FROM users;\n42|7',
        'SELECT login, pw FROM user\nthe two columns are printed next',
        // psql's aligned header (its padding is no value); the rows under it are left to the header-reading rules
        "$ psql -c 'SELECT usename, passwd FROM pg_shadow'\n usename  |            passwd            \n----------+------------------------------\n",
        `$ fossil sql "SELECT login, pw FROM user"\n'relay',''\n'mirror',NULL`,
      ],
    },
  )),
];

function withoutValueShield(rule: Rule): Rule {
  const { shield: _shield, ...judgedByItself } = rule;
  return judgedByItself;
}
