/**
 * A postal address written as an object's fields, as payment and commerce APIs send it: Stripe's
 * `address` (`line1`, `line2`, `postal_code`, `city`) under `billing_details`, `shipping` and
 * `customer_details`, Shopify's `billing_address` (`address1`, `address2`, `zip`, `city`),
 * PayPal's `address_line_1`, `admin_area_2`, `postal_code`, Paddle's `first_line`, `second_line`.
 * One field with a street in it makes the object an address: its other lines, its postcode and
 * its town go with it. The object is the braces around the street field (JSON, a Python dict, a
 * Ruby hash, a JavaScript literal); escaped JSON is read decoded (`carriers.ts`).
 */
import type { Rule, Span } from '../types.js';

/** The fields that hold a street (first line). */
const STREET_KEY = /^(?:(?:address|addr|street)[_-]?(?:line)?[_-]?1|line[_-]?1|first[_-]?line|street(?:[_-]?address)?|address[_-]?line)$/i;
/** The other fields of an address that name where someone lives. */
const SECOND_LINE_KEY = /^(?:(?:address|addr|street)[_-]?(?:line)?[_-]?[23]|line[_-]?[23]|second[_-]?line|apartment|apt|suite|unit)$/i;
const POSTCODE_KEY = /^(?:postal[_-]?code|post[_-]?code|zip(?:[_-]?code)?|postcode|eircode|plz)$/i;
const TOWN_KEY = /^(?:city|town|locality|admin[_-]?area[_-]?2|suburb)$/i;
/** Another field that only an address object has (so that `{"street": …}` alone is not enough). */
const ADDRESS_SIBLING_KEY = /^(?:country(?:[_-]?code)?|state|province(?:[_-]?code)?|region|county|admin[_-]?area[_-]?1)$/i;

/** A field in an object: a key (quoted, Ruby symbol or bare), a separator, a quoted string or a number. */
const FIELD_SCAN = /(?<![\w-])["':]?(?<key>[A-Za-z][\w-]{0,30})["']?[ \t]*(?:=>|:|=)[ \t]*(?:"(?<dq>[^"\n\\]{0,160})"|'(?<sq>[^'\n\\]{0,160})'|(?<num>\d{3,10})(?![\w.]))/g;
/** The street fields' keys, found before any object is read. */
const STREET_KEY_AT = /["'\s{,:](?:(?:address|addr|street)[_-]?(?:line)?[_-]?1|line[_-]?1|first[_-]?line|street(?:[_-]?address)?|address[_-]?line)["']?[ \t]*(?:=>|:|=)/gi;

const MAX_OBJECT = 900;

/** A street line: a number and a word (`27 Ancoats Street`, `Storgata 14`, `Calle 93 #11-27`, `2-21-1 Shibuya`). */
function streetLike(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length < 4 || trimmed.length > 120 || !/\d/.test(trimmed) || !/\p{L}{2,}/u.test(trimmed)) return false;
  // an e-mail, a URL, a path, a template or a code is no street
  return !/@|:\/\/|^[./~$]|\{\{|\$\{|^[A-Z0-9_-]+$|^[\da-f-]{8,}$/i.test(trimmed);
}

/** The object around `at`: from the `{` that opens it to the `}` that closes it, within MAX_OBJECT characters. */
function objectAround(text: string, at: number): { start: number; end: number } | undefined {
  let depth = 0;
  let start = -1;
  for (let i = at; i >= Math.max(0, at - MAX_OBJECT); i--) {
    const char = text[i];
    if (char === '}') depth += 1;
    else if (char === '{') {
      if (depth === 0) {
        start = i;
        break;
      }
      depth -= 1;
    }
  }
  if (start < 0) return undefined;
  depth = 0;
  for (let i = at; i < Math.min(text.length, start + MAX_OBJECT * 2); i++) {
    const char = text[i];
    if (char === '{') depth += 1;
    else if (char === '}') {
      if (depth === 0) return { start, end: i + 1 };
      depth -= 1;
    }
  }
  return undefined;
}

interface Field {
  key: string;
  value: Span;
}

/** The fields of the object at its own level (nested objects skipped). */
function fieldsOf(text: string, object: { start: number; end: number }): Field[] {
  const fields: Field[] = [];
  const body = text.slice(object.start + 1, object.end - 1);
  FIELD_SCAN.lastIndex = 0;
  let depth = 0;
  let scanned = 0;
  for (let match = FIELD_SCAN.exec(body); match; match = FIELD_SCAN.exec(body)) {
    for (let i = scanned; i < match.index; i++) {
      if (body[i] === '{' || body[i] === '[') depth += 1;
      else if (body[i] === '}' || body[i] === ']') depth -= 1;
    }
    scanned = match.index;
    if (depth !== 0) continue;
    const groups = match.groups!;
    const raw = groups.dq ?? groups.sq ?? groups.num!;
    const offset = match[0].length - raw.length - (groups.num === undefined ? 1 : 0);
    const start = object.start + 1 + match.index + offset;
    fields.push({ key: groups.key!, value: { start, end: start + raw.length } });
  }
  return fields;
}

function* addressFields(text: string): Iterable<Span> {
  let done = 0;
  STREET_KEY_AT.lastIndex = 0;
  for (let key = STREET_KEY_AT.exec(text); key; key = STREET_KEY_AT.exec(text)) {
    if (key.index < done) continue;
    const object = objectAround(text, key.index);
    if (!object) continue;
    done = object.end;
    const fields = fieldsOf(text, object);
    const value = (field: Field) => text.slice(field.value.start, field.value.end);
    const street = fields.find((field) => STREET_KEY.test(field.key) && streetLike(value(field)));
    if (!street) continue;
    const others = fields.filter((field) => field !== street);
    if (!others.some((field) => POSTCODE_KEY.test(field.key) || TOWN_KEY.test(field.key) || ADDRESS_SIBLING_KEY.test(field.key))) continue;
    yield street.value;
    for (const field of others) {
      const v = value(field).trim();
      if (v === '' || /^(?:null|none|nil|undefined|n\/a)$/i.test(v)) continue;
      if (SECOND_LINE_KEY.test(field.key) && /[\p{L}\d]/u.test(v)) yield field.value;
      else if (POSTCODE_KEY.test(field.key) && /^[A-Za-z\d][A-Za-z\d -]{1,10}$/.test(v) && /\d/.test(v)) yield field.value;
      else if (TOWN_KEY.test(field.key) && /^\p{L}[\p{L}\p{M} '’.-]{1,40}$/u.test(v)) yield field.value;
    }
  }
}

export const ADDRESS_FIELDS_RULE: Rule = {
  id: 'address-fields',
  type: 'pii',
  label: 'address',
  description: 'a postal address as the fields of an object (Stripe line1/line2/postal_code/city, Shopify address1/zip, PayPal address_line_1/admin_area_2, Paddle first_line): a street field with a number makes it one, and its other lines, postcode and town go with it',
  keywords: ['line1', 'line_1', 'line-1', 'address1', 'address_1', 'first_line', 'firstline', 'street'],
  detector: addressFields,
  examples: {
    match: [
      '"address": {"city": "Manchester", "country": "GB", "line1": "27 Ancoats Street", "line2": "Flat 4", "postal_code": "M4 6DE"}',
      '{"first_name":"Anna","address1":"ul. Marszałkowska 84","city":"Warszawa","zip":"00-514","country":"Poland"}',
      '"address":{"address_line_1":"12 Seaview Terrace","admin_area_2":"Galway","postal_code":"H91 X2Y3","country_code":"IE"}',
      "{'city': 'Melbourne', 'country': 'AU', 'line1': '88 Chapel Street', 'line2': None, 'postal_code': '3181'}",
      '{"first_line":"Storgata 14","second_line":null,"city":"Oslo","postal_code":"0155","country_code":"NO"}',
      '"addresses_attributes"=>{"0"=>{"line1"=>"Bygdøy allé 23", "postcode"=>"0262", "city"=>"Oslo"}}',
    ],
    noMatch: [
      '{"line1": "see below", "city": "Paris"}',
      '{"street": "Main", "number": 4}',
      '{"line1": "27 Ancoats Street"}',
      'const lines = { line1: "Step 1 of 3", line2: "Step 2 of 3" }',
      '{"address_line_1": "{{ customer.street }}", "city": "{{ customer.city }}"}',
    ],
  },
};
