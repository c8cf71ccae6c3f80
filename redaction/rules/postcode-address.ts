/**
 * Postal addresses found from their end: a locality with a postcode in one of the shapes
 * countries write it (`Cupertino, CA 95014`, `Surrey GU22 7QQ`, `Fitzroy VIC 3065`,
 * `São Paulo - SP, 01304-001`, `Bengaluru 560001`, `Tokyo 150-0013`, `28013 Madrid`), then, a
 * few comma- or line-separated parts before it, a street part: a house number with the street's
 * name, or a street word with its number. What lies between (district, county, building) is
 * taken too. The anchor's strength decides how much the street part must prove: after a
 * state-and-ZIP or a UK postcode a house number and a capitalised name are enough; after a bare
 * `12345 Town` the street needs a street word (Straße, rue, Calle, Road …).
 */
import type { Rule, Span } from '../types.js';
import { isKnownWord } from '../names/name-model.js';
import { addresseeStart, companyAddressee } from './person-name-shape.js';

const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR|GU|VI';
const US_STATE_NAMES = 'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming';
const CA_PROVINCES = 'AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT';
const AU_STATES = 'NSW|VIC|QLD|SA|WA|TAS|NT|ACT';
const BR_STATES = 'AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO';
/** A town: one to four capitalised words (`Little Whinging`, `São Paulo`, `Ciudad de México`). */
/** An apostrophe only inside a town's name (`L'Aquila`): a quote that closes a string is not the town's. */
const TOWN = String.raw`\p{Lu}[\p{L}.-]*(?:['’]\p{L}[\p{L}.-]*)*(?:[ ](?:de|do|da|del|la|le|upon|on|am|an|der|sur)?[ ]?\p{Lu}[\p{L}.-]*(?:['’]\p{L}[\p{L}.-]*)*){0,3}`;
/** Ireland's Eircode: a routing key (`D06`, `T12`, `D6W`) and a four-character unique identifier. */
const EIRCODE = String.raw`(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ ]?[AC-FHKNPRTV-Y\d]{4}`;
const UK_POSTCODE = String.raw`(?:[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2})`;

/** Between town, state and postcode: a comma or space, or the border of a cell (`'Macon', 'GA', '31201'`, `Fresno | CA | 93721`, tab-separated). */
const CELL = String.raw`["']?[ ]*[,|\t][ ]*["']?`;
const TOWN_TO_STATE = String.raw`(?:,?[ ]|${CELL})`;
const STATE_TO_CODE = String.raw`(?:[ ]|${CELL})`;
/** Localities whose shape is specific enough that a plain house number and name may precede them. */
const STRONG_LOCALITY = [
  String.raw`${TOWN}${TOWN_TO_STATE}(?:${US_STATES}|${US_STATE_NAMES})${STATE_TO_CODE}\d{5}(?:-\d{4})?`,
  String.raw`${TOWN}${TOWN_TO_STATE}(?:${CA_PROVINCES}|\((?:Québec|Quebec|Ontario|Alberta|Manitoba)\))${STATE_TO_CODE}[A-Z]\d[A-Z][ ]?\d[A-Z]\d`,
  String.raw`(?:${TOWN},?[ ])?${UK_POSTCODE}`,
  String.raw`${TOWN}${TOWN_TO_STATE}(?:${AU_STATES})${STATE_TO_CODE}\d{4}`,
  String.raw`${TOWN}(?:[ ]-[ ](?:${BR_STATES}))?,?[ ](?:CEP[ ])?\d{5}-\d{3}`,
  String.raw`${TOWN}(?:[ ]-[ ]|,?[ ])[1-9]\d{2}[ ]?\d{3}`,
  String.raw`${TOWN}(?:-(?:to|ku|shi|ken|fu))?,?[ ]〒?\d{3}-\d{4}`,
].join('|');
/** `12345 Town`, `1234 AB Town`, `00-950 Town`, `1250-146 Lisboa`, `111 21 Stockholm`, `A-1010 Wien`, `Dublin 6, D06 X2K8`, and the town before four digits of South Africa, New Zealand and others (`Cape Town, 8001`): many countries, and many things that are not addresses. */
/** Greek towns are written before or after the postcode (`Αθήνα 105 63`, `546 23 Θεσσαλονίκη`), or the postcode after its marker `Τ.Κ.`. */
const GREEK_TOWN = String.raw`[Α-ΩΆ-Ώ][\p{Script=Greek}'’.-]*(?:[ ][Α-ΩΆ-Ώ][\p{Script=Greek}'’.-]*){0,2}`;
const GREEK_LOCALITY = String.raw`Τ\.?[ ]?Κ\.?[ ]?\d{3}[ ]?\d{2}(?:,?[ ]${GREEK_TOWN})?|${GREEK_TOWN},?[ ]\d{3}[ ]?\d{2}`;
/** Greek towns written in Latin letters (`Athina 106 74`, `546 24 Thessaloniki`), with a Greek postcode. */
const GREEK_LATIN_TOWN = String.raw`(?:Athina|Athens|Athinai|Thessaloniki|Salonica|Patra|Patras|Irakleio|Iraklio|Heraklion|Larisa|Larissa|Volos|Ioannina|Chania|Rodos|Rhodes|Kalamata|Kavala|Serres|Xanthi|Komotini|Chalkida|Lamia|Kozani|Katerini|Trikala|Agrinio|Kerkyra|Corfu|Piraeus|Peiraias|Pireas|Marousi|Maroussi|Kifisia|Kifissia|Glyfada|Kallithea|Nea Smyrni|Peristeri|Chalandri|Halandri|Zografou|Ilioupoli|Voula|Vouliagmeni|Nafplio|Sparti|Tripoli|Drama|Veria|Edessa|Florina|Kastoria|Preveza|Arta|Korinthos|Corinth|Mytilini|Mytilene|Ermoupoli|Chios|Alexandroupoli|Kalamaria|Pylaia|Neapoli|Evosmos|Ampelokipoi|Pefki|Vrilissia|Agia Paraskevi|Nea Ionia|Palaio Faliro|Alimos|Argyroupoli|Aigaleo|Egaleo)`;
const GREEK_LATIN_LOCALITY = String.raw`${GREEK_LATIN_TOWN},?[ ]\d{3}[ ]?\d{2}|\d{3}[ ]?\d{2}[ ]${GREEK_LATIN_TOWN}`;
const GREEK_LATIN_LOCALITY_AT = new RegExp(String.raw`^(?:${GREEK_LATIN_LOCALITY})$`);
const PLAIN_LOCALITY = String.raw`${GREEK_LOCALITY}|${GREEK_LATIN_LOCALITY}|(?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{2}-\d{3}|\d{4}-\d{3}|\d{3}[ ]\d{2}|\d{4}[ ]?[A-Z]{2})[ ]${TOWN}|${TOWN}(?:[ ]\d{1,2}W?)?,?[ ]${EIRCODE}|${TOWN}(?:,?[ ](?:\d{4}|0\d{5})|[ ]\d{5})`;
/**
 * `Torino 10123`: a town and five digits, the order of no country's own form but one programs and
 * people write. Where the line ends after it, it stands as a locality; before more text (`… Torino
 * 10123 has no billing profile`, a closing quote, a bracket) only when no word of its town is an
 * English or technical word (`Node 20145 passed`, `Build 12345` are counts and versions).
 */
const TOWN_THEN_FIVE = /^(\p{Lu}[\p{L}'’. -]*)[ ]\d{5}$/u;
const LINE_ENDS = /^[ ]*(?:\r?\n|$)/;

function townThenFiveStands(text: string, locality: string, end: number): boolean {
  const town = TOWN_THEN_FIVE.exec(locality)?.[1];
  if (town === undefined || LINE_ENDS.test(text.slice(end, end + 40))) return true;
  return !town.split(/[ -]/).some((word) => word.length > 1 && isKnownWord(word.toLowerCase().replace(/[.'’]/g, '')));
}

/**
 * Every locality starts with a capital letter (a town, a UK postcode, a Greek town or the `Τ` of
 * `Τ.Κ.`) or a digit: said first, that test turns most places away before the look-behind and
 * each branch are tried (a third of the search's time).
 */
const LOCALITY_FIRST = String.raw`(?=[\p{Lu}\dΑ-ΩΆ-Ώ])`;
const LOCALITY_SOURCE = String.raw`${LOCALITY_FIRST}(?<!(?<!\\)[\p{L}\d-])(?:(${STRONG_LOCALITY})|(${PLAIN_LOCALITY}))(?![\p{L}\d])`;
/** Built at its first use: its many `\p{…}` classes cost milliseconds to construct, in every process, and only the research profile reads addresses. */
let locality: RegExp | undefined;
export const localityPattern = (): RegExp => (locality ??= new RegExp(LOCALITY_SOURCE, 'gu'));

/** Street words of many languages, as a whole word or as the end of one (`Lindenstraße`). */
const STREET_WORD = String.raw`(?:Street|St|Avenue|Ave|Av|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Close|Crescent|Parkway|Pkwy|Highway|Hwy|Square|Sq|Circle|Cir|Trail|Row|Walk|Grove|Gardens|Mews|Hill|Loop|Broadway|Parade|Esplanade|Circuit|Rise|View|Green|Wharf|Quay|Point|Pike|Plaza|Marg|Nagar|Rua|Avenida|Calle|Carrer|Paseo|Via|Viale|Piazza|Corso|Rue|Chemin|Allée|Impasse|Quai|Cours|ul|Strada|Rodovia|Travessa|Alameda|Camino|Carretera|gate|gata|vei|vej|gade|Straße|Strasse|Gasse|Platz|Plac|Rynek|Aleja|Markt|Prospekt|Avda|C\/|út|utca|u\.|tér|körút|Str\.|Bulevardul|Bd\.|Calea|Aleea|Șoseaua|Soseaua|g\.|al\.|pr\.|iela|tn|mnt|tänav|ulica|cesta|nám\.|náměstí|Nám\.|Náměstí|nábř\.|Nábř\.|třída|Třída|Jl\.|Jln\.|Jalan|Sokak|Sok|Cad|Caddesi|Bulvarı|Odos|Odou|Leoforos|Leof\.|Plateia|Platia)`;
const STREET_SUFFIX = String.raw`(?:straße|strasse|str\.|weg|gasse|platz|allee|laan|straat|gracht|plein|vej|gatan|gata|veien|ring|damm|ufer|kade|dijk|singel|gade|gate|vegen|vägen|väg|gränd|tie|katu|kuja)`;
const HAS_STREET_WORD = new RegExp(String.raw`(?:^|[ ])${STREET_WORD}\.?(?=[ ,]|$)|\p{L}${STREET_SUFFIX}(?=[ ,]|$)|^${STREET_WORD}\.?[ ]`, 'u');
/** `221B Baker Street`, `500 W 2nd St`, `3-14-2 Ebisu`, `350 rue Saint-Paul Est`: a house number, then a name (in French order after a lower-case street word). */
const NUMBER_THEN_NAME = /^(?:\d{1,5}[A-Za-z]?|\d{1,4}-\d{1,4}(?:-\d{1,4})?)(?:[ ]?(?:bis|ter))?,?[ ](?:[NSEW]\.?[ ]|(?:rue|avenue|boulevard|bd|chemin|route|place|allée|impasse|quai|cours|côte)[ ](?:(?:de|des|du|de la)[ ])?)?(?:\p{Lu}[\p{L}'’.-]*|\d{1,3}(?:st|nd|rd|th))(?:[ ](?:de|do|da|del|des|la|le|of|the)?[ ]?[\p{Lu}\d][\p{L}'’.\d-]*){0,4}$/u;
/** `Kastanienallee 31`, `Calle de Alcalá 48`, `Av. Paulista 1578`, `Mannerheimintie 12 B 7`, `ul. Wilcza 9 m. 12`: a name, then the number (and a stairway and flat). */
const NAME_THEN_NUMBER = /^(?:(?:ul|al|os|pl)\.[ ]|C\/[ ])?\p{Lu}[\p{L}'’.-]*(?:[ ][\p{L}\d'’.-]+){0,4}[ ]\d{1,5}[A-Za-zΑ-Ω]?(?:[-/]\d{1,4}|[ ][A-Z](?:[ ]\d{1,3})?|[ ](?:m|lok)\.[ ]?\d{1,4})?$/u;
/**
 * Streets that carry no street word: a Czech or Slovak house number with its orientation number
 * (`Vinohradská 12/345`: the name ends as Czech and Slovak street names do), or a Greek or Cyrillic street name and its number (`Ερμού 15`), which
 * before a postcode and town are an address.
 */
const UNMARKED_STREET = /^(?:(?:[\p{L}'’.-]+[ ]){0,3}\p{Lu}[\p{L}'’.-]*(?:á|í|ova|ovo|ého|ice|ky|ca)[ ]\d{1,5}\/\d{1,5}[a-z]?|[\p{Script=Greek}\p{Script=Cyrillic}][\p{L}'’.-]*(?:[ ][\p{L}'’.-]+){0,3}[ ]\d{1,4}[\p{L}]?)$/u;
/** `1500`, `5`, `1500 - Consolação`: the number part that follows a street in Spanish and Portuguese order. */
const NUMBER_PART = /^(?:n[º°o]\.?[ ]?)?\d{1,5}[A-Za-z]?(?:[ ]-[ ].*)?$/u;
const PO_BOX = /^(?:P\.?[ ]?O\.?[ ]Box|Postfach|Postbus|Postboks|Apartado|Caixa Postal|Case postale|Casilla|PL|BP|Box)[ ]\d{1,6}$/iu;
/** `Flat 3`, `Apt 2B`, `Suite 400`, `Unit 4`: a part that belongs to the address before its street. */
const UNIT = /^(?:Flat|Apt|Apartment|Suite|Ste|Unit|Floor|Fl|Room|Rm|Bldg|Building|Tower|Block|Wing|House No|Plot No|Door|Piso|Andar|Etage|Wohnung)\.?[ ]?#?[\w-]{1,6}$/iu;
/** A floor and door after the street in Spanish and Portuguese (`3º B`, `2º Esq`, `1.º Dto`). */
const FLOOR = /^\d{1,2}\.?[º°ª][ ]?(?:[A-Z]|Esq|Dto|Dta|Izq|Dcha|Dr|Fte|Frente)?\.?$/u;
/** A part between street and locality: a district, a county, a building (`Bela Vista`, `Col. Roma Norte`, `Shibuya-ku`). */
const MIDDLE_PART = /^(?:\p{Lu}[\p{L}'’.-]*|Col\.|Bairro|Barrio)(?:[ ](?:de|do|da|del|la|le|upon|on)?[ ]?[\p{Lu}\d][\p{L}'’.\d-]*){0,4}$/u;
/** What documentation and tests use: not a person's address. */
const SAMPLE_ADDRESS = /^123 Main\b|\b(?:Anytown|Someplace|Sometown|Example|Musterstadt|Musterstraße|Springfield, (?:OR|IL) 62704)\b|\b(?:12345|00000|99999)\b/i;

const LOOK_BACK = 200;
const MAX_PARTS = 4;

interface Part {
  start: number;
  end: number;
  text: string;
}

/** The comma-, dash- or line-separated parts before `end`, nearest first, within the window. */
function partsBefore(text: string, end: number): Part[] {
  const from = Math.max(0, end - LOOK_BACK);
  const window = text.slice(from, end);
  const parts: Part[] = [];
  // a quote around a comma, a bar or a tab is a cell's (`'Lindenweg 3', '4051 Basel'` in SQL, CSV, TSV or a table)
  // a line break takes the marker a transcript or a quoted reply puts before every line (swaks `-> `, msmtp `--> `, `> `)
  const separator = /["']?[ ]*[,|\t][ ]*["']?|[ ]*(?:\r?\n|\\n)[ ]*(?:(?:-{1,2}>|<-{1,2}|>)[ ]*)*|[ ]+-[ ]+(?=\p{Lu})/gu;
  let last = window.length;
  const bounds: Array<[number, number]> = [];
  for (let match = separator.exec(window); match; match = separator.exec(window)) bounds.push([match.index, match.index + match[0].length]);
  for (let i = bounds.length - 1; i >= 0 && parts.length < MAX_PARTS; i--) {
    const [sepStart, sepEnd] = bounds[i]!;
    if (sepEnd < last) parts.push(trimmed(from + sepEnd, window.slice(sepEnd, last)));
    last = sepStart;
  }
  if (parts.length < MAX_PARTS && last > 0) {
    // the first part: from the start of the clause (`send it to 1 Infinite Loop`) keep only the address-shaped tail
    const head = window.slice(0, last);
    const tail = /(?:(?<!\p{L})(?:ul|al|os|pl)\.[ ]|\d{1,5}[A-Za-z]?|\d{1,4}-\d{1,4}(?:-\d{1,4})?|\p{Lu}[\p{L}'’.-]*|P\.?[ ]?O\.?)(?:[ ,.'’/\p{L}\d-]*)$/u.exec(head);
    if (tail) parts.push(trimmed(from + tail.index, tail[0]));
  }
  return parts;
}

function trimmed(start: number, text: string): Part {
  const lead = text.length - text.trimStart().length;
  const value = text.trim();
  return { start: start + lead, end: start + lead + value.length, text: value };
}

/** Markup, quotes, and a field's name or a term's functor glued to the house number (`address(67 Rue …`, `street=12 …`). */
const LEADING_MARKUP = /^(?:<\/?[A-Za-z][\w-]*>|["'`([]|[\p{L}_][\p{L}\d_.-]*[(=:](?=["']?\d))+(?=[\p{L}\d])/u;

/** Trims a leading clause off a street part: `He lives at 4 Privet Drive` → `4 Privet Drive`. */
function streetIn(part: Part, strong: boolean, greekLatin = false): Part | undefined {
  const words = part.text.split(' ');
  for (let i = 0; i < words.length; i++) {
    // quotes and markup glued to the street's first word (`'<p>Aachener Straße 12`) are not part of it
    const text = words.slice(i).join(' ').replace(LEADING_MARKUP, '');
    const start = part.end - text.length;
    const candidate = { start, end: part.end, text };
    if (PO_BOX.test(text)) return candidate;
    const streetWord = HAS_STREET_WORD.test(text);
    if (NUMBER_THEN_NAME.test(text) && (strong || streetWord)) return candidate;
    // before a Greek town and postcode in Latin letters, a street's name and number need no street word (`Ermou 56`)
    if (NAME_THEN_NUMBER.test(text) && (streetWord || greekLatin || UNMARKED_STREET.test(text))) return candidate;
  }
  return undefined;
}

/** A cell that is a street line alone (`7 Mill Lane`, `Lindenallee 4`): a house number, a name and a street word, nothing else. */
export function isStreetCell(text: string): boolean {
  if (!HAS_STREET_WORD.test(text) || !(NUMBER_THEN_NAME.test(text) || NAME_THEN_NUMBER.test(text))) return false;
  // more than a number and a street word (`3 Way`, `2 Parade` are counts of things)
  return (text.match(/\p{L}{2,}/gu)?.length ?? 0) >= 2 || /\p{L}{3,}(?:straße|strasse|weg|gasse|platz|allee|laan|straat|gracht|vej|gatan|gata|veien)\b/iu.test(text);
}

/**
 * What every postcode above holds, found fast: three digits in a row, `12-345`, a UK postcode's
 * inward part (`1TH`), a Canadian one's (`0A9`), an Eircode (`D06 X2K8`). The locality pattern is tried only around these.
 */
const POSTCODE_CORE = /\d{3}|\d{2}-\d{3}|\d[A-Z]{2}(?![\p{L}\d])|[A-Z]\d[A-Z][ ]?\d[A-Z]\d|(?:[A-Z]\d{2}|D6W)[ ]?[A-Z\d]{4}(?![\p{L}\d])/gu;
const TOWN_REACH = 70;

/**
 * The ASCII characters no locality holds: LOCALITY consumes only letters, digits, `'’.-`, spaces,
 * tabs, `,|"()` and `〒` (every other character is read only by its look-arounds). A match that
 * ends at or after a core therefore starts after the last of these before the core, and a match
 * that starts before it also ends before it (and before the core): the search may start there.
 */
const OUTSIDE_LOCALITY = new Uint8Array(128).fill(1);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.- \t,|\"()") OUTSIDE_LOCALITY[char.charCodeAt(0)] = 0;

/** Where in `text[from, coreAt)` a locality that reaches the core at `coreAt` may start at the earliest. */
function localityReach(text: string, from: number, coreAt: number): number {
  for (let i = coreAt - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (code < 128 && OUTSIDE_LOCALITY[code] === 1) return i + 1;
  }
  return from;
}

/**
 * Whether `text[reach, to)` (in a window that starts at `from`) holds a capital letter or a
 * character outside ASCII where a word may start: every locality does. A locality that starts
 * with its town, a UK or Canadian postcode, an Eircode or a Greek capital starts with one, where
 * its look-behind lets it start: at the window's start, or not after an ASCII letter, digit or
 * `-` unless an escape's backslash is before that (after a character outside ASCII it is let
 * through here, whether a letter or not); one that starts with its postcode has its town's
 * capital after a space. A window without one is not searched.
 */
export function mayHoldLocality(text: string, from: number, reach: number, to: number): boolean {
  for (let i = reach; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!((code >= 65 && code <= 90) || code >= 128)) continue;
    if (i === from || !asciiWordChar(text.charCodeAt(i - 1)) || (i - 2 >= from && text.charCodeAt(i - 2) === 92)) return true;
  }
  return false;
}

/** An ASCII letter, digit or `-`: what the locality's look-behind refuses before its start (with what lies beyond ASCII). */
function asciiWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45;
}

/** Localities whose postcode is at a core, each once, in order. */
function* localities(text: string): Iterable<RegExpExecArray & { offset: number }> {
  let searchedTo = 0;
  POSTCODE_CORE.lastIndex = 0;
  for (let core = POSTCODE_CORE.exec(text); core; core = POSTCODE_CORE.exec(text)) {
    const coreEnd = core.index + core[0].length;
    if (coreEnd <= searchedTo) continue;
    const from = Math.max(searchedTo, core.index - TOWN_REACH);
    const to = Math.min(text.length, coreEnd + TOWN_REACH);
    const reach = localityReach(text, from, core.index);
    if (!mayHoldLocality(text, from, reach, to)) continue;
    const window = text.slice(from, to);
    const pattern = localityPattern();
    pattern.lastIndex = reach - from;
    for (let locality = pattern.exec(window); locality; locality = pattern.exec(window)) {
      const end = from + locality.index + locality[0].length;
      if (end < core.index) continue;
      searchedTo = end;
      POSTCODE_CORE.lastIndex = Math.max(POSTCODE_CORE.lastIndex, end);
      yield Object.assign(locality, { offset: from });
      break;
    }
  }
}

function* postcodeAddresses(text: string): Iterable<Span> {
  for (const locality of localities(text)) {
    // a locality spread over cells (`Jobs | CA | 95014`) may be any table's columns: its street needs a street word
    const strong = locality[1] !== undefined && !/[|\t"']|,(?=\S)/.test(locality[0]);
    const greekLatin = GREEK_LATIN_LOCALITY_AT.test(locality[0]);
    locality.index += locality.offset;
    if (locality[2] !== undefined && !townThenFiveStands(text, locality[0], locality.index + locality[0].length)) continue;
    const parts = partsBefore(text, locality.index);
    let start: number | undefined;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      // Spanish and Portuguese order: `Rua Augusta, 1500 - Consolação`, `Calle Mayor, 5`
      const next = parts[i + 1];
      if (NUMBER_PART.test(part.text) && next && HAS_STREET_WORD.test(next.text) && /^\p{Lu}/u.test(next.text)) {
        start = next.start;
        i += 1;
      } else {
        const street = streetIn(part, strong, greekLatin);
        if (street) start = street.start;
        // a street word without a number after a unit (`Flat 201, Sai Residency, MG Road`)
        else if (HAS_STREET_WORD.test(part.text) && parts.slice(i + 1).some((p) => UNIT.test(p.text))) start = part.start;
        // after a postcode of a country's own shape, a flat or building first (`Flat 12B, Tower 3, Whitefield, Bengaluru - 560048`)
        else if (strong && UNIT.test(part.text)) start = part.start;
        else if ((MIDDLE_PART.test(part.text) && part.text.length <= 40) || FLOOR.test(part.text)) continue;
        else break;
      }
      // take the unit or building parts before the street
      for (let j = i + 1; j < parts.length; j++) {
        const before = parts[j]!;
        if (UNIT.test(before.text)) start = before.start;
        else if (!(MIDDLE_PART.test(before.text) && parts.slice(j + 1).some((p) => UNIT.test(p.text)))) break;
      }
      break;
    }
    if (start === undefined) continue;
    const end = locality.index + locality[0].length;
    if (SAMPLE_ADDRESS.test(text.slice(start, end)) || companyAddressee(text, start)) continue;
    // a Greek street has a Greek postcode (five digits), not four digits that may be a year
    if (/^\p{Script=Greek}/u.test(text.slice(start, start + 1)) && !/\d{3}[ ]?\d{2}/.test(locality[0])) continue;
    yield { start: addresseeStart(text, start) ?? start, end };
  }
}

export const POSTCODE_ADDRESS_RULE: Rule = {
  id: 'postcode-address',
  type: 'pii',
  label: 'address',
  description: 'a postal address found from its locality: a town with a postcode in a national shape (US state and ZIP, UK, Canadian, Australian, Brazilian, Indian, Japanese, Greek in either script, or a continental `12345 Town` after a street word), preceded by a street part with its house number',
  keywords: [],
  // every postcode's core holds a digit
  needsDigit: true,
  detector: postcodeAddresses,
  examples: {
    match: [
      'send it to 1 Infinite Loop, Cupertino, CA 95014',
      'He lives at 4 Privet Drive, Little Whinging, Surrey GU22 7QQ',
      'Unit 4, 17 Smith St, Fitzroy VIC 3065',
      'Flat 201, Sai Residency, MG Road, Bengaluru 560001',
      'Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001',
      'Calle Mayor, 5, 28013 Madrid',
      '500 W 2nd St Austin TX 78701',
      '3-14-2 Ebisu, Shibuya-ku, Tokyo 150-0013',
      'PO Box 1234, Anchorage, AK 99501',
      'Flat 3, 27 Kingsway, London WC2B 6UN',
      'Av. Insurgentes Sur 1602, Col. Crédito Constructor, 03940 Ciudad de México',
      'Apt 5, 9 Grattan Street, Portobello, Dublin 8, D08 YN2C',
      'ship the order to 31 Castle Road, Ballincollig, Cork P31 KX70',
      'Leveransadress: Drottninggatan 53, 111 21 Stockholm',
      'Nørrebrogade 44, 2200 København N',
      'Osoite: Mannerheimintie 12 B 7, 00100 Helsinki',
      '"addr": "Av. da Liberdade 110, 1250-146 Lisboa"',
      "INSERT INTO clients VALUES (3, 'Mia Keller', 'Lindenweg 3', '4051 Basel');",
      'Nomvula Khumalo, 31 Loop Street, Cape Town, 8001',
      'Tane Parata, 7 Karangahape Road, Newton, Auckland 1010',
      '1280 avenue des Pins Ouest, Montréal (Québec) H3G 1A4',
      'ul. Wilcza 9 m. 12, 00-538 Warszawa',
      'Paseo de Gracia 21, 4º Izq, 08007 Barcelona',
      'Kongens gate 7, 7011 Trondheim',
      'Postboks 310, 0103 Oslo',
      'House No 14, Block C, Sector 62, Noida 201301',
      'Calle 16 de Septiembre 45, Centro, 44100 Guadalajara',
      'C/ Mayor 12, 2º A, 28013 Madrid',
      'Avda. de la Constitución 3, 41004 Sevilla',
      'Box 4410, 114 79 Stockholm',
      "(7, 'Wendell Cho', '412 Juniper Ct', 'Medford', 'OR', '97501')",
      ' 9 | Rosalind Peck | 63 Alder St | Eugene | OR | 97401 |',
      'Lakshmi Rao\t15 Birch Rd\tAlbany\tNY\t12203',
      'Mariahilfer Straße 88, A-1070 Wien',
      'Plac Wolności 2, 61-738 Poznań',
      'Korunní 1208/74, 101 00 Praha',
      'Σόλωνος 22, 106 73 Αθήνα',
      'Ιπποκράτους 41, Αθήνα 106 80',
      'Αγγελάκη 7Β, Θεσσαλονίκη 54621',
      'Κανάρη 18, Τ.Κ. 26222, Πάτρα',
      'Váci utca 19, 1052 Budapest',
      'Strada Academiei 14, București 010014',
      'Gedimino pr. 9, LT-01103 Vilnius',
      'Brīvības iela 55, LV-1010 Rīga',
      'Jl. Malioboro No. 52, 55271 Yogyakarta',
      'Nám. Republiky 8, 301 00 Plzeň 3',
      'Leoforos Vasilissis Sofias 12, Athina 106 74',
      'Delivery: Nikos Papadopoulos, Ermou 56, 105 63 Athina',
      'Customer lives at Kifisias 44, Marousi 151 25.',
      'Agiou Dimitriou 15, 41222 Larisa',
      ' -> Saluti,\n -> Beatrice Fumagalli\n -> 27 Via Solferino\n -> Milano 20121\n -> \n',
      '--> Lothar Quandt\n--> Kaiserstraße 41\n--> Hamburg 20457\n',
      '> Regards,\n> 9 Wellington Close\n> Bath BA1 2LE',
      'the parcel for 14 Birch Road, Lüneburg 21335 came back',
      'location "Basement, 3 Kirchweg, Graz 80102"',
      'term(addr(9 Quay Street,Kilkenny 31005))',
    ],
    noMatch: [
      '123 Main Street, Anytown, CA 12345',
      'Error 404 Not Found, retry 12345 Times',
      'Version 2, build 12345 Berlin',
      'tests: 42 Passed, 3 Failed, CA 95014',
      'Resolved 18 packages in 4 Seconds, 28013 Madrid',
      'See chapter 12 Appendix, page 28013 Madrid',
      'Fixed 3 Tests, Build D06 X2K8',
      'Retried 3 Jobs, 120 45 Runners',
      'tie 12 B, 2024-001 Release',
      'Upgraded 14 Packages in Node, Windows 2022',
      'Fixed 3 Tests, Ubuntu 2204',
      '| 3 Retries | Jobs | CA | 95014 |',
      'region,zone\nSanta Clara,CA,95054',
      'Ratio 16/9, 120 00 Pixels',
      'Page 12/345, 2024 Report',
      'Έκδοση 2, Αθήνα 2024',
      'Release 2, Athens 2024',
      'Merged 3 Parade, Node 20145 passed',
      '-> 14 Retries\n-> Node 20145',
      'Upgraded 4 Drive, Build 20231 released',
      'Ran 2 Way, Window 30000 left',
    ],
  },
};
