/**
 * The value a validation or a constraint rejected, quoted back in its error: it is often personal
 * data that no other rule takes, because it was rejected for being malformed (`maria@gmial`,
 * `+44 7911 123456x`, a name too long for its column). Where the error names the field, the
 * field says what the value is; where it does not, only a value shaped like an e-mail or a phone
 * number is taken. The forms read:
 *
 * - Spring `Field error in object 'x' on field 'email': rejected value [...]`
 * - an error object with a value and a field: Spring's `"field"`/`"rejectedValue"`, FastAPI's
 *   `"loc"`/`"input"`, zod's `"path"`/`"received"`, Joi's `"context": {"value", "key"}`, yup's and
 *   express-validator's `value`/`path`, class-validator's `value`/`property`, ajv's
 *   `"instancePath"`/`"data"`, Rails' `attribute=email, … options={:value=>"…"}`
 * - pydantic's `input_value='…'` under the line that names the field
 * - Joi's message `"phone" with value "…" fails to match …`
 * - Postgres `DETAIL:  Key (email)=(…) already exists.` (several columns split in step)
 * - MySQL `Duplicate entry '…' for key 'users.email'`
 * - Django's `“…” is not a valid phone number.`
 */
import type { Rule, Span } from '../types.js';
import { emailNotBot, machineMailbox } from '../validators.js';
import { isPersonName } from './person-name-shape.js';
import { type PersonalFieldKind, personalFieldKind } from './personal-fields.js';
import { lineBreakBefore } from '../line-bounds.js';

type FieldKind = 'email' | 'phone' | 'name' | 'single-name' | 'address' | 'birth' | 'national-id';

const FIELD_KIND_OF: Readonly<Record<PersonalFieldKind, FieldKind>> = {
  name: 'name',
  'full-name': 'name',
  role: 'name',
  'single-name': 'single-name',
  email: 'email',
  phone: 'phone',
  birth: 'birth',
  'national-id': 'national-id',
  street: 'address',
  address: 'address',
  town: 'address',
  postcode: 'address',
};

/** The kind of personal data a field's last name part holds (`customer.email` → email), if any. */
function fieldKind(field: string): FieldKind | undefined {
  const last = /([A-Za-z][A-Za-z0-9_-]*)[^A-Za-z0-9]*$/.exec(field)?.[1];
  const kind = last === undefined ? undefined : personalFieldKind(last);
  return kind === undefined ? undefined : FIELD_KIND_OF[kind];
}

/** A malformed e-mail still names someone: a local part, an `@` (or `(at)`), maybe a domain. */
const EMAIL_SHAPED = /^[\w.+-]{2,64}(?:@{1,2}|\s?[([]at[)\]]\s?)[\w.-]{0,253}$/i;
const PHONE_SHAPED = /^\+?[\d\s()./-]{6,24}[a-z]{0,3}$/i;
const DATE_SHAPED = /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})$/;
/** Values of documentation and tests: not anybody's. */
const PLACEHOLDER = /^(?:|null|none|nil|undefined|true|false|test|invalid|string|foo|bar|abc|xxx+|\*+|\[filtered\]|<[^>]*>|\{\{.*\}\}|\$\{.*\})$/i;

function digitsIn(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** True when `value`, rejected for the field of `kind` (or an unnamed field), is someone's. */
function personalValue(value: string, kind: FieldKind | undefined): boolean {
  const v = value.trim();
  if (v.length < 2 || v.length > 200 || PLACEHOLDER.test(v)) return false;
  // a bot's, a role's or an example domain's address is nobody's, rejected or not
  if (v.includes('@') && (machineMailbox(v) || (/@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}$/i.test(v) && !emailNotBot(v)))) return false;
  switch (kind) {
    case 'email':
      return EMAIL_SHAPED.test(v) || /^[\w.+-]{2,64}\.[a-z]{2,}$/i.test(v);
    case 'phone':
      return digitsIn(v) >= 6 && PHONE_SHAPED.test(v);
    case 'name':
      return isPersonName(v) || isPersonName(v, { single: true }) && /^\p{Lu}/u.test(v) && v.length >= 3;
    case 'single-name':
      return isPersonName(v, { single: true });
    case 'address':
      return /\d/.test(v) && /\p{L}/u.test(v) && v.length >= 4;
    case 'birth':
      return DATE_SHAPED.test(v);
    case 'national-id':
      return digitsIn(v) >= 5 && /^[\w ./-]+$/.test(v);
    default:
      return (EMAIL_SHAPED.test(v) && /@|\(at\)|\[at\]/i.test(v)) || (digitsIn(v) >= 7 && PHONE_SHAPED.test(v) && /^\+|[\s().-]/.test(v));
  }
}

// ---------------------------------------------------------------- forms with the field beside the value

/** Spring's binding error: `on field 'email': rejected value [x]`. */
const SPRING = /on field '(?<field>[^'\n]{1,80})': rejected value \[(?<value>[^\]\n]{0,200})\]/dg;
/** Joi's message: `"phone" with value "x" fails to match`. */
const JOI_MESSAGE = /"(?<field>[\w.[\]]{1,60})" with value "(?<value>[^"\n]{0,200})" (?:fails|must|is)/dg;
/** Postgres: `Key (email)=(x) already exists.` */
const POSTGRES_KEY = /Key \((?<field>[^()\n]{1,200})\)=\((?<value>[^\n]{0,300}?)\) (?:already exists|is not present|conflicts|is duplicated)/dg;
/** MySQL: `Duplicate entry 'x' for key 'users.email'`. */
const MYSQL_DUPLICATE = /Duplicate entry '(?<value>[^'\n]{0,200})' for key '(?<field>[^'\n]{1,120})'/dg;
/** Rails' `#<ActiveModel::Error attribute=email, type=taken, options={:value=>"x"}>`. */
const RAILS_ERROR = /attribute=(?<field>\w{1,60}), type=\w{1,40}, options=\{[^}\n]{0,200}?(?::value=>|value: )"(?<value>[^"\n]{0,200})"/dg;
/** Django's `“x” is not a valid phone number.` */
const DJANGO_MESSAGE = /(?:[“"]|(?<!\w)')(?<value>[^“”"'\n]{1,200})[”"'] is not a valid (?<field>e-?mail|phone|[\w ]{1,30}? number|date)/dg;

function* fieldAndValue(text: string, pattern: RegExp): Iterable<Span> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const { field, value } = match.indices!.groups! as Record<string, [number, number]>;
    const fieldText = text.slice(field![0], field![1]);
    const valueText = text.slice(value![0], value![1]);
    if (pattern === POSTGRES_KEY || pattern === MYSQL_DUPLICATE) {
      yield* keyedValues(fieldText, valueText, value![0], pattern === MYSQL_DUPLICATE);
      continue;
    }
    const kind = fieldKind(fieldText.replace(/ number$/, '').replace(/ /g, '_'));
    if (personalValue(valueText, kind)) yield trimmed(text, value![0], value![1]);
  }
}

/** Postgres' columns and values in step (`(first_name, last_name)=(Ingrid, Halvorsen)`), or MySQL's entry under its key. */
function* keyedValues(fields: string, values: string, at: number, mysql: boolean): Iterable<Span> {
  const names = mysql ? [fields.replace(/_(?:unique|key|idx|index|uniq|uk)$/i, '').replace(/^(?:uk|uq|ux|idx|unique)_/i, '')] : fields.split(/,\s*/);
  const kinds = names.map((name) => fieldKind(name) ?? fieldKind(name.replace(/^.*?_(?=[a-z]+$)/i, '')));
  const parts = !mysql && names.length > 1 ? values.split(/,\s*/) : [values];
  if (parts.length !== names.length && names.length > 1) {
    if (kinds.some((kind) => kind !== undefined) && personalValue(values, kinds.find((kind) => kind !== undefined))) yield { start: at, end: at + values.length };
    return;
  }
  let offset = 0;
  for (const [index, part] of parts.entries()) {
    const start = values.indexOf(part, offset);
    offset = start + part.length;
    const kind = kinds[index] ?? (mysql && names.length === 1 && /(?:name|user|person|customer|member)s?\b/i.test(fields) ? 'name' : undefined);
    if (personalValue(part, kind)) yield { start: at + start, end: at + start + part.length };
  }
}

// ---------------------------------------------------------------- error objects

/** A value key of an error object, then its quoted value. */
const VALUE_KEY = /(?<![\w-])["']?(?:rejectedValue|rejected_value|invalidValue|invalid_value|inputValue|input|value|received|data|originalValue|given|actual)["']?[ \t]*(?::|=>|=)[ \t]*(?:"(?<dq>[^"\n\\]{0,200})"|'(?<sq>[^'\n\\]{0,200})')/g;
/** A field key of an error object, then its name: a string, or the last string of a path list. */
const FIELD_KEY = /(?<![\w-])["']?(?:field|path|key|label|property|attribute|param|loc|instancePath|dataPath|propertyPath|fieldName|field_name)["']?[ \t]*(?::|=>|=)[ \t]*(?:\[[^\]\n]{0,200}?["'](?<last>[^"'\n]{1,80})["'][ \t]*\]|["'](?<name>[^"'\n]{1,120})["'])/g;
const NEAR = 400;

/** The stretch of the object around `at`: back to the `{` that opens it, on to the `}` that closes it (bounded). */
function objectStretch(text: string, at: number): [number, number] {
  let depth = 0;
  let start = Math.max(0, at - NEAR);
  for (let i = at; i >= Math.max(0, at - NEAR); i--) {
    if (text[i] === '}') depth += 1;
    else if (text[i] === '{' && depth-- === 0) {
      start = i;
      break;
    }
  }
  depth = 0;
  let end = Math.min(text.length, at + NEAR);
  for (let i = at; i < Math.min(text.length, at + NEAR); i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && depth-- === 0) {
      end = i + 1;
      break;
    }
  }
  return [start, end];
}

/** A personal field of the input an error echoes (`{"contact": {"email": "chidi@yahoo"}}` after `ZodError`). */
const PERSONAL_KEY = /(?<![\w-])["']?(?<key>[A-Za-z][\w-]{1,40})["']?[ \t]*(?::|=>|=)[ \t]*(?:"(?<dq>[^"\n\\]{0,200})"|'(?<sq>[^'\n\\]{0,200})')/gi;

/** The stretches within NEAR characters of the rule's keywords (words of validation errors), merged: only there are error objects read. */
function validationWindows(text: string, starts: readonly number[]): [number, number][] {
  const windows: [number, number][] = [];
  for (const at of starts) {
    const start = Math.max(0, at - NEAR);
    const end = Math.min(text.length, at + NEAR);
    const last = windows.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else windows.push([start, end]);
  }
  return windows;
}

/** The matches of a global pattern inside the windows, with indices into the whole text. */
function* matchesIn(text: string, windows: readonly [number, number][], pattern: RegExp): Iterable<{ index: number; match: RegExpExecArray }> {
  for (const [from, to] of windows) {
    const part = text.slice(from, to);
    pattern.lastIndex = 0;
    for (let match = pattern.exec(part); match; match = pattern.exec(part)) yield { index: from + match.index, match };
  }
}

function* echoedInputs(text: string, windows: readonly [number, number][]): Iterable<Span> {
  for (const { index, match } of matchesIn(text, windows, PERSONAL_KEY)) {
    const kind = fieldKind(match.groups!.key!);
    if (kind !== 'email' && kind !== 'phone' && kind !== 'birth') continue;
    const raw = match.groups!.dq ?? match.groups!.sq!;
    const start = index + match[0].length - 1 - raw.length;
    if (personalValue(raw, kind)) yield trimmed(text, start, start + raw.length);
  }
}

function* errorObjectValues(text: string, windows: readonly [number, number][]): Iterable<Span> {
  for (const { index, match } of matchesIn(text, windows, VALUE_KEY)) {
    const raw = match.groups!.dq ?? match.groups!.sq!;
    const start = index + match[0].length - 1 - raw.length;
    const [from, to] = objectStretch(text, index);
    const object = text.slice(from, to);
    let kind: FieldKind | undefined;
    FIELD_KEY.lastIndex = 0;
    for (let field = FIELD_KEY.exec(object); field && kind === undefined; field = FIELD_KEY.exec(object)) {
      kind = fieldKind(field.groups!.last ?? field.groups!.name!);
    }
    if (personalValue(raw, kind)) yield trimmed(text, start, start + raw.length);
  }
}

// ---------------------------------------------------------------- pydantic

/** `input_value='x', input_type=str]`; the field is named on the line above the message. */
const PYDANTIC_INPUT = /input_value=(?<q>['"])(?<value>.{0,200}?)\k<q>, input_type=/dg;

function* pydanticValues(text: string): Iterable<Span> {
  PYDANTIC_INPUT.lastIndex = 0;
  for (let match = PYDANTIC_INPUT.exec(text); match; match = PYDANTIC_INPUT.exec(text)) {
    const value = match.indices!.groups!.value!;
    const lineStart = lineBreakBefore(text, match.index) + 1;
    const fieldLineStart = lineBreakBefore(text, lineStart - 2) + 1;
    const fieldLine = lineStart > 0 ? text.slice(fieldLineStart, lineStart - 1).trim() : '';
    const kind = /^[\w.[\] ->]{1,80}$/.test(fieldLine) ? fieldKind(fieldLine) : undefined;
    if (personalValue(text.slice(value[0], value[1]), kind)) yield trimmed(text, value[0], value[1]);
  }
}

function trimmed(text: string, start: number, end: number): Span {
  while (start < end && text[start] === ' ') start += 1;
  while (end > start && text[end - 1] === ' ') end -= 1;
  return { start, end };
}

/** Each form with a literal every match of it holds: a form is tried only where its literal occurs. */
const FORMS: readonly [string, RegExp][] = [
  ['rejected value [', SPRING],
  ['with value "', JOI_MESSAGE],
  ['Key (', POSTGRES_KEY],
  ['Duplicate entry', MYSQL_DUPLICATE],
  ['attribute=', RAILS_ERROR],
  ['is not a valid', DJANGO_MESSAGE],
];

function* rejectedValues(text: string, starts: readonly number[]): Iterable<Span> {
  for (const [literal, pattern] of FORMS) if (text.includes(literal)) yield* fieldAndValue(text, pattern);
  const windows = validationWindows(text, starts);
  if (windows.length > 0) {
    yield* errorObjectValues(text, windows);
    yield* echoedInputs(text, windows);
  }
  if (text.includes('input_value=')) yield* pydanticValues(text);
}

export const REJECTED_VALUE_RULE: Rule = {
  id: 'rejected-value',
  type: 'pii',
  label: 'personal-data',
  description: 'the value a validation or constraint rejected, quoted back in its error (Spring rejected value, error objects of Spring/FastAPI/zod/Joi/yup/ajv/class-validator/Rails, pydantic input_value, Postgres Key (…)=(…), MySQL Duplicate entry), when its field is a personal one (e-mail, phone, name, address, birth date) or, unnamed, it is shaped like an e-mail or a phone number',
  keywords: ['rejected value', 'rejectedvalue', 'rejected_value', 'input_value', 'with value', 'duplicate entry', 'already exists', 'is not present', 'options={', 'is not a valid', 'validation', 'invalid', 'must be', 'must match', '"loc"', "'loc'", '"input"', 'received', 'originalvalue', 'instancepath', 'datapath', 'constraints', 'propertypath', 'rejected', 'zoderror', 'errors":', 'errors:', 'is required', 'already been taken', 'should '],
  keywordStarts: true,
  detector: (text, starts = []) => [...rejectedValues(text, starts)],
  examples: {
    match: [
      "Field error in object 'chargeRequest' on field 'holder': rejected value [Tove Lindgren]; default message [must match billing name]",
      "Field error in object 'signupForm' on field 'email': rejected value [svetlana.ivanova@mail.ru]; codes [Email.signupForm.email]",
      '{"status":400,"errors":[{"field":"lastName","rejectedValue":"Castellanos-Villanueva","defaultMessage":"size must be between 2 and 10"}]}',
      "1 validation error for Customer\nphone\n  String should match pattern '^\\+[1-9]\\d{7,14}$' [type=string_pattern_mismatch, input_value='07700 900461', input_type=str]",
      '{"detail":[{"type":"value_error","loc":["body","email"],"msg":"value is not a valid email address","input":"fatima.zahra@gmial"}]}',
      'ValidationError: "phone" with value "+44 7911 123456x" fails to match the required pattern',
      'DETAIL:  Key (first_name, last_name)=(Ingrid, Halvorsen) already exists.',
      "ERROR 1062 (23000): Duplicate entry 'thabo.molefe@telkomsa' for key 'users.email'",
      '#<ActiveModel::Error attribute=email, type=taken, options={:value=>"karim.benali@free"}>',
      "ValidationError: email must be a valid email\n  params: { value: 'hiroshi.sato@@nifty.com', originalValue: 'hiroshi.sato@@nifty.com', path: 'email' }",
      'ZodError: [{"received":"Adebayo","code":"invalid_enum_value","path":["firstName"],"message":"Invalid enum value"}]',
      'ZodError: Invalid email at "contact.email"; input: {"contact":{"email":"chidi.okonkwo@yahoo","plan":"pro"}}',
      "django.core.exceptions.ValidationError: ['“+1 415 555 01” is not a valid phone number.']",
      '[{"type":"string_too_long","loc":["body","full_name"],"msg":"String should have at most 30 characters","input":"Oluwatobiloba Adebayo-Williamson"}]',
    ],
    noMatch: [
      "Field error in object 'project' on field 'name': rejected value [my-project]; codes [Pattern]",
      "Field error in object 'order' on field 'quantity': rejected value [-1]; codes [Min]",
      '{"field":"email","rejectedValue":"not-an-email","defaultMessage":"must be a well-formed email address"}',
      "1 validation error for Settings\nport\n  Input should be a valid integer [type=int_parsing, input_value='eighty', input_type=str]",
      "ERROR 1062 (23000): Duplicate entry '42-7' for key 'order_items.PRIMARY'",
      'DETAIL:  Key (slug)=(getting-started) already exists.',
      '{"path":["email"],"value":"","message":"email is required"}',
      'const value = "Ingrid Halvorsen"; // not validated',
      "ERROR 1062 (23000): Duplicate entry 'noreply@acme.io' for key 'users.email'",
      'DETAIL:  Key (email)=(jane.doe@example.com) already exists.',
    ],
  },
};
