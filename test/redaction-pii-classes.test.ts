/**
 * Classes of real-world text that carry personal data (error trackers' user context, access logs'
 * query strings, payment webhooks, validation errors, Rails logs), each through the research
 * profile as a whole, plain and as a JSON-escaped tool output; and the addresses that are nobody's
 * (bots, relays, masked), which must come back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const research = createTextRedactor('research');

/** The text as it appears inside a JSON string (a JSONL line of a tool's output). */
const escaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** [what the case shows, the text, what must be gone from it] */
type Case = [string, string, string[]];

function expectRemoved([, text, targets]: Case): void {
  const plain = research(text).text;
  for (const target of targets) expect(plain, plain).not.toContain(target);
  const inJson = research(`{"type":"tool_result","content":"${escaped(text)}"}`).text;
  for (const target of targets) expect(inJson, inJson).not.toContain(escaped(target));
}

const SENTRY: Case[] = [
  [
    'a Ruby hash of Honeybadger context, escaped in a JSON line',
    '[Honeybadger] Reporting error id=9f3c context={:user_id=>82, :user_email=>"hannah.berg@bluewin.ch", :name=>"Hannah Berg"}',
    ['hannah.berg@bluewin.ch', 'Hannah Berg'],
  ],
  ['a Rails Parameters hash of a user, escaped', 'Parameters: {"user"=>{"first_name"=>"Saoirse", "last_name"=>"Kavanagh", "plan"=>"pro"}}', ['Saoirse', 'Kavanagh']],
];

const ACCESS_LOGS: Case[] = [
  [
    'first and last name in an nginx query string, UTF-8 percent-encoded',
    '10.0.3.17 - - [12/Mar/2025:10:14:07 +0000] "GET /signup?first_name=Agnieszka&last_name=Zieli%C5%84ska&plan=pro HTTP/1.1" 302 0 "-" "curl/8.5.0"',
    ['Agnieszka', 'Zieli%C5%84ska'],
  ],
  [
    'a name with + for spaces beside an encoded e-mail',
    '172.31.5.9 - - [03/Apr/2025:08:01:55 +0200] "POST /newsletter/subscribe?name=Brendan+O%27Sullivan&email=brendan.osullivan%40eircom.net HTTP/1.1" 201 87',
    ['Brendan+O%27Sullivan', 'brendan.osullivan%40eircom.net'],
  ],
  [
    "CloudFront's query field (no `?`, tab-separated)",
    '2025-03-12\t10:14:07\tLHR62-C2\t512\t81.2.69.150\tGET\td111.cloudfront.net\t/profile\t200\t-\tMozilla/5.0\tname=Rhiannon%20Evans&email=rhiannon.evans%40outlook.com\t-\tMiss',
    ['Rhiannon%20Evans', 'rhiannon.evans%40outlook.com'],
  ],
  ['a bare name parameter that starts with a given name', '"GET /api/search?name=Mar%C3%ADa+Jos%C3%A9+Fern%C3%A1ndez&city=Sevilla HTTP/1.1" 200 88', ['Mar%C3%ADa+Jos%C3%A9+Fern%C3%A1ndez']],
  ['an e-mail as a path segment, plain and encoded', 'GET /api/v2/users/by-email/nils.johansson@spray.se 404\nGET /unsubscribe/maria.garcia%40telefonica.net 200', ['nils.johansson@spray.se', 'maria.garcia%40telefonica.net']],
];

const WEBHOOKS: Case[] = [
  [
    "Stripe's customer_details: every line of the address, its postcode and town",
    '{"customer_details": {"address": {"city": "Manchester", "country": "GB", "line1": "27 Ancoats Street", "line2": "Flat 4", "postal_code": "M4 6DE", "state": null}, "email": "olivia.bennett@btinternet.com", "name": "Olivia Bennett"}}',
    ['27 Ancoats Street', 'Flat 4', 'M4 6DE', 'Manchester', 'olivia.bennett@btinternet.com', 'Olivia Bennett'],
  ],
  [
    "Stripe's billing_details, a French street in lower case",
    '{"billing_details":{"address":{"city":"Lyon","country":"FR","line1":"14 rue de la République","line2":null,"postal_code":"69002"},"email":"camille.girard@orange.fr","name":"Camille Girard"}}',
    ['14 rue de la République', '69002', 'camille.girard@orange.fr', 'Camille Girard'],
  ],
  [
    "Shopify's billing_address (address1, zip)",
    '{"billing_address":{"first_name":"Anna","address1":"ul. Marszałkowska 84","city":"Warszawa","zip":"00-514","country":"Poland","last_name":"Kowalska","address2":"m. 12"}}',
    ['ul. Marszałkowska 84', '00-514', 'm. 12', 'Kowalska'],
  ],
  [
    "PayPal's shipping address (address_line_1, admin_area_2)",
    '{"shipping":{"name":{"full_name":"Liam O\'Connor"},"address":{"address_line_1":"12 Seaview Terrace","admin_area_2":"Galway","postal_code":"H91 X2Y3","country_code":"IE"}}}',
    ["Liam O'Connor", '12 Seaview Terrace', 'H91 X2Y3'],
  ],
  [
    "Paddle's address (first_line), a Python dict of Stripe's",
    '{"address":{"first_line":"Storgata 14","city":"Oslo","postal_code":"0155","country_code":"NO"}}\n{\'city\': \'Melbourne\', \'line1\': \'88 Chapel Street\', \'line2\': None, \'postal_code\': \'3181\'}',
    ['Storgata 14', '0155', '88 Chapel Street', '3181'],
  ],
];

const VALIDATION: Case[] = [
  ["Spring's rejected value of a name", "Field error in object 'signupRequest' on field 'fullName': rejected value [Dmitri Sokolov]; codes [Size.signupRequest.fullName]", ['Dmitri Sokolov']],
  [
    'a Spring error body with field and rejectedValue',
    '{"status":400,"errors":[{"field":"lastName","rejectedValue":"Castellanos-Villanueva","defaultMessage":"size must be between 2 and 10"}]}',
    ['Castellanos-Villanueva'],
  ],
  [
    "pydantic's input_value under the field's line",
    "1 validation error for Customer\nphone\n  String should match pattern '^\\+[1-9]\\d{7,14}$' [type=string_pattern_mismatch, input_value='07700 900461', input_type=str]",
    ['07700 900461'],
  ],
  ["FastAPI's 422 detail with a malformed e-mail", '{"detail":[{"type":"value_error","loc":["body","email"],"msg":"value is not a valid email address","input":"fatima.zahra@gmial"}]}', ['fatima.zahra@gmial']],
  ["Joi's message", 'ValidationError: "phone" with value "+44 7911 123456x" fails to match the required pattern: /^\\+?[0-9 ]+$/', ['+44 7911 123456x']],
  ["ajv's data beside its instancePath", '[{"instancePath":"/customer/email","keyword":"format","message":"must match format \\"email\\"","data":"noor.alsayed@hotmail"}]', ['noor.alsayed@hotmail']],
  ["Postgres' key of several columns", 'DETAIL:  Key (first_name, last_name)=(Ingrid, Halvorsen) already exists.', ['Ingrid', 'Halvorsen']],
  ["MySQL's duplicate entry", "ERROR 1062 (23000): Duplicate entry 'thabo.molefe@telkomsa' for key 'users.email'", ['thabo.molefe@telkomsa']],
  ["Django's message", "django.core.exceptions.ValidationError: ['“+1 415 555 01” is not a valid phone number.']", ['+1 415 555 01']],
  [
    "FastAPI's detail of a name too long (no word of validation in it but its own keys)",
    '[{"type":"string_too_long","loc":["body","full_name"],"msg":"String should have at most 30 characters","input":"Oluwatobiloba Adebayo-Williamson","ctx":{"max_length":30}}]',
    ['Oluwatobiloba Adebayo-Williamson'],
  ],
  [
    "class-validator's error with the rejected value and its property",
    "ValidationError {\n  value: 'amara.okafor@yahoo',\n  property: 'email',\n  constraints: { isEmail: 'email must be an email' }\n}",
    ['amara.okafor@yahoo'],
  ],
  ['a birth date in a Rails parameters dump', 'params: #<ActionController::Parameters {"profile"=>{"full_name"=>"Nadia Rahman", "date_of_birth"=>"1988-07-23"} permitted: false>', ['Nadia Rahman', '1988-07-23']],
];

const KNOWN_MISSES: Case[] = [
  ['a Greek address in Latin letters, town before its postcode', 'Leoforos Vasilissis Sofias 12, Athina 106 74', ['Leoforos Vasilissis Sofias 12']],
  ['a Greek street with no street word before a Greek town in Latin letters, with its addressee', 'Delivery: Nikos Papadopoulos, Ermou 56, 105 63 Athina', ['Nikos Papadopoulos', 'Ermou 56']],
  ['a Greek address over two lines (a JSON-escaped line break before the postcode)', 'Odos Ermou 25\n10563 Athina', ['Odos Ermou 25']],
  ['a name before c/o', 'Ship to: Tomasz Kowalski c/o Anna Nowak, ul. Długa 5, 00-238 Warszawa', ['Tomasz Kowalski']],
];

const CJK: Case[] = [
  ['a Chinese name after 客户 (customer)', '客户张伟反馈说无法登录', ['张伟']],
  ['a Chinese name after 客户 and a colon', '客户：李娜，电话 13812345678', ['李娜']],
];

describe('research profile: personal data by class', () => {
  it.each(SENTRY)('error trackers and Rails: %s', (...c) => expectRemoved(c));
  it.each(ACCESS_LOGS)('access logs: %s', (...c) => expectRemoved(c));
  it.each(WEBHOOKS)('payment webhooks: %s', (...c) => expectRemoved(c));
  it.each(VALIDATION)('validation errors: %s', (...c) => expectRemoved(c));
  it.each(CJK)('prose: %s', (...c) => expectRemoved(c));
  it.each(KNOWN_MISSES)('known misses: %s', (...c) => expectRemoved(c));
});

describe('research profile: addresses that are nobody\'s stay', () => {
  it.each([
    'Author: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
    'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
    'git clone git@github.com:acme/billing.git',
    'We sent a code to j***@gmail.com. It expires in 10 minutes.',
    'Email: jo••••@outlook.com (verified)',
    '<span class="__cf_email__" data-cfemail="1c767d727b5c">[email&#160;protected]</span>',
    'From: Amazon.de <versandbestaetigung@amazon.de>',
    'fetch //cdn.acme.io/assets/hero@2x.webp and /pkg/lodash@4.17.21/index.js',
    'GET /api/projects?name=Build+Tools&owner=acme 200',
    '{"line1": "Step 1 of 3", "line2": "Step 2 of 3"}',
    "Field error in object 'project' on field 'name': rejected value [my-project]; codes [Pattern]",
    'DETAIL:  Key (slug)=(getting-started) already exists.',
    'birthday reminder job ran at 2025-03-12 10:00',
    'Delivered-To: inbound+a1b2c3d4@parse.acme.io',
    'Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])',
    "ERROR 1062 (23000): Duplicate entry 'noreply@acme.io' for key 'users.email'",
  ])('%s', (text) => {
    expect(research(text).text).toBe(text);
  });
});
