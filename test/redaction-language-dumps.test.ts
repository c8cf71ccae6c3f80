/**
 * Languages' dumps of values, redacted right (rules/language-dumps.ts and the exemptions the
 * assignment reader makes for them). The texts were captured here from PHP 8.2 (var_dump,
 * print_r, json_encode), Go 1.19 (fmt `%v`/`%+v`/`%#v`, log, `go test -v`), Lua 5.4
 * (`print(k, v)` over a table), Node 20 (console.log, console.table), Rust 1.95 (`{:?}`) and
 * Python 3 (a dataclass's repr), with made-up values.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const standard = createTextRedactor('standard');
const research = createTextRedactor('research');

// php -r 'var_dump($config);' of a nested config array and an object with private/protected properties
const VAR_DUMP = `array(4) {
  ["db"]=>
  array(4) {
    ["host"]=>
    string(11) "db.internal"
    ["port"]=>
    int(3306)
    ["user"]=>
    string(4) "shop"
    ["password"]=>
    string(12) "Kv7#qLm2Zx9p"
  }
  ["mail"]=>
  array(2) {
    ["smtp_pass"]=>
    string(10) "Rw4!tNq8Lz"
    ["from"]=>
    string(17) "noreply@shop.test"
  }
  ["token"]=>
  NULL
  ["oauth_client_secret"]=>
  string(12) "Gd4xTq9WmLz2"
}
object(Db)#2 (3) {
  ["dsn"]=>
  string(25) "mysql:host=db;dbname=shop"
  ["password":"Db":private]=>
  string(10) "Pz6!kLq3Vm"
  ["apiToken":protected]=>
  string(12) "Tk8mQ2vLx7Zp"
}
`;

// print_r of the same object: the visibility follows the key
const PRINT_R_OBJECT = `Db Object
(
    [dsn] => mysql:host=db;dbname=shop
    [password:Db:private] => Pz6!kLq3Vm
    [apiToken:protected] => Tk8mQ2vLx7Zp
)
`;

// var_dump and print_r of user records
const VAR_DUMP_USERS = `array(2) {
  [0]=>
  array(5) {
    ["id"]=>
    int(17)
    ["name"]=>
    string(15) "Marta Kowalczyk"
    ["street"]=>
    string(13) "ul. Lipowa 12"
    ["city"]=>
    string(8) "Warszawa"
    ["role"]=>
    string(5) "admin"
  }
  [1]=>
  array(3) {
    ["id"]=>
    int(18)
    ["first_name"]=>
    string(5) "Jonas"
    ["last_name"]=>
    string(4) "Berg"
  }
}
`;
const PRINT_R_USER = `User Object
(
    [id] => 5
    [fullName] => Aiko Tanaka
    [email:protected] => aiko.tanaka@kumo-mail.jp
    [mobile:User:private] => 090-1234-5678
)
`;

// json_encode escapes every slash: vendors' URL formats are read through it
const JSON_ENCODE = `{"slack_webhook":"https:\\/\\/hooks.slack.com\\/services\\/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","dsn":"mysql:host=db;dbname=shop"}`;

// Go: fmt.Printf("%+v\\n", p) and "%#v" of a person, and of configs with empty or locating fields
const GO_PERSON = `{ID:18 Name:Marta Kowalczyk Email:marta.k@post-box.pl Phone:+48 601 234 567 City:Warszawa}
`;
const GO_CLEAN = `{Provider:ldap Username:svc_reader Password: Token: APIKey:}
main.Auth{Provider:"ldap", Username:"svc_reader", Password:"", Token:"", APIKey:""}
{Password: Token: Verbose:true}
{Name:orders DSN:postgres://db.internal:5432/orders?sslmode=require Pool:10}
main.Store{Name:"orders", DSN:"postgres://db.internal:5432/orders?sslmode=require", Pool:10}
{Host:db.local Port:5432 User:app Token:[116 111 107 45 97 98 49 50] Secret:0xc00008a220}
{DSN:postgres://app:xxxxx@db.internal:5432/orders?sslmode=disable Cache:redis://:xxxxx@cache:6379/0 User:app}
main.Cfg{DSN:"postgres://app:xxxxx@db.internal:5432/orders?sslmode=disable", Cache:"redis://:xxxxx@cache:6379/0"}
`;
const GO_SECRET = `{Host:db.internal Port:5432 User:svc_orders Password:Tq8#vLm2Kz-Wp4 Debug:false}
`;

// go test -v: a test's name after PASS is no password
const GO_TEST = `=== RUN   TestConfigDefaults
    main_test.go:6: checking defaults
--- PASS: TestConfigDefaults (0.00s)
=== RUN   TestParse
=== RUN   TestParse/basic_host
--- PASS: TestParse (0.00s)
    --- PASS: TestParse/basic_host (0.00s)
PASS
ok  	example.com/demo	0.007s
`;

// lua: for k, v in pairs(config.db) do print(k, v) end
const LUA_PAIRS = `password\t
token\ttable: 0x55f2e1763e10
name\torders
host\tdb.internal
port\t5432
user\tapp
pool\t10
`;

// node: console.table of users where a field is missing
const CONSOLE_TABLE = `┌─────────┬────┬───────────────────┬───────────────────────────────┐
│ (index) │ id │ name              │ email                         │
├─────────┼────┼───────────────────┼───────────────────────────────┤
│ 0       │ 1  │ 'Marta Kowalczyk' │ 'marta.kowalczyk@post-box.pl' │
│ 1       │ 2  │ undefined         │ 'jberg@fjordmail.no'          │
└─────────┴────┴───────────────────┴───────────────────────────────┘
`;

describe('PHP dumps', () => {
  it('removes the secrets var_dump prints under their keys, and leaves the rest', () => {
    const out = standard(VAR_DUMP).text;
    for (const secret of ['Kv7#qLm2Zx9p', 'Rw4!tNq8Lz', 'Gd4xTq9WmLz2', 'Pz6!kLq3Vm', 'Tk8mQ2vLx7Zp']) expect(out).not.toContain(secret);
    for (const kept of ['"db.internal"', '"shop"', '"mysql:host=db;dbname=shop"', '["password":"Db":private]=>', '["apiToken":protected]=>']) expect(out).toContain(kept);
  });

  it("reads print_r's keys with their visibility, and leaves a DSN without a password", () => {
    const out = standard(PRINT_R_OBJECT).text;
    expect(out).toContain('[password:Db:private] => [REDACTED:');
    expect(out).toContain('[dsn] => mysql:host=db;dbname=shop');
    expect(out).not.toContain('Tk8mQ2vLx7Zp');
  });

  it('removes the people in var_dump and print_r records in research', () => {
    const dumped = research(VAR_DUMP_USERS).text;
    for (const value of ['Marta Kowalczyk', 'ul. Lipowa 12', 'Warszawa', 'Jonas', 'Berg']) expect(dumped).not.toContain(value);
    expect(dumped).toContain('string(5) "admin"');
    const printed = research(PRINT_R_USER).text;
    for (const value of ['Aiko Tanaka', 'aiko.tanaka@kumo-mail.jp', '090-1234-5678']) expect(printed).not.toContain(value);
  });

  it("reads json_encode's escaped slashes", () => {
    const out = standard(JSON_ENCODE).text;
    expect(out).not.toContain('Zx9Lm2Qv8Kp4Rt7Nw3Ys6Hd1');
    expect(out).toContain('"dsn":"mysql:host=db;dbname=shop"');
  });
});

describe('Go fmt and go test', () => {
  it("removes a person's values from a %+v struct in research", () => {
    const out = research(GO_PERSON).text;
    for (const value of ['Marta Kowalczyk', 'marta.k@post-box.pl', '601 234 567', 'Warszawa']) expect(out).not.toContain(value);
    expect(out).toContain('{ID:18 Name:');
  });

  it('removes a secret field of a %+v struct and nothing after it', () => {
    expect(standard(GO_SECRET).text).toBe('{Host:db.internal Port:5432 User:svc_orders Password:[REDACTED:password#1] Debug:false}\n');
  });

  it('leaves empty fields, DSNs without credentials or with them masked (URL.Redacted), byte slices and pointers alone', () => {
    expect(standard(GO_CLEAN).text).toBe(GO_CLEAN);
    expect(research(GO_CLEAN).text).toBe(GO_CLEAN);
  });

  it('leaves go test -v output alone', () => {
    expect(standard(GO_TEST).text).toBe(GO_TEST);
  });
});

// Rust \`println!("{:?}", p)\` and Python \`print(person)\` of a dataclass: the same records in other languages
const RUST_DEBUG = `Person { name: "Marta Kowalczyk", email: "marta.k@post-box.pl", phone: "+48 601 234 567", street: "ul. Lipowa 12", city: "Warszawa" }
`;
const PYTHON_REPR = `Person(name='Ngozi Adeyemi', email='ngozi.a@mailbox-ng.com', city='Lagos', street='14 Awolowo Road')
Service(name='billing', address='10.0.0.7', city='')
`;

describe('the same records from Rust and Python', () => {
  it("removes a person's values from Rust's {:?} and a dataclass repr", () => {
    const rust = research(RUST_DEBUG).text;
    for (const value of ['Marta Kowalczyk', 'ul. Lipowa 12', 'Warszawa']) expect(rust).not.toContain(value);
    const python = research(PYTHON_REPR).text;
    for (const value of ['Ngozi Adeyemi', 'Lagos', '14 Awolowo Road']) expect(python).not.toContain(value);
    expect(python).toContain("Service(name='billing', address='10.0.0.7', city='')");
  });
});

describe('Lua and Node', () => {
  it('takes a tab-separated name/value listing for pairs, not a table under a password header', () => {
    expect(standard(LUA_PAIRS).text).toBe(LUA_PAIRS);
  });

  it("leaves console.table's undefined cells alone", () => {
    const out = research(CONSOLE_TABLE).text;
    expect(out).toContain('│ 1       │ 2  │ undefined         │');
    expect(out).not.toContain('Marta Kowalczyk');
  });
});
