/**
 * Personal-data classes the v14 blind corpus found (by category name only), reproduced with real
 * programs and made-up people (test/pii-captures/v14-classes/, how each was made is in its
 * README): Tcl dicts and `parray`, Guile records, Clojure maps, records and `ex-info` errors,
 * OCaml toplevel records and exceptions, share comments in `testparm`; and the same shapes from
 * SBCL and Python's configparser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'pii-captures', 'v14-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

const HALVARD = ['Halvard Brekke', 'halvard.brekke@online.no', '+47 912 34 567', 'Kirkegata 14'];
const SIGRID = ['Sigrid Aune', 'sigrid.aune@posteo.no'];
const TOVE = ['Tove Dahl', 'tove.dahl@gmail.com', 'Bygdøy allé 23'];
const MATS = ['Mats Holm', '+47 41 22 33 44'];

/** Each capture, the people's values planted in it, and lines of no one's data that stay as they are. */
const CAPTURES: Record<string, { planted: readonly string[]; kept: readonly string[] }> = {
  'tcl-8.6-dicts-parray.txt': { planted: [...HALVARD, ...SIGRID, ...TOVE, ...MATS, 'Ola Nordmann'], kept: ['name orders host db.internal owner platform', 'host=db.internal'] },
  'guile-3.0-records-alists.txt': { planted: [...HALVARD, ...SIGRID, ...TOVE, 'Storgata 5', 'Mats Holm', 'mats.holm@gmail.com'], kept: ['#<<service> name: "orders" host: "db.internal">'] },
  'guile-3.0-nested-and-repl-records.txt': { planted: [...TOVE, 'Mats Holm', 'Oslo'], kept: [] },
  'clojure-1.11-prn-records-maps.txt': { planted: [...HALVARD, ...SIGRID, 'Tove Dahl', 'Bygdøy allé 23', ...MATS, 'Trondheim', 'Munkegata 20', 'Storgata 5'], kept: ['{:name "orders", :host "db.internal"}'] },
  'clojure-1.11-ex-info.txt': {
    planted: ['Tove Dahl', 'tove.dahl@gmail.com', ...MATS, 'Sigrid Aune', 'Trondheim', 'Åse Kristin Ødegård', 'ase.odegard@online.no', '+47 900 11 222', 'Ingrid', 'Solberg', '1990-02-14', 'Marius Berg-Olsen', 'marius.berg@outlook.com', 'Jonas Lie', 'Kari Nordahl', 'Thorvald Meyers gate 41'],
    kept: [' :cause "Lookup failed"', '[clojure.lang.Compiler eval "Compiler.java" 7194]'],
  },
  'clojure-1.11-repl-ex-info.txt': { planted: ['Tove Dahl', 'Storgata 5'], kept: ['user=> after'] },
  'ocaml-4.13-toplevel-records-exceptions.txt': { planted: [...HALVARD, ...SIGRID, 'Tove Dahl', 'Bygdøy allé 23', 'Oslo', 'Mats Holm', 'mats.holm@gmail.com', 'Storgata 5'], kept: ['# val s : service = {name = "orders"; host = "db.internal"}'] },
  'ocaml-4.13-toplevel-record-shapes.txt': {
    planted: ['Tove Dahl', '+47 41 22 33 44', 'tove.dahl@gmail.com', 'Mats Holm', 'mats.holm@gmail.com', ...SIGRID, 'Munkegata 20', 'Trondheim', '1984-03-12', '12038412345', 'Halvard Christoffer Brekke-Lindqvist', 'halvard.christoffer.brekke@online.no', 'Thorvald Meyers gate 41', '+47 912 34 567', 'Bygdøy allé 23'],
    kept: ['val ob : < name : string > = <obj>'],
  },
  // `Storgata 5, Oslo` in a description is an address in prose, not this class: not asserted
  'samba-testparm-share-comments.txt': { planted: ['Halvard Brekke', ...SIGRID, 'Mats Holm', '+47 41 22 33 44', 'Tove Dahl'], kept: ['\tcomment = Home Directories', '\tcomment = Public files', '\tworkgroup = EXAMPLE'] },
  'python-3.11-configparser-comments.txt': { planted: ['Halvard Brekke', 'Tove Dahl'], kept: ['comment = Public files'] },
  'sbcl-2.2.9-structs-plists-alists.txt': { planted: ['Halvard Brekke', 'halvard.brekke@online.no', 'Kirkegata 14', ...TOVE, 'Sigrid Aune', 'Trondheim', 'Munkegata 20', ...MATS, 'Storgata 5'], kept: ['(:NAME "orders" :HOST "db.internal")'] },
};

describe("v14 personal-data classes in real programs' output", () => {
  it.each(Object.entries(CAPTURES))('%s: every planted value is removed, the rest stays', (file, { planted, kept }) => {
    const text = read(file);
    for (const value of [...planted, ...kept]) expect(text).toContain(value);
    const out = createTextRedactor('research')(text).text;
    for (const value of planted) expect(out).not.toContain(value);
    for (const line of kept) expect(out).toContain(line);
  });
});
