/**
 * People's data an ORM or a database logs as bound to a statement's personal columns: Sequelize
 * `Executing (default): INSERT … VALUES (?,?); "Ingrid Mbeki-Larsson", "Storgatan 18"`, TypeORM
 * `-- PARAMETERS: [...]`, Django `args=(...)`, Rails `[["city", "Uppsala"]]`, a server's
 * `parameters: $1 = '…'`, and `WHERE "full_name" = ?` with its value. The values are paired with
 * their columns by sql-binds.ts (the same reading finds secrets there) and judged as one row, as a
 * table's cells are (personal-cells.ts): nothing unless one value identifies someone in its own shape.
 */
import type { Rule, Span } from '../types.js';
import { columnKind, namesOnly, personalValues } from './personal-cells.js';
import { boundColumnValues, SQL_STATEMENT_KEYWORDS, statementGate, type ColumnValue } from './sql-binds.js';
import { lineBreakAfter } from '../line-bounds.js';

/** A cheap test that a statement names a personal column. */
const PERSONAL_COLUMN_HINT = /name|mail|phone|mobile|tel|addr|street|city|town|zip|post|birth|dob|ssn|iban|passport/i;

/** A logged value as written: quotes doubled or backslash-escaped inside it are one character. */
const loggedValue = (text: string, span: Span) => text.slice(span.start, span.end).replace(/''/g, "'").replace(/\\(["'\\])/g, '$1');

function* judged(text: string, row: readonly ColumnValue[]): Iterable<Span> {
  if (row.length === 0) return;
  const kinds = row.map((value) => columnKind(value.column));
  const removed = personalValues(kinds, row.map((value) => loggedValue(text, value.span)), namesOnly(kinds));
  const gone = new Set<string>();
  for (const [index, value] of row.entries()) {
    if (!removed[index]) continue;
    yield value.span;
    gone.add(text.slice(value.span.start, value.span.end));
  }
  // the same values again as a list after the statement (Django's `; args=('…', '…')` after the SQL it interpolated)
  const lineEnd = lineBreakAfter(text, row[0]!.statement);
  const line = text.slice(row[0]!.statement, lineEnd === -1 ? text.length : lineEnd);
  for (const quoted of line.matchAll(/(['"])((?:(?!\1)[^\\\n]|\\.){1,500})\1/g)) {
    if (!gone.has(quoted[2]!)) continue;
    const start = row[0]!.statement + quoted.index + 1;
    yield { start, end: start + quoted[2]!.length };
  }
}

function* sqlBoundPersonal(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let row: ColumnValue[] = [];
  for (const value of boundColumnValues(text, PERSONAL_COLUMN_HINT, (column) => columnKind(column) !== undefined, keywordStarts)) {
    if (row.length > 0 && row[0]!.statement !== value.statement) {
      yield* judged(text, row);
      row = [];
    }
    row.push(value);
  }
  yield* judged(text, row);
}

export const PERSONAL_BIND_RULE: Rule = {
  id: 'sql-bound-personal',
  type: 'pii',
  label: 'personal-data',
  description: "values an ORM or a database logs as bound to a statement's personal columns (name, e-mail, phone, street, city, postcode, birth date): Sequelize, TypeORM, Django, Rails, SQLAlchemy, a server's `parameters: $1 = …`; judged as one row",
  // every value is read from a statement (boundColumnValues): its first word and the blank after it
  keywords: SQL_STATEMENT_KEYWORDS,
  keywordStarts: true,
  keywordGate: statementGate(PERSONAL_COLUMN_HINT),
  detector: sqlBoundPersonal,
  examples: {
    match: [
      'Executing (default): INSERT INTO `customers` (`id`,`fullName`,`email`,`streetAddress`,`city`) VALUES (DEFAULT,?,?,?,?); "Ingrid Mbeki-Larsson", "ingrid.ml@outlook.com", "Storgatan 18", "Uppsala"',
      'query: INSERT INTO "customer"("name", "email", "city") VALUES ($1, $2, $3) RETURNING "id" -- PARAMETERS: ["Casimir Throndsen","casimir.t@gmx.net","Oslo"]',
      "INSERT INTO customers (full_name, phone, city) VALUES ($1, $2, $3)\nDETAIL:  parameters: $1 = 'Ayesha Oduya', $2 = '07700 900832', $3 = 'Leeds'",
      'Executing (default): UPDATE `customers` SET `phone`=? WHERE `fullName` = ?; "+47 412 55 999", "Casimir Throndsen"',
      `(0.000) UPDATE "crm_customer" SET "city" = 'Burnaby' WHERE "crm_customer"."full_name" = 'Emrys Castellanos'; args=('Burnaby', 'Emrys Castellanos')`,
      `(0.001) UPDATE "crm_client" SET "city" = 'Tromsø' WHERE "crm_client"."full_name" = 'Signe Vatne'; args = ('Tromsø', 'Signe Vatne')`,
    ],
    noMatch: [
      'query: INSERT INTO "host"("name", "address") VALUES ($1, $2) -- PARAMETERS: ["db-primary.lan","10.4.0.12"]',
      'Executing (default): INSERT INTO `products` (`id`,`name`,`price`) VALUES (DEFAULT,?,?); "Trail Runner 2", 89.5',
      "INSERT INTO customers (email, city) VALUES ($1, $2)\nDETAIL:  parameters: $1 = 'noreply@github.com', $2 = 'Oslo'",
      'Release notes: select the city name, then update the address book.',
    ],
  },
};
