/**
 * A person's data as the OCaml toplevel prints values: records (`{name = "Ann Lee"; email = …}`,
 * wrapped over lines, nested, under `Some`), the strings it echoes for `let` bindings, judged as
 * one record by their variables' names (`val name : string = "Ann Lee"`, `val street : …`), and
 * exceptions or variants whose constructor names a person (`Exception: Customer_not_found "Ann
 * Lee".`, `Customer ("Ann Lee", "Storgata 5")`: its other strings are that person's), and a name
 * in a tuple of strings beside an e-mail or phone. Values found are followed where they are
 * printed again.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';
import { type PrintedField, personalFieldSpans, withEchoes } from './personal-printed-fields.js';
import { type Replacement, underscored, withReplacements } from './read-groups.js';

type ParentedRecord = PrintedField[] & { parent?: string };

/** A record holding no other: `{` then `field = …` (a module path may qualify the first field). */
const RECORD = /\{((?:[A-Z]\w*\.)?[a-z_][\w']{0,60} = [^{}]{0,4000})\}/g;
const RECORD_FIELD = /(?:^|;\s*)(?:[A-Z]\w*\.)?([a-z_][\w']{0,60}) = (?:Some )?"((?:[^"\\\n]|\\.){0,500})"/dg;
/** `val name : string = "Ann Lee"` (one line each). */
const VAL_STRING = /^(?:# )?val ([a-z_][\w']{0,60}) : string =\s+"((?:[^"\\\n]|\\.){1,500})"$/gm;
/** A constructor and its string arguments (`Customer_not_found "Ann Lee"`, `Person ("Ann Lee", "…")`), and the words that make it a person's. */
const CONSTRUCTOR = /\b([A-Z][\w']{2,80}) \(?((?:"(?:[^"\\\n]|\\.){1,200}"(?:, )?)+)\)?/g;
const PERSON_WORD = /Person|Customer|Client|Employee|Member|Patient|Student|Contact|Owner|Holder|Tenant|Guest|_(?:person|customer|client|employee|member|patient|student|contact|owner)/;
/** A tuple of strings (`("Ann Lee", "Storgata 5", "+47 41 22 33 44")`): a name in it is someone's when an e-mail or a phone stands beside it. */
const STRING_TUPLE = /\(("(?:[^"\\\n]|\\.){1,200}"(?:,\s+"(?:[^"\\\n]|\\.){1,200}"){1,8})\)/g;
const CONTACT = /^(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d ()-]{6,20}\d)$/;
const ARGUMENT = /"((?:[^"\\\n]|\\.){1,200})"/dg;

function* ocamlFields(text: string): Iterable<Span> {
  const records: ParentedRecord[] = [];
  if (text.includes(' = ')) {
    let work = text;
    for (let depth = 0; depth < 4; depth++) {
      const read: Replacement[] = [];
      for (const found of work.matchAll(RECORD)) {
        const body = found[1]!;
        const bodyStart = found.index + 1;
        const record: ParentedRecord = [];
        for (const field of body.matchAll(RECORD_FIELD)) {
          const at = field.indices![2]!;
          record.push({ name: field[1]!, value: { start: bodyStart + at[0], end: bodyStart + at[1] } });
        }
        record.parent = /([a-z_][\w']{0,60}) =\s*(?:Some )?$/.exec(work.slice(Math.max(0, found.index - 64), found.index))?.[1];
        records.push(record);
        read.push(underscored(found.index, found[0].length));
      }
      // (each replacement changes the text: its `{` becomes `_`)
      if (read.length === 0) break;
      work = withReplacements(work, read);
    }
  }
  if (text.includes('val ')) {
    const bindings: PrintedField[] = [];
    for (const found of text.matchAll(VAL_STRING)) {
      const start = found.index + found[0].length - found[2]!.length - 1;
      bindings.push({ name: found[1]!, value: { start, end: start + found[2]!.length } });
    }
    records.push(bindings);
  }
  for (const record of records) if (record.length > 0) yield* personalFieldSpans(text, record, record.parent);
  for (const found of text.matchAll(CONSTRUCTOR)) {
    if (!PERSON_WORD.test(found[1]!)) continue;
    const args = found[2]!;
    const argsStart = found.index + found[0].indexOf(args);
    const values = [...args.matchAll(ARGUMENT)];
    // the constructor's other strings are the data of the person it names
    if (!values.some((argument) => isPersonName(argument[1]!))) continue;
    for (const argument of values) {
      const at = argument.indices![1]!;
      if (/[\p{L}\d]/u.test(argument[1]!)) yield { start: argsStart + at[0], end: argsStart + at[1] };
    }
  }
  if (text.includes('", "')) {
    for (const found of text.matchAll(STRING_TUPLE)) {
      const values = [...found[1]!.matchAll(ARGUMENT)];
      if (!values.some((argument) => CONTACT.test(argument[1]!))) continue;
      const argsStart = found.index + 1;
      for (const argument of values) {
        const at = argument.indices![1]!;
        if (isPersonName(argument[1]!)) yield { start: argsStart + at[0], end: argsStart + at[1] };
      }
    }
  }
}

/**
 * What says a text is the toplevel's: `# val x : t =`, `val x` at a line's start (also the
 * text's first: `ocaml -noprompt` prints no `# `), `- : t =`, `Exception:`.
 */
const TOPLEVEL_PRINT = /(?:^|\n|\\n|# )val |- : |exception:/i;

function ocamlPersonal(text: string): Iterable<Span> {
  return TOPLEVEL_PRINT.test(text) ? withEchoes(text, ocamlFields(text)) : [];
}

export const PERSONAL_OCAML_VALUE_RULE: Rule = {
  id: 'personal-ocaml-value',
  type: 'pii',
  label: 'personal-data',
  description:
    'personal values in what the OCaml toplevel prints: records under personal field names (`{name = "…"; street = "…"}`), `val name : string = "…"` bindings judged together, and a person\'s name in a constructor that names a person (`Customer_not_found "…"`)',
  // what the toplevel prints before a value (TOPLEVEL_PRINT checks where `val` stands)
  keywords: ['val ', '- : ', 'exception:'],
  detector: ocamlPersonal,
  examples: {
    match: [
      'val p : person =\n  {name = "Halvard Brekke"; email = "halvard.brekke@online.no"}',
      '# val p : person =\n  {name = "Halvard Brekke"; email = "halvard.brekke@online.no";\n   phone = "+47 912 34 567"; street = "Kirkegata 14"}',
      '# val w : who =\n  {name = "Sigrid Aune";\n   home = {street = "Munkegata 20"; postcode = "7011"; town = "Trondheim"}}',
      '# Exception: Customer_not_found "Tove Dahl".',
      '# val cc : c = Customer ("Tove Dahl", "Bygdøy allé 23")',
      '# val name : string = "Tove Dahl"\n# val street : string = "Bygdøy allé 23"',
      '# val t : string * string * string =\n  ("Mats Holm", "Storgata 5", "+47 41 22 33 44")',
    ],
    noMatch: [
      '# val s : service = {name = "orders"; host = "db.internal"}',
      '# Exception: Not_found.',
      '# Exception: User_error "Invalid Config".',
      '# Exception: Customer_not_found "ACME Ltd".',
      '# val name : string = "orders"',
      'case class Customer(name: String)\nobject Seed { val c = Customer("Tove Dahl") }\n  val p = ("Tove Dahl", "tove@example.org")',
      '# val t : string * string = ("Release Notes", "v1.2.3")',
    ],
  },
};
