/**
 * Personal data in records as languages print them and in what network services report, captured
 * on this machine with made-up people planted (test/pii-captures/): Java records, maps and
 * exception messages (OpenJDK 17, jshell), Erlang `io:format("~p")` terms, Elixir `IO.inspect`,
 * Net-SNMP's `sysContact` (plain and as `Hex-STRING`), FreeRADIUS's `radiusd -X` log. Through the
 * research profile every planted value must be gone; what is nobody's must stay.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const capture = (name: string) => readFileSync(new URL(`./pii-captures/${name}`, import.meta.url), 'utf8');
const research = (text: string) => createTextRedactor('research')(text).text;

/** [capture file, values planted in it that must be gone, words that must stay] */
type Case = [string, string[], string[]];

const CASES: Case[] = [
  [
    'openjdk-17-record-tostring.txt',
    ['Henrik Lindqvist', 'Drottninggatan 52', '14 Harbour Road', 'D02 X285', 'Kastanienallee 12', 'Maeve Gallagher', 'Whitfield', '07700 900461'],
    ['Contact[displayName=', 'streetAddress=', 'Employee[id=77'],
  ],
  ['openjdk-17-records-maps-exceptions.txt', ['Henrik Lindqvist', 'Drottninggatan 52', 'Aoife', 'Brennan', '+353 86 555 0142'], ['at Main.main(Main.java:15)', 'Customer[id=4211']],
  [
    'openjdk-17-exception-messages.txt',
    ['Henrik Lindqvist', 'henrik.lindqvist@telia.se', 'Drottninggatan 52', 'Oliver Whitfield', '27 Ancoats Street', '07700 900461'],
    ["Customer{name='", "', street='", 'Caused by: java.lang.IllegalStateException'],
  ],
  ['openjdk-17-exception-person-messages.txt', ['Jonas Becker', 'jonas.becker@web.de', '+49 151 2345 6789'], ['user Jenkins is not allowed', 'Main$CustomerNotFoundException: customer']],
  ['python-3.11-exception-messages.txt', ['Jonas Becker', 'jonas.becker@web.de', 'Kastanienallee 12', '+49 151 2345 6789'], ['ValueError: Invalid phone number', "RuntimeError: cannot save Customer(name='"]],
  [
    'postfix-3.7-postmap-s-virtual.txt',
    ['ingrid.solberg@corp.example', 'aoife.brennan@gmail.com', 'tomasz.w@onet.pl', 'h.lindqvist@gmail.com'],
    ['postmaster@corp.example\troot', '@legacy.example\t@corp.example', 'sales@corp.example\t'],
  ],
  ['openjdk-17-jshell-maps.txt', ['Henrik Lindqvist', 'Drottninggatan 52', 'Aoife Brennan', '12 Seaview Terrace', 'Kastanienallee 12', 'Jonas Becker', 'jonas.becker@web.de'], ['p2 ==> {city=', '|        at (#9:1)']],
  ['erlang-otp-25-io-format-p.txt', ['Ingrid Solberg', 'Tomasz Wierzbicki', 'Lorenzo Bianchi', 'Via Roma 12', 'l.bianchi@libero.it', 'Maeve Gallagher'], ['{street,"', '=INFO REPORT===='],],
  ['elixir-1.14-io-inspect.txt', ['Ana Souza', 'Rua Augusta 1500', 'São Paulo', 'Jonas Becker', 'Kastanienallee 12'], ['%{host: "db.internal", name: "Service"}', '%User{']],
  [
    'net-snmp-5.9.3-snmpwalk-syscontact.txt',
    ['Maeve Gallagher', 'Henrik Lindqvist', 'Aoife Brennan', 'Tomasz Wierzbicki', 'Oliver Whitfield', '4A C3 BC 72 67 65 6E'],
    ['ops team <noc@nordlys-handel.no>', 'IT Dept, ext 4411', 'rack B3'],
  ],
  // -Oq and -OQ print the OID and the quoted value without a type; -Ov and -Oqv print no OID at all (not read: nothing says whose value it is)
  ['net-snmp-5.9.3-snmpget-output-options.txt', ['iso.3.6.1.2.1.1.4.0 "Maeve Gallagher"', 'iso.3.6.1.2.1.1.4.0 = "Maeve Gallagher"', '1.4.0 = STRING: "Maeve Gallagher"'], ['edge-router-03', '# snmpget -OQ']],
  ['freeradius-3.2.1-debug-x.txt', ['henrik.lindqvist', 'aoife.brennan@kvarteret.se'], ['Matched entry', 'NAS-IP-Address = 127.0.0.1', 'looking up realm NULL']],
];

describe('personal data in printed records and service output', () => {
  it.each(CASES)('%s', (file, planted, kept) => {
    const out = research(capture(file));
    for (const value of planted) expect(out, out).not.toContain(value);
    for (const word of kept) expect(out, out).toContain(word);
  });

  it('leaves service accounts, hosts and bots in the same shapes alone', () => {
    const clean = [
      '#{name => <<"mailer">>,host => <<"smtp.internal">>,owner => <<"platform">>}',
      '(0)   User-Name = "svc-backup"\n(0) files: users: Matched entry svc-backup at line 3',
      'iso.3.6.1.2.1.1.4.0 = STRING: "NOC <noc@nordlys-handel.no>"',
      'Config[host=localhost, port=8080, user=deploy-bot]',
    ];
    for (const text of clean) expect(research(text)).toBe(text);
  });
});
