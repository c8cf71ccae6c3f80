/**
 * A street address as the value of a key that names one, in whatever print format holds it: a
 * shell variable (`SHIP_TO="Ermou 92, …"`), a report line (`addr: …`), a Lisp pair
 * (`("address" . "…")`), an R list element (`$address` then `[1] "…"`), a struct's printed field.
 * The key says what the value is; the value must still have a street's shape (a house number and a
 * name, `address-fields.ts`), so `ip_address: 10.0.0.1` or `address: 0x7ffd` never are. Keys in
 * several languages (`Adresse`, `dirección`, `indirizzo`, `endereço`, `osoite`); a prefix only when
 * it says whose or which address it is (`billing_address`, `home_addr`), never a network's or a
 * mailbox's (`ip_address`, `email_address`, `bind_address`).
 */
import type { Rule, Span } from '../types.js';
import { streetLike } from './address-fields.js';

const PREFIX = String.raw`(?:home|billing|bill|shipping|ship|postal|post|mailing|street|delivery|residential|residence|customer|user|contact|physical|office|work|business|permanent|current|primary|secondary|invoice|correspondence|private|legal|registered|full|my|your|his|her|their)`;
const ADDRESS_WORD = String.raw`(?:addr|address|adresse|adres|adresa|anschrift|direcci[oó]n|direccion|indirizzo|endere[cç]o|osoite|street|stra(?:ß|ss)e|domicile|domicilio)`;
/**
 * The key (bare, quoted, a shell or R `$` sigil, a Lisp keyword's colon), its separator (`:`, `=`,
 * `=>`, a dotted pair's ` . `, R's `[1]` on the next line) and the value (quoted, or to the end of
 * the line).
 */
const KEYED_VALUE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_-])[$:"']?(?:(?:${PREFIX})[ _-]?${ADDRESS_WORD}|${ADDRESS_WORD}|ship[_-]?to|bill[_-]?to|deliver[_-]?to)["'\]]?(?:[ \t]*(?:=>|:=|=|:|,)[ \t]*|[ \t]+\.[ \t]+|[ \t]*\n[ \t]*\[1\][ \t]+)(?:"([^"\n]{4,160})"|'([^'\n]{4,160})'|([^\s"'\[{(<][^\n]{3,160}))`,
  'giu',
);

function keyedStreets(text: string): Span[] {
  const spans: Span[] = [];
  KEYED_VALUE.lastIndex = 0;
  for (let match = KEYED_VALUE.exec(text); match; match = KEYED_VALUE.exec(text)) {
    const raw = match[1] ?? match[2] ?? match[3]!;
    const value = raw.replace(/[\s,;)\]}]+$/, '');
    if (!streetLike(value)) continue;
    const start = match.index + match[0].length - raw.length;
    spans.push({ start, end: start + value.length });
  }
  return spans;
}

export const KEYED_STREET_VALUE_RULE: Rule = {
  id: 'address-keyed-street-value',
  type: 'pii',
  label: 'address',
  description: 'a street address (house number and name) as the value of a key that names an address, in any print format (`addr:`, `SHIP_TO=`, `("address" . …)`, R `$address`)',
  keywords: ['addr', 'adres', 'anschrift', 'direcci', 'indirizzo', 'endere', 'osoite', 'street', 'straße', 'strasse', 'ship', 'bill', 'deliver', 'domicil'],
  detector: keyedStreets,
  examples: {
    match: [
      'declare -- SHIP_TO="Ermou 92, Dublin D02 VX88"',
      '  addr: Vinohradská 82, 1060 Wien',
      '(("name" . "Nneka Okafor")\n ("address" . "Ulica Długa 55, 33000 Bordeaux"))',
      '$address\n[1] "Storgata 14, 0155 Oslo"',
      'Adresse: Rue du Faubourg 12, 1003 Lausanne',
      'home_addr=27 Ancoats Street, Manchester',
    ],
    noMatch: ['ip_address: "Server 2"', 'bind_address = 0.0.0.0:8080', 'address: 0x7ffd5c3a', 'email_address: ann@example.org', 'addr: see README 3', 'street: unknown'],
  },
};
