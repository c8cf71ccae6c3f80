/**
 * A street address as the value of a key that names one, in whatever print format holds it: a
 * shell variable (`SHIP_TO="Ermou 92, …"`), a report line (`addr: …`), a Lisp pair
 * (`("address" . "…")`), an R list element (`$address` then `[1] "…"`), a struct's printed field.
 * The key says what the value is; the value must still have a street's shape (a house number and a
 * name, `address-fields.ts`), so `ip_address: 10.0.0.1` or `address: 0x7ffd` never are. Keys in
 * several languages (`Adresse`, `dirección`, `indirizzo`, `endereço`, `osoite`); a prefix only when
 * it says whose or which address it is (`billing_address`, `home_addr`), never a network's or a
 * mailbox's (`ip_address`, `email_address`, `bind_address`); `Location` only with a town after the street.
 * A street-shaped quoted field is an address too, keyless, when its line holds a person's e-mail
 * address or phone number (a struct printed by position: `(customer "Ann Lee" "ann@…" "+47 …" "Storgata 14")`).
 */
import type { Rule, Span } from '../types.js';
import { isKnownWord } from '../names/name-model.js';
import { streetLike } from './address-fields.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

const PREFIX = String.raw`(?:home|billing|bill|shipping|ship|postal|post|mailing|street|delivery|residential|residence|customer|user|contact|physical|office|work|business|permanent|current|primary|secondary|invoice|correspondence|private|legal|registered|full|my|your|his|her|their)`;
const ADDRESS_WORD = String.raw`(?:location|addr|address|adresse|adres|adresa|anschrift|direcci[oó]n|direccion|indirizzo|endere[cç]o|osoite|street|stra(?:ß|ss)e|domicile|domicilio)`;
/**
 * The key (bare, quoted, a shell or R `$` sigil, a Lisp keyword's colon), its separator (`:`, `=`,
 * `=>`, a dotted pair's ` . `, R's `[1]` on the next line) and the value (quoted, or to the end of
 * the line).
 */
const KEYED_VALUE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_-])[$:"']?(?:(?:${PREFIX})[ _-]?${ADDRESS_WORD}|${ADDRESS_WORD}|ship[_-]?to|bill[_-]?to|deliver[_-]?to)["'\]]?(?:[ \t]*(?:=>|:=|=|:|,)[ \t]*|[ \t]+\.[ \t]+|[ \t]*\n[ \t]*\[1\][ \t]+)(?:"([^"\n]{4,160})"|'([^'\n]{4,160})'|([^\s"'\[{(<][^\n]{3,160}))`,
  'iuyd',
);
/** The characters of a key before the hint (`billing_`, `$`, `"home-`). */
const KEY_BEFORE = /[$:"'\w-]{0,24}$/;
/** A printed record's quoted field (`"Nowy Świat 45"`), for the records that hold a person's contact data. */
const QUOTED_FIELD = /"([^"\n]{4,80})"/g;
/** A person's contact datum on the same line: an e-mail address or an international phone number. */
const CONTACT = /[\w.+-]@[\w-]+\.[\w.-]|(?:^|[\s"'(,])\+[1-9]\d{0,3}[ .-]?\(?\d/;
/** A locality after the street (`, 10178 Berlin`): a `location` key says an address only with one. */
const LOCALITY_AFTER = /,[ ]?(?:\d[\d -]{2,8}[ ])?\p{Lu}/u;

/** An English word and a number alone (`Version 2`, `Room 12`, `Chapter 3`): a street's shape, no street's name. */
function wordAndNumber(value: string): boolean {
  const pair = /^(\p{L}+)[ ]\d{1,5}$/u.exec(value);
  return pair !== null && isKnownWord(pair[1]!.toLowerCase());
}

/** Street-shaped quoted fields of a line that also holds an e-mail address or a phone number (a struct printed by position). */
function contactRecordStreets(text: string, spans: Span[]): void {
  // whether a line holds a contact datum is asked once per line, not once per street on it
  let line = { start: -1, contact: false };
  QUOTED_FIELD.lastIndex = 0;
  for (let match = QUOTED_FIELD.exec(text); match; match = QUOTED_FIELD.exec(text)) {
    // most quoted fields hold no digit or no space: no street, no need to judge
    if (!/\d/.test(match[1]!) || !match[1]!.includes(' ') || !streetLike(match[1]!) || wordAndNumber(match[1]!)) continue;
    const lineStart = lineBreakBefore(text, match.index) + 1;
    if (lineStart !== line.start) {
      const lineEnd = lineBreakAfter(text, match.index);
      line = { start: lineStart, contact: CONTACT.test(text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd)) };
    }
    if (!line.contact) continue;
    spans.push({ start: match.index + 1, end: match.index + 1 + match[1]!.length });
  }
}

function keyedStreets(text: string, starts: readonly number[] = []): Span[] {
  const spans: Span[] = [];
  let done = 0;
  for (const hintAt of starts) {
    if (hintAt < done) continue;
    const hint = { index: hintAt };
    const from = hint.index - KEY_BEFORE.exec(text.slice(Math.max(0, hint.index - 24), hint.index))![0].length;
    // the key may start anywhere in the identifier before the hint (`$address`, `"address"`, `billing_address`)
    for (let at = from; at <= hint.index; at++) {
      // a key starts the identifier or one of its parts (after `_`, `-`, a sigil or a quote)
      if (at > from && at < hint.index && !/[$:"'_-]/.test(text[at - 1]!)) continue;
      KEYED_VALUE.lastIndex = at;
      const match = KEYED_VALUE.exec(text);
      if (!match) continue;
      done = match.index + match[0].length;
      const group = match[1] !== undefined ? 1 : match[2] !== undefined ? 2 : 3;
      const raw = match[group]!;
      const value = raw.replace(/[\s,;)\]}]+$/, '');
      if (!streetLike(value)) break;
      if (/location/i.test(match[0].slice(0, match[0].length - raw.length)) && !LOCALITY_AFTER.test(value)) break;
      const start = match.indices![group]![0];
      spans.push({ start, end: start + value.length });
      break;
    }
  }
  return spans;
}

function contactRecordAddresses(text: string): Span[] {
  const spans: Span[] = [];
  if (CONTACT.test(text)) contactRecordStreets(text, spans);
  return spans;
}

export const KEYED_STREET_VALUE_RULE: Rule = {
  id: 'address-keyed-street-value',
  type: 'pii',
  label: 'address',
  description: 'a street address (house number and name) as the value of a key that names an address, in any print format (`addr:`, `SHIP_TO=`, `("address" . …)`, R `$address`)',
  keywords: ['location', 'addr', 'adres', 'anschrift', 'direcci', 'indirizzo', 'endere', 'osoite', 'street', 'straße', 'strasse', 'ship', 'bill', 'deliver', 'domicil'],
  keywordStarts: true,
  detector: keyedStreets,
  examples: {
    match: [
      'declare -- SHIP_TO="Ermou 92, Dublin D02 VX88"',
      '  addr: Vinohradská 82, 1060 Wien',
      '(("name" . "Nneka Okafor")\n ("address" . "Ulica Długa 55, 33000 Bordeaux"))',
      '$address\n[1] "Storgata 14, 0155 Oslo"',
      'Adresse: Rue du Faubourg 12, 1003 Lausanne',
      'home_addr=27 Ancoats Street, Manchester',
      '\tLocation: Kungsgatan 44, 111 35 Stockholm',
    ],
    noMatch: ['ip_address: "Server 2"', 'bind_address = 0.0.0.0:8080', 'address: 0x7ffd5c3a', 'email_address: ann@example.org', 'addr: see README 3', 'street: unknown', 'Location: Room 101'],
  },
};

export const CONTACT_RECORD_STREET_RULE: Rule = {
  id: 'address-contact-record-street',
  type: 'pii',
  label: 'address',
  description: "a street-shaped quoted field (house number and name) on a line that holds a person's e-mail address or phone number: a struct printed by position",
  keywords: ['@', '"+'],
  detector: contactRecordAddresses,
  examples: {
    match: ['(member "Oona Rautio" "oona.r@elisa.fi" "+358 40 123 4567" "Mannerheimintie 12")', '#(struct:guest "Ilkka Salo" "+358 50 765 4321" "Hämeenkatu 9")'],
    noMatch: ['(release "Version 2" "notes.txt" "dev@lists.example.org")', '(member "Oona Rautio" "oona.r@elisa.fi")\n(note "Room 12")'],
  },
};
