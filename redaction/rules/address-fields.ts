/**
 * A postal address written as an object's fields, as payment and commerce APIs send it: Stripe's
 * `address` (`line1`, `line2`, `postal_code`, `city`) under `billing_details`, `shipping` and
 * `customer_details`, Shopify's `billing_address` (`address1`, `address2`, `zip`, `city`),
 * PayPal's `address_line_1`, `admin_area_2`, `postal_code`, Paddle's `first_line`, `second_line`.
 * WooCommerce's `address_1`/`postcode`, Braintree's `streetAddress`/`extendedAddress`/`locality`,
 * Adyen's `street` with `houseNumberOrName`, Magento's `street` list, PayPal IPN's form body
 * (`address_street=1+Main+St&address_zip=95131`). One field with a street in it makes the object
 * an address: its other lines, its postcode and its town go with it. The object is the braces
 * around the street field (JSON, a Python dict, a Ruby hash, a JavaScript literal), else the YAML
 * block of its indentation, or the form body it is a pair of; escaped JSON is read decoded
 * (`carriers.ts`).
 */
import type { Rule, Span } from '../types.js';
import { LEGAL_FORM } from './person-name-shape.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** The fields that hold a street (first line), or a street and its number. */
const STREET_KEY = /^(?:(?:address|addr|street)[_-]?(?:line)?[_-]?1|line[_-]?1|first[_-]?line|street(?:[_-]?(?:address|and[_-]?number|name))?|address[_-]?(?:line|street)|billing[_-]?street|shipping[_-]?street)$/i;
/** A house number kept apart from its street (Adyen's `houseNumberOrName`). */
const HOUSE_NUMBER_KEY = /^(?:house[_-]?number(?:[_-]?or[_-]?name)?|street[_-]?number|building[_-]?number)$/i;
/** The other fields of an address that name where someone lives. */
const SECOND_LINE_KEY = /^(?:(?:address|addr|street)[_-]?(?:line)?[_-]?[23]|line[_-]?[23]|second[_-]?line|extended[_-]?address|apartment|apt|suite|unit)$/i;
const POSTCODE_KEY = /^(?:postal[_-]?code|post[_-]?code|zip(?:[_-]?code)?|postcode|eircode|plz|address[_-]?zip)$/i;
const TOWN_KEY = /^(?:city|town|locality|admin[_-]?area[_-]?2|suburb|address[_-]?city)$/i;
/** Another field that only an address object has (so that `{"street": …}` alone is not enough). */
const ADDRESS_SIBLING_KEY = /^(?:country(?:[_-]?code(?:[_-]?alpha2)?)?|state|province(?:[_-]?code)?|region|county|admin[_-]?area[_-]?1|address[_-]?(?:state|country(?:[_-]?code)?))$/i;

/** A field in an object: a key (quoted, Ruby symbol or bare), a separator, a quoted string, a number or a list of strings. */
const FIELD_SCAN = /(?<![\w-])["':]?(?<key>[A-Za-z][\w-]{0,30})["']?[ \t]*(?:=>|:|=)[ \t]*(?:"(?<dq>[^"\n\\]{0,160})"|'(?<sq>[^'\n\\]{0,160})'|(?<num>\d{1,10})(?![\w.])|(?<list>\[[^\]\n]{0,300}\]))/g;
/** A `key: value` line of YAML. */
const YAML_FIELD = /^(?<indent>[ \t]*)(?:-[ ]+)?(?<key>[A-Za-z][\w-]{0,30}):[ \t]+(?<value>["']?[^\n#"'{}[\]][^\n]{0,160}?["']?)[ \t]*$/;
/** The street fields' keys, found before any object is read. */
const STREET_KEY_AT = /(?:^|["'\s{,:&?])(?:(?:address|addr|street)[_-]?(?:line)?[_-]?1|line[_-]?1|first[_-]?line|street(?:[_-]?(?:address|and[_-]?number|name))?|address[_-]?(?:line|street)|billing[_-]?street|shipping[_-]?street)["']?[ \t]*(?:=>|:|=)/gim;

const MAX_OBJECT = 900;

/** A number then a capitalised name (or a street word in lower case before one), a capitalised name with a number, `ul. Długa 5`. */
const STREET_SHAPE =
  /^(?:\d{1,5}[A-Za-z]?(?:[-/]\d{1,4}){0,2},?[ ]+(?:\p{Lu}|\p{Ll}{2,}\.?[ ](?:\p{Ll}{1,3}[ ])*\p{Lu})|(?:(?:ul|al|os|pl)\.[ ]?)?\p{Lu}[\p{L}\p{M}'’.-]*(?:[ ][\p{L}\p{M}'’.-]+){0,4}[ ]\d{1,5}[A-Za-z]?(?:[-/]\d{1,4})?(?:[ ]?#[\d-]{1,8}|[ ][A-Z](?:[ ]\d{1,3})?|[ ]?,.*)?$)/u;

/** A street line: a number and a word (`27 Ancoats Street`, `Storgata 14`, `Calle 93 #11-27`, `2-21-1 Shibuya`). */
export function streetLike(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length < 4 || trimmed.length > 120 || !/\d/.test(trimmed) || !/\p{L}{2,}/u.test(trimmed) || !STREET_SHAPE.test(trimmed)) return false;
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

/** The fields of the object at its own level (nested objects skipped); a list's strings are fields of the list's key. */
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
    const at = object.start + 1 + match.index;
    if (groups.list !== undefined) {
      const listStart = at + match[0].length - groups.list.length;
      for (const item of groups.list.matchAll(/"([^"\n\\]{1,160})"|'([^'\n\\]{1,160})'/g)) {
        const raw = item[1] ?? item[2]!;
        const start = listStart + item.index + 1;
        fields.push({ key: groups.key!, value: { start, end: start + raw.length } });
      }
      continue;
    }
    const raw = groups.dq ?? groups.sq ?? groups.num!;
    const offset = match[0].length - raw.length - (groups.num === undefined ? 1 : 0);
    fields.push({ key: groups.key!, value: { start: at + offset, end: at + offset + raw.length } });
  }
  return fields;
}

/** The `key: value` lines of the YAML block around the line at `at`: the lines of its indentation, up to 12 each way. */
function yamlFields(text: string, at: number): { fields: Field[]; end: number } | undefined {
  const lineStart = lineBreakBefore(text, at) + 1;
  const lineOf = (start: number) => {
    const newline = lineBreakAfter(text, start);
    const end = newline < 0 ? text.length : newline;
    return { start, end, match: YAML_FIELD.exec(text.slice(start, end)) };
  };
  const first = lineOf(lineStart);
  if (!first.match) return undefined;
  const indent = first.match.groups!.indent!;
  const fields: Field[] = [];
  const add = (line: ReturnType<typeof lineOf>) => {
    const groups = line.match!.groups!;
    let value = groups.value!;
    let offset = line.match![0].length - value.length - (line.match![0].length - line.match![0].trimEnd().length);
    if (/^["'].*["']$/.test(value)) {
      value = value.slice(1, -1);
      offset += 1;
    }
    fields.push({ key: groups.key!, value: { start: line.start + offset, end: line.start + offset + value.length } });
  };
  add(first);
  let end = first.end;
  for (let start = first.end + 1, n = 0; start < text.length && n < 12; n++) {
    const line = lineOf(start);
    if (!line.match || line.match.groups!.indent !== indent) break;
    add(line);
    end = line.end;
    start = line.end + 1;
  }
  for (let end = lineStart - 1, n = 0; end > 0 && n < 12; n++) {
    const start = lineBreakBefore(text, end - 1) + 1;
    const line = lineOf(start);
    if (!line.match || line.match.groups!.indent !== indent || /^[ \t]*-[ ]/.test(text.slice(lineStart, first.end))) break;
    add(line);
    end = start - 1;
  }
  return { fields, end };
}

/** The pairs of a form body or a query string around `at` (PayPal's IPN: `address_street=1+Main+St&address_zip=95131`). */
function formFields(text: string, at: number): { fields: Field[]; end: number } | undefined {
  let start = at;
  while (start > 0 && !/[\s?"']/.test(text[start - 1]!) && at - start < 2000) start -= 1;
  let end = at;
  while (end < text.length && !/[\s"']/.test(text[end]!) && end - at < 2000) end += 1;
  const fields: Field[] = [];
  for (const pair of text.slice(start, end).matchAll(/(?:^|&)([A-Za-z][\w.-]{0,40})=([^&]{1,200})/g)) {
    const valueStart = start + pair.index + pair[0].length - pair[2]!.length;
    fields.push({ key: pair[1]!, value: { start: valueStart, end: valueStart + pair[2]!.length } });
  }
  return fields.length > 1 ? { fields, end } : undefined;
}

/** A form value as its reader sees it: `+` for a space, percent escapes undone. */
function formDecoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The key an object is the value of says it is a business's (`support_address`, `"company": {…}`, `warehouse`). */
const BUSINESS_KEY = /(?:support|business|company|merchant|store|shop|warehouse|office|origin|headquarters|hq|registered|legal[_-]?entity|seller|vendor|supplier|branch|location)[_-]?(?:address|details|info)?["']?[ \t]*(?:=>|:|=)[ \t]*$/i;

/** A company's name with its legal form beside the object or in the object around it (`"name": "Acme GmbH", "address": {…}`). */
const COMPANY_NAME = /["']?(?:name|company|company[_-]?name|business[_-]?name|legal[_-]?name)["']?[ \t]*(?:=>|:|=)[ \t]*["']([^"'\n]{2,80})["']/gi;

function businessObject(text: string, object: { start: number; end: number }): boolean {
  if (BUSINESS_KEY.test(text.slice(Math.max(0, object.start - 48), object.start))) return true;
  const around = text.slice(Math.max(0, object.start - 200), Math.min(text.length, object.end + 200));
  for (const name of around.matchAll(COMPANY_NAME)) if (LEGAL_FORM.test(name[1]!.trim())) return true;
  return false;
}

function* addressOf(fields: readonly Field[], read: (field: Field) => string): Iterable<Span> {
  let street = fields.find((field) => STREET_KEY.test(field.key) && streetLike(read(field)));
  let houseNumber: Field | undefined;
  if (!street) {
    // a street's name in one field and its number in another
    houseNumber = fields.find((field) => HOUSE_NUMBER_KEY.test(field.key) && /\d/.test(read(field)));
    street = houseNumber && fields.find((field) => STREET_KEY.test(field.key) && /^\p{L}[\p{L}\p{M} '’.-]{2,60}$/u.test(read(field).trim()));
  }
  if (!street) return;
  const others = fields.filter((field) => field !== street && field !== houseNumber);
  if (!others.some((field) => POSTCODE_KEY.test(field.key) || TOWN_KEY.test(field.key) || ADDRESS_SIBLING_KEY.test(field.key))) return;
  yield street.value;
  if (houseNumber) yield houseNumber.value;
  for (const field of others) {
    const v = read(field).trim();
    if (v === '' || /^(?:null|none|nil|undefined|n\/a)$/i.test(v)) continue;
    if ((SECOND_LINE_KEY.test(field.key) || STREET_KEY.test(field.key)) && /[\p{L}\d]/u.test(v)) yield field.value;
    else if (POSTCODE_KEY.test(field.key) && /^[A-Za-z\d][A-Za-z\d -]{1,10}$/.test(v) && /\d/.test(v)) yield field.value;
    else if (TOWN_KEY.test(field.key) && /^\p{L}[\p{L}\p{M} '’.-]{1,40}$/u.test(v)) yield field.value;
  }
}

function* addressFields(text: string): Iterable<Span> {
  let done = 0;
  const plain = (field: Field) => text.slice(field.value.start, field.value.end);
  const decoded = (field: Field) => formDecoded(plain(field));
  STREET_KEY_AT.lastIndex = 0;
  for (let key = STREET_KEY_AT.exec(text); key; key = STREET_KEY_AT.exec(text)) {
    const at = key.index + (/^[A-Za-z]/.test(key[0]) ? 0 : 1);
    if (at < done) continue;
    const lead = key[0][0]!;
    if (key[0].endsWith('=') && (lead === '&' || lead === '?' || at === 0 || /\s/.test(lead))) {
      const form = formFields(text, at);
      if (form) {
        done = form.end;
        yield* addressOf(form.fields, decoded);
        continue;
      }
    }
    const object = objectAround(text, key.index);
    if (object && businessObject(text, object)) {
      done = object.end;
      continue;
    }
    if (object) {
      const found = [...addressOf(fieldsOf(text, object), plain)];
      if (found.length > 0) {
        done = object.end;
        yield* found;
        continue;
      }
    }
    const yaml = yamlFields(text, at);
    if (yaml) {
      done = yaml.end;
      yield* addressOf(yaml.fields, plain);
    }
  }
}

export const ADDRESS_FIELDS_RULE: Rule = {
  id: 'address-fields',
  type: 'pii',
  label: 'address',
  description: 'a postal address as the fields of an object, a YAML block or a form body (Stripe line1/line2/postal_code/city, Shopify address1/zip, WooCommerce address_1/postcode, PayPal address_line_1/admin_area_2 and IPN address_street/address_zip, Paddle first_line, Braintree streetAddress/extendedAddress/locality, Adyen street/houseNumberOrName, Magento street lists): a street field with a number makes it one, and its other lines, postcode and town go with it',
  keywords: ['line1', 'line_1', 'line-1', 'address1', 'address_1', 'first_line', 'firstline', 'street', 'address_line', 'addressline'],
  detector: addressFields,
  examples: {
    match: [
      '"address": {"city": "Manchester", "country": "GB", "line1": "27 Ancoats Street", "line2": "Flat 4", "postal_code": "M4 6DE"}',
      '{"first_name":"Anna","address1":"ul. Marszałkowska 84","city":"Warszawa","zip":"00-514","country":"Poland"}',
      '"address":{"address_line_1":"12 Seaview Terrace","admin_area_2":"Galway","postal_code":"H91 X2Y3","country_code":"IE"}',
      "{'city': 'Melbourne', 'country': 'AU', 'line1': '88 Chapel Street', 'line2': None, 'postal_code': '3181'}",
      '{"first_line":"Storgata 14","second_line":null,"city":"Oslo","postal_code":"0155","country_code":"NO"}',
      '"addresses_attributes"=>{"0"=>{"line1"=>"Bygdøy allé 23", "postcode"=>"0262", "city"=>"Oslo"}}',
      '"billingAddress": {"city": "Utrecht", "country": "NL", "houseNumberOrName": "17", "postalCode": "3511 LX", "street": "Oudegracht"}',
      '"shipping_address":{"street":["Flat 2","18 Princes Street"],"city":"Edinburgh","postcode":"EH2 2AN"}',
      "billing: { streetAddress: '42 Independence Ave', extendedAddress: 'Suite 5', locality: 'Accra', countryCodeAlpha2: 'GH' }",
      'shipping_address:\n  first_name: Beatriz\n  address1: Rua Augusta 274\n  city: Lisboa\n  zip: 1100-053',
      'payer_id=LPLWNMTBWMFAY&address_street=1+Main+St&address_city=San+Jose&address_zip=95131&address_country=United+States',
    ],
    noMatch: [
      '{"line1": "see below", "city": "Paris"}',
      '{"street": "Main", "number": 4}',
      '{"line1": "27 Ancoats Street"}',
      'const lines = { line1: "Step 1 of 3", line2: "Step 2 of 3" }',
      '{"address_line_1": "{{ customer.street }}", "city": "{{ customer.city }}"}',
      '{"street": "Oudegracht", "city": "Utrecht"}',
      'steps:\n  line1: run 2 jobs\n  region: eu-west-1',
      '{"line1": "Line 1 of the address", "city": "City", "postal_code": "Postal code"}',
      '{"name":"Acme GmbH","address":{"line1":"Friedrichstraße 68","city":"Berlin","postal_code":"10117","country":"DE"}}',
      '"business_profile": {"name": "Acme Supplies", "support_address": {"line1": "510 Townsend St", "city": "San Francisco", "postal_code": "94103", "country": "US"}}',
    ],
  },
};
