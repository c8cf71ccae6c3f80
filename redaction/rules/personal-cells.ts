/**
 * How a value under a personal column, key or field is judged, whatever form holds it (a table's
 * cell, an INSERT row's value, a `key = value` line of a record, a JSON object's member): the
 * kinds of the one field table (personal-fields.ts) as cells see them.
 */
import { emailNotBot, machineMailbox } from '../validators.js';
import { isPersonName } from './person-name-shape.js';
import { type PersonalFieldKind, personalFieldKind, personalFieldKindByPrefix } from './personal-fields.js';

const EMPTY_CELL = /^(?:|null|NULL|N|-|n\/a|N\/A|undefined|None|nil)$/; // also what JS, Python and Lua print for no value // `\N` (mysql NULL) loses its backslash to the trim

/** An IP address, a host name, a host and port, or a cloud region (`10.0.3.7`, `db.internal:5432`, `eu-west-1`, `europe-west4`). */
export const MACHINE_PLACE = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}|[a-z0-9-]+(?:\.[a-z0-9-]+)+|(?:[a-z]{2,5}-)?[a-z]{2,12}-[a-z]{2,12}-?\d{1,2}[a-z]?)(?::\d{1,5})?$/;

const PRIMITIVE_TYPE =
  '(?:str|string|String|text|Text|int|integer|Int|Integer|[iu](?:8|16|32|64|128|size)|u?int(?:8|16|32|64)?|float(?:32|64)?|f32|f64|double|Double|Float|decimal|Decimal|bool|boolean|Bool|Boolean|char|bytes|byte|date|Date|datetime|DateTime|timestamp|uuid|UUID|Uuid|EmailStr|number|any|unknown|object|Object)';
/**
 * A data type where a value would be in a declaration: a model's or struct's fields (`full_name:
 * str`, `email: Option<String>`, `city: Optional[str] = None`, `name : string`, `phone varchar(20)`)
 * name what a field holds, not whom.
 */
const DECLARED_TYPE = new RegExp(
  `^(?:${PRIMITIVE_TYPE}(?:\\?|\\[\\]| option| list| \\| (?:None|null|undefined))?|(?:Option|Vec|Box|Maybe|Nullable)<${PRIMITIVE_TYPE}>|(?:Optional|List|list|Set|set)\\[${PRIMITIVE_TYPE}\\]|\\[${PRIMITIVE_TYPE}\\]|&(?:'\\w+ )?str|n?var(?:char|char2)?\\(\\d{1,5}\\)|n?char\\(\\d{1,5}\\))(?:\\s*=\\s*(?:None|null|nil|""|''|\\.\\.\\.|Field\\([^()]*\\)))?$`,
);

/** What a column holds, as the cells under it are judged. */
export type ColumnKind = 'name' | 'full-name' | 'single-name' | 'role' | 'email' | 'phone' | 'address' | 'birth' | 'national-id';

const COLUMN_KIND_OF: Readonly<Record<PersonalFieldKind, ColumnKind>> = {
  name: 'name',
  'full-name': 'full-name',
  'single-name': 'single-name',
  role: 'role',
  email: 'email',
  phone: 'phone',
  birth: 'birth',
  'national-id': 'national-id',
  street: 'address',
  address: 'address',
  town: 'address',
  postcode: 'address',
};
export const IDENTIFYING = new Set<ColumnKind>(['name', 'full-name', 'single-name', 'role', 'email', 'phone', 'national-id']);

/** The kind of the column named `name` (`First Name`, `e_mail`, `"city"`), if it is personal. */
export function columnKind(name: string): ColumnKind | undefined {
  const kind = personalFieldKind(name);
  return kind === undefined ? undefined : COLUMN_KIND_OF[kind];
}

/** The kind of a column whose name was cut short (`full_na…` without its `…`), when every personal field it may be is of one kind. */
export function columnKindByPrefix(prefix: string): ColumnKind | undefined {
  const kind = personalFieldKindByPrefix(prefix);
  return kind === undefined ? undefined : COLUMN_KIND_OF[kind];
}

/**
 * Whether the table says little more than "names": its personal columns are bare names and roles
 * (`name | owner`, `title | author`), or one name column alone. Its cells are then removed only
 * where they look like a person's name (`name,version` lists packages).
 */
export function namesOnly(kinds: readonly (ColumnKind | undefined)[]): boolean {
  const personal = kinds.filter((kind) => kind !== undefined);
  if (personal.every((kind) => kind === 'name' || kind === 'role')) return true;
  return personal.length === 1 && (personal[0] === 'single-name' || personal[0] === 'full-name');
}

/** Whether a cell's value is removed: anything but an empty marker, and a person's name shape when the table says little else or the column is a role. */
export function removes(value: string, kind: ColumnKind, namesOnlyTable: boolean): boolean {
  if (EMPTY_CELL.test(value) || DECLARED_TYPE.test(value.trim())) return false;
  // a machine's address or a cloud region in an `address`/`city` field is nobody's home
  if (kind === 'address' && MACHINE_PLACE.test(value.trim())) return false;
  // the addresses the e-mail rule keeps (bots', roles', example domains') are nobody's, in a cell or not
  if (kind === 'email' && value.includes('@') && (machineMailbox(value) || !emailNotBot(value))) return false;
  if (namesOnlyTable || kind === 'role') return isPersonName(value, { single: kind === 'single-name' });
  return /\p{L}|\d/u.test(value);
}


/** Whether a value says who its row is about: a person's name, an e-mail, a phone number, an id, each in its shape. */
function identifiesSomeone(value: string, kind: ColumnKind): boolean {
  if (!IDENTIFYING.has(kind) || !removes(value, kind, false)) return false;
  switch (kind) {
    case 'email':
      return /\S(?:@|\s?[([]at[)\]]\s?)\S/i.test(value);
    case 'phone':
      return value.replace(/\D/g, '').length >= 6 && /^\+?[\d\s()./-]{6,24}$/.test(value);
    case 'national-id':
      return value.replace(/\D/g, '').length >= 5;
    case 'full-name':
    case 'single-name':
      // a field that says it holds a person's name (`full_name`, `last_name`) needs no shape
      return true;
    default:
      return isPersonName(value);
  }
}

/**
 * Which values of one row (a table's row, an INSERT's, a record's) are removed: none unless one of
 * them identifies someone in its own shape (`name | address` rows of hosts and their IPs identify
 * nobody), then each personal value as `removes` judges it. `values[i]` is undefined where a cell
 * cannot be judged.
 */
export function personalValues(kinds: readonly (ColumnKind | undefined)[], values: readonly (string | undefined)[], namesOnlyTable: boolean): boolean[] {
  const judged = kinds.map((kind, index) => kind !== undefined && values[index] !== undefined);
  if (!kinds.some((kind, index) => judged[index] && identifiesSomeone(values[index]!, kind!))) return kinds.map(() => false);
  return kinds.map((kind, index) => judged[index]! && removes(values[index]!, kind!, namesOnlyTable));
}
