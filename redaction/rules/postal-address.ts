/**
 * Postal addresses, for the profiles that remove personal data. An address has no format to
 * recognise it by alone; what gives it away is a label ("Ship to:", "Billing address",
 * "Anschrift", "住所", a vCard `ADR`, a `street`/`line1` field) and a value with a house number or
 * a postcode. The value is removed to the end of its line (or, after a label that ends its line,
 * the next lines of the block). An IP, MAC, e-mail, memory or server "address" is not postal.
 */
import type { Rule, Span } from '../types.js';
import { ADDRESS_FIELDS_RULE } from './address-fields.js';
import { addresseeStart, companyAddressee } from './person-name-shape.js';
import { lineBreakAfter } from '../line-bounds.js';

/** Labels that announce a postal address, in several languages; `address` alone needs a qualifier or a comma-separated value. */
const LABEL = new RegExp(
  [
    String.raw`\b(?:shipping|billing|mailing|postal|home|street|delivery|residential|physical|business|office|return|permanent|current|correspondence|registered)[ _-]?address(?:es)?\b`,
    String.raw`\b(?:ship|deliver|send|mail)(?:ping)?[ _-]to\b`,
    String.raw`\b(?:anschrift|lieferadresse|rechnungsadresse|wohnadresse|postanschrift|adresse(?:[ _-]de[ _-](?:livraison|facturation))?|adresse[ _-]postale|direcci[oó]n(?:[ _-]de[ _-]env[ií]o)?|domicilio|indirizzo|endere[cç]o|morada|afleveradres|factuuradres|adres)\b`,
    String.raw`(?<![\w-])address(?:[ _-]?line[ _-]?[12]|[12])?\b`,
    // the street field of an address object (`"street": "18 Orchard Lane"`, Stripe's `"line1": "510 Townsend St"`)
    // also as a record's last word (`CUST-STREET:`, `:customer/street`, `billing.street`); `street 2 Elm Road` is the street, not its second line
    String.raw`(?:(?<=[\p{L}\d][-_/.])|(?<![\w-]))(?:street(?:(?:[ _-]?(?:line|name))?[_-]?[12]|(?:[ _-]?(?:line|name))?[ ][12](?=["']?[ \t]*[:：=]))?|line[12])\b`,
    String.raw`住所|収货地址|收货地址|地址|주소|〒`,
    // labels in scripts and languages where \b does not hold or the words above do not reach
    String.raw`(?:адрес|адреса|διεύθυνση|Διεύθυνση|(?:ال)?عنوان|पता|ที่อยู่|כתובת|địa[ ]chỉ|alamat|adresa|osoite|adress|naslov)(?![\p{L}\p{M}])`,
    String.raw`^ADR(?:;[^:\n]*)?(?=:)`,
  ].join('|'),
  'gimu',
);
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
/** Words before `address` that make it something else. */
const NOT_POSTAL = /\b(?:ip|ipv[46]|mac|e-?mail|memory|bind|listen|server|remote|local|host|wallet|contract|base|return|load|physical memory|virtual|web|url|bluetooth|hardware|network|gateway|broadcast|multicast|peer|node|public|private|proxy|sender|recipient|reply-to|from|to)[ _./-]?$/i;
/** A house number or a postcode: a digit group next to letters, or a postal code pattern. */
const HAS_NUMBER = /\d/;
const WORDS = /[\p{L}]{2,}/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]{3,}/u;
/** What an address value is not: an IP, a URL, an e-mail, hex, a path, a placeholder, an object or a list (its fields are read one by one). */
const NOT_AN_ADDRESS = /^0x[0-9a-f]|^[{[]|^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?|[0-9a-f:]{6,}|0x[0-9a-f]+|[a-z]+:\/\/\S+|\S+@\S+|[~./]\S*|<[^>]*>|\$\{?\w+\}?|\{\{[^}]*\}\}|(?:n\/a|none|null|tbd|todo|see below|unknown))$/i;
const MAX_LINES = 4;
/** A street field's value: a house number and a name, or a name and a number (`Lindenstraße 14`). */
const STREET_FIELD_VALUE = /^["']?(?:\d{1,5}[A-Za-z]?[ ,]+\p{Lu}[\p{L}'’.-]*(?:[ ][\p{L}\d'’.-]+){0,5}|\p{Lu}[\p{L}'’.-]*(?:[ ][\p{L}'’.-]+){0,4}[ ]\d{1,5}[A-Za-z]?(?:[-/]\d{1,4})?)["']?$/u;

/** A value that starts with an IP address or a host name (`10.0.3.7,`, `db.internal:5432`, `fe80::1`). */
const MACHINE_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*)(?::\d{1,5})?(?=$|[\s,;\])}"'])/;

function postalValue(value: string, qualified: boolean, streetField: boolean): boolean {
  const trimmed = value.trim().replace(/^["'`]|["'`,;]+$/g, '');
  if (trimmed.length < 8 || trimmed.length > 240 || NOT_AN_ADDRESS.test(trimmed)) return false;
  // words, or in scripts written without spaces a run of characters (大阪府大阪市北区); a street field's
  // value is held to its own shape below, and one word and a number is a street there (`Storgata 12`)
  if (!HAS_NUMBER.test(trimmed) || ((trimmed.match(WORDS)?.length ?? 0) < 2 && !CJK_RUN.test(trimmed) && !streetField)) return false;
  // a bare `address:` label needs the shape of an address: parts separated by commas or lines
  return qualified || /,|\n/.test(trimmed);
}

const OPENER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/** A value without the brackets and quotes that close the record or call around it (`{address=4 Elm Road, Leeds}`). */
function withoutClosers(value: string): string {
  let end = value.length;
  for (;;) {
    const last = value[end - 1];
    if (last === undefined) return value.slice(0, end);
    const opener = OPENER[last];
    const closesOutside = opener !== undefined ? !value.slice(0, end - 1).includes(opener) : (last === '"' || last === "'") && value.slice(0, end - 1).split(last).length % 2 === 1;
    if (!closesOutside) return value.slice(0, end).trimEnd();
    end -= 1;
  }
}

/** The label pattern tried at one position. */
const LABEL_AT = new RegExp(LABEL.source, 'imuy');
/** How far before its keyword a label may start (`correspondence address`, `Rechnungsadresse`). */
const LABEL_REACH = 20;

/**
 * The labels in text order, each found by trying the label pattern at the few places before and at
 * a keyword (every label holds one): searching a long text whole with a case-insensitive Unicode
 * alternation costs more than the rest of the rule. `resume(end)` skips the labels before `end`.
 */
function labelsAt(text: string, starts: readonly number[]): { next: () => RegExpExecArray | null; resume: (end: number) => void } {
  let cursor = 0;
  let index = 0;
  return {
    next: () => {
      for (; index < starts.length; index++) {
        const at = starts[index]!;
        if (at < cursor) continue;
        for (let p = Math.max(cursor, at - LABEL_REACH); p <= at; p++) {
          LABEL_AT.lastIndex = p;
          const label = LABEL_AT.exec(text);
          if (!label || p + label[0].length <= at) continue;
          cursor = p + label[0].length;
          return label;
        }
      }
      return null;
    },
    resume: (end) => {
      cursor = Math.max(cursor, end);
    },
  };
}

function* postalAddresses(text: string, starts: readonly number[] = []): Iterable<Span> {
  const labels = labelsAt(text, starts);
  for (let label = labels.next(); label; label = labels.next()) {
    // the labels of other scripts have no \b before them: a letter there makes them part of a word
    if (LETTER_OR_MARK.test(text[label.index - 1] ?? '') && LETTER_OR_MARK.test(label[0][0]!) && !/^[a-z]/i.test(label[0])) continue;
    const before = text.slice(Math.max(0, label.index - 20), label.index);
    if (/address/i.test(label[0]) && NOT_POSTAL.test(before)) continue;
    // a numbered address line (`address1`, `address_line_1`) is postal; a bare `address` is not yet
    const qualified = !/^address$/i.test(label[0]);
    const streetField = /^(?:street|line)/i.test(label[0]);
    // the separator: `:`, `：`, `=`, a JSON or YAML key's quote and colon, or a vCard's `;…:`
    // (`Anschrift Mühlenweg 7` without a colon only after a qualified label: `at address 0x7ffd…` is memory)
    // a qualified label may carry one or two lower-case words of its language before the colon (`Adres dostawy:`, `Адрес доставки:`)
    // a key and its value as a call's two arguments (`put("address", "…")`, `setAttribute('street', '…')`)
    const separator = (qualified ? /^(?:[ ]\p{Ll}{2,15}){0,2}["']?[ \t]*(?:=>|[:：=])[ \t]*["']?|^[ \t]+(?=\d)|^(["'])[ \t]*,[ \t]*\1/u : /^["']?[ \t]*(?:=>|[:：=])[ \t]*["']?|^(["'])[ \t]*,[ \t]*\1/).exec(text.slice(label.index + label[0].length));
    if (!separator && label[0] !== '〒') continue;
    let start = label.index + label[0].length + (separator?.[0].length ?? 0);
    if (label[0] === '〒') start = label.index + 1;
    const lineEnd = lineBreakAfter(text, start);
    let end = lineEnd < 0 ? text.length : lineEnd;
    // `Ship to:` at the end of its line: the block below, up to a blank line
    if (text.slice(start, end).trim() === '' && lineEnd >= 0) {
      let cursor = lineEnd + 1;
      start = cursor;
      end = cursor;
      for (let line = 0; line < MAX_LINES && cursor < text.length; line++) {
        const next = lineBreakAfter(text, cursor);
        const stop = next < 0 ? text.length : next;
        if (text.slice(cursor, stop).trim() === '') break;
        end = stop;
        if (next < 0) break;
        cursor = next + 1;
      }
    }
    // a quoted value ends at its quote
    const quoted = text.slice(start, end).search(/["'](?:[ \t]*[,})\]]|$)/);
    if (quoted > 0) end = start + quoted;
    let value = text.slice(start, end);
    // `address=10.0.3.7, city=eu-west-1`: a machine's address, whatever follows it on the line
    if (MACHINE_ADDRESS.test(value.trimStart())) continue;
    // a street field in a printed record ends where the record's next field starts (`Street = 4 Elm Road, City = …`, `:street 4 Elm Road, :zip …`)
    if (streetField && !STREET_FIELD_VALUE.test(value.trim())) {
      const field = /^[^,;})\]\n]*/.exec(value)![0];
      if (field.length === value.length || !STREET_FIELD_VALUE.test(field.trim())) continue;
      value = field;
      end = start + field.length;
    }
    if (!postalValue(value, qualified || text.slice(start, end).includes('\n'), streetField)) continue;
    const lead = value.length - value.trimStart().length;
    const trail = value.length - withoutClosers(value.trimEnd()).length;
    yield { start: start + lead, end: end - trail };
    labels.resume(end);
  }
}

const LABELLED_ADDRESS_RULE: Rule = {
  id: 'postal-address',
  type: 'pii',
  label: 'address',
  description: 'a postal address after a label that announces one (ship to, billing address, Anschrift, adresse, dirección, 住所, 〒, vCard ADR, street/line1 fields, whose value must then be a house number and a name) whose value has a house number or a postcode',
  keywordStarts: true,
  keywords: ['street', 'line1', 'line2', 'address', 'adresse', 'adres', 'адрес', 'διεύθυνση', 'عنوان', 'पता', 'ที่อยู่', 'כתובת', 'địa chỉ', 'alamat', 'adresa', 'osoite', 'adress', 'naslov', 'anschrift', 'ship to', 'ship-to', 'shipping to', 'deliver to', 'send to', 'mail to', 'indirizzo', 'domicilio', 'morada', 'adr;', 'adr:', 'direcci', 'endere', '住所', '〒', '地址', '주소'],
  detector: postalAddresses,
  examples: {
    match: [
      'Ship to: Nadia Petrov, 18 Orchard Lane, Bristol BS8 1TH',
      'Shipping address:\nKenji Mori\n3-14-2 Ebisu, Shibuya-ku\nTokyo 150-0013',
      '{"billing_address": "742 Evergreen Terrace, Springfield, OR 97475"}',
      'Anschrift: Mühlenweg 7, 24103 Kiel',
      'ADR;TYPE=home:;;Rua das Flores 120;Porto;;4050-262;Portugal',
      '〒530-0001 大阪府大阪市北区梅田1-2-3',
      '{"name": "Ola Nordmann", "street": "18 Orchard Lane", "city": "Bristol"}',
      'address: { line1: "510 Townsend St", city: "San Francisco" }',
      '- name: Elin Berg\n  street: Vasagatan 17\n  city: Göteborg',
      'address_line_1: 2750 Foxglove Dr\ncity: Reno',
      'Адрес доставки: 620014, Екатеринбург, проспект Ленина, д. 24, кв. 8',
      'Địa chỉ: 45 Lê Lợi, Phường Bến Nghé, Quận 1',
      'Alamat: Jl. Gatot Subroto No. 12, Bandung',
      'العنوان: شارع الملك فهد 214، جدة',
      'Parameters: {"customer"=>{"street"=>"Tverskaya 12", "city"=>"Moscow"}}',
      'MEMBER-STREET: 8 Mill Lane        ',
      'WARN bad zip {:buyer/street 31 Ferry Road, :buyer/zip "x"}',
      'Member { Street = 12 Aspen Close, Town = Leeds }',
      'row.put("street", "7 Cedar Avenue")',
    ],
    noMatch: [
      'Service[name=orders, address=10.0.3.7, city=eu-west-1]',
      'Backend(address=db.internal:5432, zone=eu-west-1b)',
      'IP address: 203.0.113.7',
      'email address: ops@acme.example',
      'The server address is 10.0.0.4:8080',
      'address: 0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
      'Bind address: 0.0.0.0',
      'shipping address: see the order form',
      'address = ${ADDRESS}',
      'MAC address 00:1a:2b:3c:4d:5e',
      'Segmentation fault at address 0x00007ffd4c2e1a80 (signal 11)',
      'street: 5 lanes, 2 directions',
      'line1 = 42 if header else 0',
      'street: Level 3',
      'адрес сервера: 10.0.0.4:8080',
      'Địa chỉ IP: 203.0.113.7',
      'alamat email: budi@contoh.id',
      'const address = { line1: form.line1, city: form.city, postal_code: form.zip };',
      'the street 4 lanes wide was closed',
      'peer/address: 10.0.0.9',
      'street 2 of the level has no exit',
    ],
  },
};

// ---------------------------------------------------------------- addresses without a label

/** A town after a comma or a line break: `Springfield, IL 62704`, `Leeds LS1 4DY`, `Toronto, ON M5V 2T6`, `75002 Paris`, `00-950 Warszawa`. */
/** An apostrophe only inside a town's name (`L'Aquila`, `Val-d'Or`): a quote that closes a string is not the town's. */
const TOWN = String.raw`\p{Lu}[\p{L}.-]*(?:['’]\p{L}[\p{L}.-]*)*(?:[ ]\p{Lu}[\p{L}.-]*(?:['’]\p{L}[\p{L}.-]*)*){0,3}`;
const LOCALITY = String.raw`(?:${TOWN},?[ ](?:[A-Z]{2}[ ]\d{5}(?:-\d{4})?|[A-Z]{2}[ ][A-Z]\d[A-Z][ ]\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2})|(?:[A-Z]-)?(?:\d{4,5}|\d{2}-\d{3}|\d{3}-\d{4}|\d{4}[ ]?[A-Z]{2})[ ]${TOWN})`;
const BREAK = String.raw`(?:,[ ]?|[ ]*(?:\r?\n|\\n)[ ]*)`;
/** `221 Baker Street`, `1600 Elm Ave., Suite 4`: a house number, one to four words, a street type. */
const NUMBER_FIRST = String.raw`\d{1,5}[A-Za-z]?(?:[ ][\p{Lu}\d][\p{L}\d'’.-]*){1,4}?[ ](?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Close|Crescent|Parkway|Pkwy|Highway|Hwy|Square|Sq|Circle|Trail|Row|Walk|Grove|Gardens)\b\.?(?:,?[ ](?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|#)\.?[ ]?#?[\w-]{1,6})?`;
/** `12 rue de la Paix`, `8 bis, avenue Foch`: French order. */
const NUMBER_FIRST_FR = String.raw`\d{1,4}(?:[ ]?(?:bis|ter))?,?[ ](?:rue|avenue|boulevard|bd|place|chemin|allée|impasse|quai|cours)(?:[ ][\p{L}'’.-]+){1,5}?`;
/** `Lindenstraße 14`, `Keizersgracht 221A`, `Calle de Alcalá 48`, `ul. Długa 5/7`, `Via Garibaldi 3`. */
const NUMBER_AFTER = String.raw`(?:\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|laan|straat|gracht|plein|vej|gatan|gata|veien|ring|damm|ufer)|(?:ul\.|Calle|Via|Viale|Piazza|Corso|Rue|Avenida|Av\.|Rua|Carrer|Paseo|Plaza)(?:[ ][\p{L}'’.-]+){1,4}?)[ ]\d{1,5}[A-Za-z]?(?:[-/]\d{1,4})?`;
const STREET_ADDRESS_SOURCE = String.raw`(?<![\p{L}\d])(?:${NUMBER_FIRST}|${NUMBER_FIRST_FR}|${NUMBER_AFTER})${BREAK}${LOCALITY}(?![\p{L}\d])`;
/**
 * `42 Wallaby Way, Sydney`, `9 Elm Road, Leeds, UK`: a numbered street and a town with no
 * postcode, where the town ends the clause (a line end, a full stop, a quote or a bracket).
 */
const NOT_A_TOWN = String.raw`(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Then|Now|Today|Tomorrow|Yesterday|Done|Fixed|Thanks)\b)`;
const STREET_THEN_TOWN_SOURCE = String.raw`(?<![\p{L}\d])${NUMBER_FIRST},[ ]${NOT_A_TOWN}${TOWN}(?:,[ ]${TOWN})?(?=[ ]?(?:$|[.;:!?)"'\]]|\r?\n|\\n))`;
/** Both built at their first use: their `\p{…}` classes cost milliseconds to construct in every process, and only the research profile reads addresses. */
let streetPatterns: { streetAddress: RegExp; streetThenTown: RegExp } | undefined;
const streetPatternsBuilt = () => (streetPatterns ??= { streetAddress: new RegExp(STREET_ADDRESS_SOURCE, 'gu'), streetThenTown: new RegExp(STREET_THEN_TOWN_SOURCE, 'gmu') });

/** What every locality above holds: a ZIP, a postcode's digits, a UK or Canadian postcode's shape. */
const POSTCODE_HINT = /\d{4}|\d{2}-\d{3}|\d[A-Z]{2}\b|[A-Z]\d[A-Z] \d/;
/** `123 Main Street, Anytown`, ZIP `12345`: the addresses of documentation. */
const SAMPLE_ADDRESS = /^123 Main\b|\b(?:Anytown|Someplace|Sometown|Example|Musterstadt|Musterstraße)\b|\b(?:12345|00000|99999)\b/i;

const STREET_WORDS = ['street', 'avenue', 'road', 'boulevard', 'blvd', 'lane', 'drive', 'court', 'place', 'way', 'terrace', 'close', 'crescent', 'parkway', 'pkwy', 'highway', 'hwy', 'square', 'circle', 'trail', 'row', 'walk', 'grove', 'gardens'];
const SHORT_STREET_WORDS = ['st', 'ave', 'rd', 'ln', 'dr', 'ct', 'pl', 'sq'].flatMap((word) => [' ', '.', ',', '\n', '\\n'].map((after) => ` ${word}${after}`));
const CONTINENTAL_WORDS = ['straße', 'strasse', 'str.', 'weg ', 'gasse', 'platz', 'allee', 'laan', 'straat', 'gracht', 'plein', 'vej ', 'gatan', 'gata ', 'veien', 'ring ', 'damm', 'ufer', 'ul. ', 'calle ', 'via ', 'viale ', 'piazza ', 'corso ', 'rue ', 'avenida ', 'av. ', 'rua ', 'carrer ', 'paseo ', 'plaza ', 'chemin ', 'allée ', 'impasse ', 'quai ', 'cours ', 'boulevard '];

/** Around each street word: the line it is on and the next, searched for a street line and a town line. */
function* streetAddresses(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    const from = Math.max(0, at - 80);
    const window = text.slice(from, Math.min(text.length, at + 200));
    // most street words are words of prose and code: no postcode after them, then only a town may
    // follow. A number further on is only a hint of a postcode (a phone, a year, another text's
    // postcode): when the postcode form finds nothing, the town form is tried too.
    const { streetAddress, streetThenTown } = streetPatternsBuilt();
    const patterns = POSTCODE_HINT.test(window.slice(at - from)) ? [streetAddress, streetThenTown] : [streetThenTown];
    for (const pattern of patterns) {
      const found = addressAround(window, from, at, pattern);
      if (!found) continue;
      if (companyAddressee(text, found.start)) break;
      yield { start: addresseeStart(text, found.start) ?? found.start, end: found.end };
      done = found.end;
      break;
    }
  }
}

/** The first match of `pattern` in the window that holds the street word at `at`, unless it is a sample. */
function addressAround(window: string, from: number, at: number, pattern: RegExp): Span | null {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
    const start = from + match.index;
    const end = start + match[0].length;
    if (end <= at || SAMPLE_ADDRESS.test(match[0])) continue;
    if (start > at) return null;
    return { start, end };
  }
  return null;
}

const STREET_ADDRESS_RULE: Rule = {
  id: 'street-address',
  type: 'pii',
  label: 'address',
  description: 'a postal address without a label: a street line (house number and a street type: Street, Ave, Road, Straße, rue, Calle, Via, laan, ul. …) followed by a postcode and town, a `Town, ST 12345` line, or a town that ends the clause',
  keywords: [...STREET_WORDS, ...SHORT_STREET_WORDS, ...CONTINENTAL_WORDS],
  keywordStarts: true,
  detector: streetAddresses,
  examples: {
    match: [
      'she lives at 17 Rosemary Lane, Leeds. Her badge number is 4471.',
      'Deliver the package to 4419 Cedar Hollow Rd, Apt 2B, Asheville, NC 28803 by noon',
      '"shipTo": "77 Wellington Crescent\\nWinnipeg, MB R3M 0A9"',
      'Ottilie Brandt\nKastanienallee 31\n10435 Berlin',
      'Boekhandel Lindeman, Oudegracht 112, 3511 AW Utrecht',
      'ul. Piotrkowska 104/6, 90-926 Łódź',
      '14 rue des Tanneurs, 67000 Strasbourg',
      '9 Lowther Street, Carlisle CA3 8DP',
      'the dentist is at 42 Wallaby Way, Sydney.',
      'Invoice to 18 Harcourt Road, Dublin, Ireland',
      "print('ship to 5 Quarry Lane, Galway')",
      "addr = '8 Church Street, Bishop's Stortford'; x = 1",
    ],
    noMatch: [
      '123 Main Street, Anytown, CA 12345',
      'Run 3 Way Merge, then push',
      'See line 42 Road Map, section 4 St',
      'Moved 12 files to Playground Street folder',
      'Via 3 hops, 1000 Packets lost',
      'const street = address.street; // 221 Baker Street',
      'took 2 Fast Lane, Then we merged',
      'added 3 Test Drive, Monday',
    ],
  },
};

export const POSTAL_ADDRESS_RULES: readonly Rule[] = [LABELLED_ADDRESS_RULE, STREET_ADDRESS_RULE, ADDRESS_FIELDS_RULE];
