/**
 * Personal data in real programs' output, captured on this machine with made-up people planted
 * (test/pii-captures/, each file named by its program and version): statement logs and ORM logs
 * with bound parameters, mail clients' SMTP logs, data frames and key/value dumps. Through the
 * research profile every planted value must be gone, and what is nobody's (column names, hosts,
 * times, the program's own words) must stay.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const capture = (name: string) => readFileSync(new URL(`./pii-captures/${name}`, import.meta.url), 'utf8');
/** A fresh redactor for each text: one remembers what it found and would replace it in the next. */
const research = (text: string) => createTextRedactor('research')(text).text;

/** [capture file, values planted in it that must be gone, words of the program's that must stay] */
type Case = [string, string[], string[]];

function expectClean([file, planted, kept]: Case): void {
  const out = research(capture(file));
  for (const value of planted) expect(out, out).not.toContain(value);
  for (const word of kept) expect(out, out).toContain(word);
}

const STATEMENT_LOGS: Case[] = [
  [
    'mariadb-10.11-general-log.txt',
    ['Marguerite Oyelaran', 'Kastanienallee 12', 'Leipzig', '1984-03-17', 'Bartholomew Njoroge', '27 Rowan Crescent', 'Sheffield', 'Solveig Aranda-Kowal', 'Calle del Pez 41', 'Madrid', '+34 699 555 221', 'solveig.ak@proton.me', 'Ingrid Mbeki-Larsson', 'Storgatan 18', 'Uppsala', 'Thorvald Meyers gate 9', '5 Larkspur Lane', 'LS6 2QT', 'Casimir Throndsen'],
    ['crm_customers', '`streetAddress`', "TABLE_NAME = 'crm_customers'", "SET time_zone='+00:00'", '2026-11-27 14:17:05.975'],
  ],
  [
    // a statement sent over several lines, and MariaDB's `INSERT INTO t SET col = …`
    'mariadb-10.11-general-log-multiline-and-set.txt',
    ['Wendeline Adebayo-Strand', 'wendeline.as@icloud.com', 'Bygdøy allé 5', '1987-10-02', 'Ruaridh MacAskill', '8 Kelvin Drive', 'Glasgow', 'Zofia Brzęczyszczykiewicz', 'zofia.b@onet.pl', '+48 512 555 307', 'ul. Długa 14', 'Gdańsk'],
    ['INSERT INTO customers (full_name, email, phone, street, city, birth_date)', 'INSERT INTO customers SET full_name = ', ', street = '],
  ],
  [
    // the SQL interpolated, then its values again as `args=`; bulk_create on SQLite logs `INSERT … SELECT`
    'django-3.2.25-backends-debug.txt',
    ['Ottoline Mbatha-Reyes', 'ottoline.mr@mweb.co.za', '+27 82 555 0193', '14 Loop Street', 'Cape Town', "'8001'", '1989-11-23', 'Emrys Castellanos', 'emrys.c@telus.net', '2210 Commercial Drive', 'Vancouver', 'V5N 4B4', '1978-02-06', 'Burnaby'],
    ['INSERT INTO "crm_customer" ("full_name", "email", "phone", "street_address", "city", "postal_code", "date_of_birth") VALUES (', '; args=(', 'PRAGMA foreign_keys = ON; args=None'],
  ],
  [
    'activerecord-6.1.7.10-sqlite-log.txt',
    ['Ludovica', 'Ansah-Pellegrini', 'ludovica.ap@tiscali.it', '+39 333 555 0871', 'Via dei Servi 22', 'Firenze', '50122', '1992-04-18', 'Prato'],
    ['Customer Create (0.1ms)', '[["first_name", "', '["LIMIT", 1]]'],
  ],
  [
    'sequelize-6-mariadb-log-parameters.txt',
    ['Ingrid Mbeki-Larsson', 'ingrid.ml@outlook.com', '+46 70 555 12 84', 'Storgatan 18', 'Uppsala', '753 20', '1988-05-09', 'Casimir Throndsen', 'Thorvald Meyers gate 9', 'Ayesha Oduya', '5 Larkspur Lane', 'LS6 2QT', '1993-02-14', '+47 412 55 999'],
    ['Executed (default): INSERT INTO `crm_customers`', 'VALUES (DEFAULT,?,?,?,?,?,?,?,?,?);', '"2026-11-27 14:17:05.942"', 'WHERE `fullName` = ?;'],
  ],
];

const MAIL_LOGS: Case[] = [
  [
    's-nail-14.9-verbose-send.txt',
    ['leopold.fo@fairweather-lettings.co.uk', 'gwen.abernathy@virginmedia.com', 'r.achebe@lawmail.co.uk', 'Leopold Fairweather-Osei', 'Gwendolyn Abernathy-Mbeki', 'Hello Gwendolyn', '+44 161 496 0734'],
    ['s-nail: >>> Subject: Lease for ', 's-nail: >>> Kind regards,', 'Fairweather Lettings', 'User-Agent: s-nail v14.9.24', '220 localhost Python SMTP 1.4.3'],
  ],
  [
    'nodemailer-10.6-logger.txt',
    ['cordelia.vanterpool@mailbox.org', 'ignatius.oh@gmail.com', 'henrike.salvesen@online.no', 'c.vanterpool@vanterpool-design.com', 'Cordelia Vanterpool', 'Ignatius Oyelowo-Hart', 'Henrike Salvesen', 'Dear Ignatius', '+353 87 555 0419'],
    ['Subject: Invoice 2291 for ', 'Best wishes,', 'Vanterpool Design', 'Content-Type: text/plain; charset=utf-8', 'S: 250 OK'],
  ],
  [
    // a display name in RFC 2047 encoded words, folded onto its own line; the body quoted-printable; a `-- ` signature
    'nodemailer-10.6-logger-encoded-names.txt',
    ['bronwen.iturbide@posteo.net', 'kwabena.thorsrud@hotmail.no', 'maud.esterhazy@citromail.hu', 'Bronwen Iturbide', 'Kwabena Thorsrud', 'Maud_Esterh=C3=A1zy', 'Maud Esterh=C3=A1zy', 'Kwabena'],
    ['Subject: Your booking, ', ': 3 nights from 12 March', 'Front desk, Hotel Lindengarten', 'Content-Transfer-Encoding: quoted-printable', '-=20'],
  ],
  [
    'python-3.11-email-message.txt',
    ['evander.ks@protonmail.com', 'priyanka.v@rediffmail.com', 'tgrabowiecki@o2.pl', 'evander@kowalczyk-soto.es', 'Evander Kowalczyk-Soto', 'Priyanka', 'Tomasz Grabowiecki', '+34 622 555 190'],
    ['Subject: Contract draft for ', 'Best regards,', 'MIME-Version: 1.0', 'has signed already.'],
  ],
];

const KV_DUMPS: Case[] = ['db5.3-dump-p-hash.txt', 'lmdb-0.9-mdb-dump-p.txt'].map((file) => [
  file,
  ['Halvard Osterberg-Nwosu', 'halvard.on@tutanota.com', '+47 915 55 482', 'Nedre Slottsgate 21', 'Oslo', '0157', '1983-04-22'],
  ['HEADER=END', ' birth_date\n', ' plan\n pro\n', 'DATA=END'],
]);

const R_PEOPLE = ['Philippa Achterberg', 'Oluwaseun Ravenscroft', 'Marisol Quintanilla-Ruiz', 'philippa.achterberg@web.de', 'seun.ravenscroft@btinternet.com', '+49 152 55501873', '+44 20 7946 0321', 'Lindenstraße 44', '14 Heathfield Road', 'Calle Mayor 7', 'Bremen', 'Bristol', 'Zaragoza', '1986-09-14', '1972-01-30'];
const DATA_FRAMES: Case[] = [
  // a named vector: names over right-aligned quoted values, wrapped into blocks at the console's width
  [
    'r-4.2-named-vectors.txt',
    ['Bronislava Achterberg', 'b.achterberg@ziggo.nl', '+31 6 5550 1834', 'Keizersgracht 212', '            "Amsterdam"', 'Radomir', 'Esquivel', '"Graz" \n'],
    ['                   name                   email \n', '"lua-cjson"', '"build-farm"', '"pro"', '                   city \n'],
  ],
  ['r-4.2-data-frame-wrapped.txt', [...R_PEOPLE, 'Teodor Vaskevich', 'Vinohradská 112', 'Praha'], ['customer_id', 'full_name', 'street_address', 'birth_date', '1041']],
  // e-mails as row names, the frame wrapped into blocks with no marker, the last block one column
  ['r-4.2-data-frame-rownames.txt', ['Philippa Achterberg', 'Teodor Vaskevich', '+420 601 555 318', 'philippa.achterberg@web.de', 'Bremen', 'Bristol', 'Zaragoza', 'Praha'], ['full_name            phone\n', '                                    city\n']],
  ['r-4.2-str.txt', [...R_PEOPLE, 'Teodor Vaskevich', 'Vinohradská 112', 'Praha'], ["'data.frame':\t4 obs. of  7 variables:", '$ customer_id   : int  1041 1042 1043 1044', '$ birth_date    : Date, format: "']],
  // tibble's glimpse() cuts the lines at the console's width: the visible part of a cut value goes too
  ['r-4.2-glimpse-and-transposed-row.txt', [...R_PEOPLE, '"Mariso…', 'seun.ravenscroft@btinter…', '+34 915 550 27…'], ['Rows: 3', '$ customer_id    <int> 1041, 1042, 1043', '$ street_address <chr> "', 'customer_id    "1042"']],
  // a tibble: each column's type under its name, columns one space apart, names and cells cut with `…`
  [
    'r-4.2-tibble-3.1-print.txt',
    ['Philippa Achterberg', 'philippa.', 'oluwaseun', 'marisol.q', 'teodor.va', '+49 ', '+420', 'Linden', '14 Hea', 'Calle ', 'Brem', 'Bris', 'Zara', 'Göte', '1986-09-14', 'Marisol Quintanilla-Ruiz', 'oluwaseun.ravenscroft@btinternet.com'],
    ['# A tibble: 14 × 7', '  customer_id full_name                email      phone stree…¹ city  birth_date', '        <int> <chr>', '1        1041 ', '# … with 9 more rows, and abbreviated variable name ¹​street_address'],
  ],
  // polars parts its columns with ┆ and wraps cells onto more lines; rich cuts names (`full_na…`); texttable wraps headers
  [
    'nodejs-polars-0.26.1-frames.txt',
    ['Philippa', 'Achterberg', 'Oluwaseun', 'tanilla-Ruiz', 'philippa.ach', 'terberg@web.', '55501873', 'Lindenstraße', 'Bremen', 'Zaragoza', '1986-09-14', 'Chiamaka Eze', 'Rosalba Ferrante', 'rosalba.ferrante@libero.it', 'Nørregade 15', 'København', 'Whitcombe', 'Heathfield'],
    ['shape: (14, 7)', '│ customer_id ┆ full_name    ┆ email ', '┆ street_addre ┆', '│ ---         ┆ ---  ', '│ f64         ┆ str ', '│ 1041.0      ┆ ', '│ full_name         ┆ email                      │\n│ ---               ┆ ---                        │\n│ str               ┆ str '],
  ],
  [
    'rich-13.3-prettytable-3.6-texttable-1.6.txt',
    ['Philippa', 'Achterb', 'Oluwase', 'Ravensc', 'Quintan', 'philipp', '55501873', 'Lindens', 'Heathfi', 'Bremen', 'Bristol', 'Zaragoza', '1986-09-', 'Mayor 7,', '.achterb', 'erg@web.', 'seun.rav', 'enscroft', 'raße 44', 'seun.ravenscroft@btinternet.com', 'Calle Mayor 7, 2ºB'],
    ['┃ custome… ┃ full_na… ┃ email    ┃ phone     ┃ street_… ┃ city     ┃ birth_da… ┃', '| customer_id |        full_name         |', '| customer_ | full_name |  email   |  phone   | street_a |   city   | birth_da |\n|    id     |           |          |          |  ddress  |          |    te    |'],
  ],
];

/** Card numbers in a column no card word names (`ref`): the row's, or the record's, e-mail address makes it someone's. */
const UNNAMED_CARDS: Case[] = [
  [
    'sqlite3-3.40.1-people-ref-column.txt',
    ['5392176044182734', '4557032198641203', '2223845109372651', 'Philippa Okonjo-Brandt', 'radomir.esq@gmx.at'],
    ['name                    email                       ref               joined', '    id = 2', '   ref = ', 'joined = 2023-11-30', '"ref":"'],
  ],
];

/** A signature's street and town on the lines a debug log marks as sent (`--> `); a town before five digits. */
const SIGNATURE_ADDRESSES: Case[] = [
  [
    'msmtp-1.8.23-debug-signature-address.txt',
    ['19 Tannery Lane', 'Galway H91 E2K4', '6 Via Pignolo', 'Bergamo 24121', 'Lorcan Baptiste-Oyelowo', '+353 86 555 0172'],
    ['--> Subject: Keys for the flat', '--> please send the parcel to my new address.', '<-- 354 End data with <CR><LF>.<CR><LF>', '--> QUIT'],
  ],
];

/** People printed by a language's own printer: a name kept as an object of its parts, Lua's `["key"] = value` tables. */
const LANGUAGE_PRINTS: Case[] = [
  [
    'node-20.20-console-log-name-objects.txt',
    ['Ansgar', 'Villanueva', 'Mireille', 'Oduya', 'ansgar.v@web.de', 'Teodora', 'Björnsdóttir', 'Wilhelmina', 'Tshabalala', 'Kenji', 'Halvorsen', 'Radomir', 'Esquivel', '+354 555 4412', 'Kastanienallee 31'],
    ['... 4 more items', 'range: { first: 1, last: 10 }', "name: { first: 'Intro', last: 'Summary' }", 'customer: { given: ', "info: { seed: 'a41c', page: 1 }"],
  ],
  [
    'lua-5.4-table-dumps.txt',
    ['Gunnhild Ferreira-Okoye', 'gunnhild.fo@sapo.pt', '+351 912 555 407', 'Ravindra Kowalczyk', 'ravi.kowalczyk@wp.pl', 'ul. Floriańska 12', 'Rua das Flores 88', 'Ansgar', 'Villanueva', 'Leocadia Nwosu-Haraldsen', 'leocadia.nh@telenor.no', 'Thorvald Meyers gate 61', '"Oslo"', 'Porto', '1983-06-14', '1990-11-02', 'Bronislava Achterberg', 'b.achterberg@ziggo.nl', '1979-12-01'],
    ['{ ["city"] = ', '["name"] = ', 'owner = {', '    first = "', 'born\t', '["born"] = ', '["plan"] = "family"', ' plan=pro', 'plan: pro'],
  ],
];

describe('research profile on real programs\' output with people in it', () => {
  it.each(LANGUAGE_PRINTS)('people printed by Node and Lua: %s', (...c) => expectClean(c));
  it.each(UNNAMED_CARDS)('card numbers in a person\'s record under no card word: %s', (...c) => expectClean(c));
  it.each(SIGNATURE_ADDRESSES)('postal addresses in a mail body a debug log prints line by line: %s', (...c) => expectClean(c));
  it.each(STATEMENT_LOGS)('statement and ORM logs: %s', (...c) => expectClean(c));
  it.each(KV_DUMPS)('key/value records on alternating lines: %s', (...c) => expectClean(c));
  it.each(DATA_FRAMES)('data frames printed by row, by column and wrapped: %s', (...c) => expectClean(c));
  it.each(MAIL_LOGS)('mail clients\' logs: %s', (...c) => expectClean(c));
});
