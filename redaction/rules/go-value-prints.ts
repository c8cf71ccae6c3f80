/**
 * Family `generic`: a secret in a Go value printed with plain `%v` (`fmt.Println(cfg)`,
 * `log.Printf("%v", cfg)`): a struct prints as its fields' values apart by spaces in braces,
 * with no field names (`{db.internal 5432 billing Kq7!marble3Vz}`, `&{…}` for a pointer, nested
 * structs as nested braces). With no name to go by, a field is a secret when it is shaped like a
 * generated password (lone-secret-output.ts's judgement): hosts, ports, user names, URLs, bools,
 * durations, pointers and digests stay.
 */
import type { Rule, Span } from '../types.js';
import { passwordToken } from './lone-secret-output.js';
import { placedSecret } from './placed-secret.js';

/** The innermost braces of a printed value: bare fields apart by single spaces, none quoted, no `key: value`, no code's punctuation. */
const STRUCT = /\{([^{}\s"'`,;=][^{}\n"'`,;=]{2,600}?)\}/y;
const MAX_FIELDS = 40;

function* goStructFields(text: string): Iterable<Span> {
  // each `{` found natively; the pattern is tried only where a bare field follows it (JSON's `{"` and code's `{ ` do not)
  for (let open = text.indexOf('{'); open !== -1; open = text.indexOf('{', open + 1)) {
    const next = text.charCodeAt(open + 1);
    if (next === 34 || next === 32 || next === 10 || next === 123 || next === 125 || next === 39) continue;
    STRUCT.lastIndex = open;
    const match = STRUCT.exec(text);
    if (!match) continue;
    const body = match[1]!;
    // a struct's fields are apart by one space; prose and code have words apart by more, or `: `
    if (/ {2}|\t|: /.test(body)) continue;
    const fields = body.split(' ');
    if (fields.length < 2 || fields.length > MAX_FIELDS) continue;
    let at = match.index + 1;
    for (const field of fields) {
      if (passwordToken(field)) yield { start: at, end: at + field.length };
      at += field.length + 1;
    }
  }
}

export const GO_VALUE_PRINT_RULES: readonly Rule[] = [
  placedSecret(
    'go-struct-value-secret',
    "a password-shaped field of a Go struct printed with plain %v (`{host 5432 user Kq7!marble3Vz}`, `&{…}`, nested braces), where no field's name is printed",
    { keywords: ['{'], label: 'secret' },
    goStructFields,
    {
      match: [
        '{db.internal 5432 billing Kq7!marble3Vz}',
        '&{smtp.example.org:587 relay-bot Tz4#harbor9Lw true}',
        'config: loaded {prod {db.internal 5432 billing Hn5$tundra8Qp} 0xc0000a0040 {https://api.example.org rT5hKw2PzL9mVx4QnB8y 30}}',
      ],
      noMatch: [
        '{db.internal 5432 billing ${DB_PASSWORD}}',
        '{prod {db.internal 5432 billing <nil>} 0xc0000a0040 {https://api.example.org 30s}}',
        '{"password": "Kq7!marble3Vz"}',
        'if err != nil { return fmt.Errorf("dial: %w", err) }',
        '{Host:db.internal Port:5432}',
        '{web-7f9c8d5b6-x2lkq Running 3 2026-11-27}',
        '{msg_01XFDUDYJgAACzvnptvVoYEL user HttpClient5Builder}',
      ],
    },
  ),
];
