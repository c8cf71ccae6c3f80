/**
 * Personal data in the logs and payloads people paste: request parameters, constraint errors,
 * validation messages, error-tracker user context, payment webhooks, quoted mail, exports,
 * access logs. Names are drawn from lists written here; numbers pass their public checksums.
 */
import { DIGITS, groupsOf4, ibanCheckDigits, luhnCheckDigit, uuid } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';
import { hex, idiom, isoTime, logTime, paste, privateIp, requestId, SERVICES, type PasteCategory } from './kit.js';

const FIRST = ['Amara', 'Bastian', 'Chiara', 'Dmitri', 'Eleanor', 'Farid', 'Greta', 'Hiroshi', 'Ingrid', 'Joaquín', 'Keziah', 'Lorenzo', 'Maren', 'Nnamdi', 'Ottilie', 'Priyanka', 'Quentin', 'Rosalind', 'Soren', 'Thandiwe', 'Ulrich', 'Valentina', 'Wendell', 'Ximena', 'Yusuf', 'Zofia'];
const LAST = ['Achterberg', 'Brannigan', 'Castellanos', 'Drummond', 'Esposito', 'Fairweather', 'Galloway', 'Halvorsen', 'Iwasaki', 'Jablonski', 'Kowalczyk', 'Lindqvist', 'McAllister', 'Nakagawa', 'Okonkwo', 'Pemberton', 'Quintero', 'Rasmussen', 'Sandoval', 'Thornbury', 'Underhill', 'Vasquez', 'Whitlock', 'Yilmaz'];
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.co.uk', 'web.de', 'proton.me', 'icloud.com', 'fastmail.com', 'gmx.net'];

interface Person {
  first: string;
  last: string;
  name: string;
  email: string;
}

function person(rng: RandomDraws): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  const local = rng.pick([
    () => `${ascii(first)}.${ascii(last)}`,
    () => `${ascii(first)[0]}${ascii(last)}${rng.int(1, 99)}`,
    () => `${ascii(first)}_${ascii(last)}`,
    () => `${ascii(last)}.${ascii(first)}${rng.int(70, 99)}`,
  ])();
  return { first, last, name: `${first} ${last}`, email: `${local}@${rng.pick(MAIL_DOMAINS)}` };
}

/** A phone number in one of five national plans, written as people write it. */
function phone(rng: RandomDraws): string {
  return rng.pick([
    () => `+1 (${rng.int(2, 9)}${rng.str(DIGITS, 2)}) ${rng.int(2, 9)}${rng.str(DIGITS, 2)}-${rng.str(DIGITS, 4)}`,
    () => `+44 7${rng.int(4, 9)}${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 6)}`,
    () => `+49 15${rng.int(1, 9)} ${rng.str(DIGITS, 7)}`,
    () => `+33 6 ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)}`,
    () => `+31 6 ${rng.str(DIGITS, 8)}`,
  ])();
}

function iban(rng: RandomDraws): string {
  return rng.pick([
    () => {
      const bban = rng.str(DIGITS, 18);
      return `DE${ibanCheckDigits('DE', bban)}${bban}`;
    },
    () => {
      const bban = `${rng.pick(['ABNA', 'INGB', 'RABO'])}${rng.str(DIGITS, 10)}`;
      return `NL${ibanCheckDigits('NL', bban)}${bban}`;
    },
    () => {
      const bban = `${rng.pick(['NWBK', 'BARC', 'LOYD'])}${rng.str(DIGITS, 14)}`;
      return `GB${ibanCheckDigits('GB', bban)}${bban}`;
    },
  ])();
}

function card(rng: RandomDraws): string {
  const payload = rng.pick(['4', '51', '52', '53', '54', '55']) + '';
  const body = payload + rng.str(DIGITS, 15 - payload.length);
  return body + luhnCheckDigit(body);
}

/** A US SSN from the issued ranges (area not 000, 666 or 9xx; group and serial not zero). */
function ssn(rng: RandomDraws): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 665;
  return `${String(area).padStart(3, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
}

const STREETS = ['Linden Avenue', 'Harbour Road', 'Kastanienallee', 'Rue des Tanneurs', 'Willow Crescent', 'Keizersgracht', 'Maple Street', 'Bergstraße'];

const railsParamsPerson = idiom(
  'rails-params-person',
  13,
  (rng) => {
    const p = person(rng);
    const ph = phone(rng);
    return paste(
      `I, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${requestId(rng)}] Started POST "/signups" for ${privateIp(rng)}\nI, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${requestId(rng)}] Processing by SignupsController#create as JSON\nI, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${requestId(rng)}]   Parameters: {"signup"=>{"full_name"=>"${p.name}", "email"=>"${p.email}", "phone"=>"${ph}", "password"=>"[FILTERED]", "plan"=>"${rng.pick(['free', 'team', 'pro'])}"}}\nI, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${requestId(rng)}] Completed 422 Unprocessable Entity in ${rng.int(10, 300)}ms`,
      p.name,
      p.email,
      ph,
    );
  },
  (rng) => {
    const p = person(rng);
    return paste(
      `Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"${p.email}", "first_name"=>"${p.first}", "last_name"=>"${p.last}", "password"=>"[FILTERED]", "password_confirmation"=>"[FILTERED]"}, "commit"=>"Sign up"}\nUser Exists? (0.${rng.int(3, 9)}ms)  SELECT 1 AS one FROM "users" WHERE "users"."email" = $1 LIMIT $2  [["email", "${p.email}"], ["LIMIT", 1]]`,
      p.email,
      p.last,
    );
  },
);

const postgresUniqueViolation = idiom(
  'postgres-unique-violation',
  13,
  (rng) => {
    const p = person(rng);
    return paste(
      `${logTime(rng)} UTC [${rng.int(100, 99999)}] ERROR:  duplicate key value violates unique constraint "users_email_key"\n${logTime(rng)} UTC [${rng.int(100, 99999)}] DETAIL:  Key (email)=(${p.email}) already exists.\n${logTime(rng)} UTC [${rng.int(100, 99999)}] STATEMENT:  INSERT INTO users (email, display_name, created_at) VALUES ($1, $2, now())`,
      p.email,
    );
  },
  (rng) => {
    const p = person(rng);
    const ph = phone(rng);
    return paste(
      `sqlalchemy.exc.IntegrityError: (psycopg2.errors.UniqueViolation) duplicate key value violates unique constraint "customers_phone_key"\nDETAIL:  Key (phone)=(${ph}) already exists.\n\n[SQL: INSERT INTO customers (name, phone, email) VALUES (%(name)s, %(phone)s, %(email)s) RETURNING customers.id]\n[parameters: {'name': '${p.name}', 'phone': '${ph}', 'email': '${p.email}'}]\n(Background on this error at: https://sqlalche.me/e/20/gkpj)`,
      ph,
      p.name,
      p.email,
    );
  },
);

const validationRejectedValue = idiom(
  'validation-rejected-value',
  13,
  (rng) => {
    const p = person(rng);
    const c = card(rng);
    return paste(
      `${logTime(rng)}  WARN ${rng.int(1000, 60000)} --- [nio-8080-exec-${rng.int(1, 9)}] .w.s.m.s.DefaultHandlerExceptionResolver : Resolved [org.springframework.web.bind.MethodArgumentNotValidException: Validation failed for argument [0] in public ResponseEntity<?> PaymentController.charge(ChargeRequest): [Field error in object 'chargeRequest' on field 'cardNumber': rejected value [${c}]; codes [Luhn.chargeRequest.cardNumber]; default message [expired card]] [Field error in object 'chargeRequest' on field 'holder': rejected value [${p.name}]; default message [must match billing name]]`,
      c,
      p.name,
    );
  },
  (rng) => {
    const p = person(rng);
    const ph = phone(rng);
    return paste(
      `Traceback (most recent call last):\n  File "/app/${rng.pick(SERVICES)}/forms.py", line ${rng.int(20, 200)}, in clean_phone\n    raise ValidationError(f"invalid phone number {value!r} for {self.instance.email}")\ndjango.core.exceptions.ValidationError: ["invalid phone number '${ph}' for ${p.email}"]`,
      ph,
      p.email,
    );
  },
  (rng) => {
    const s = ssn(rng);
    const p = person(rng);
    return paste(
      `pydantic_core._pydantic_core.ValidationError: 1 validation error for Applicant\ntax_id\n  String should match pattern '^\\d{9}$' [type=string_pattern_mismatch, input_value='${s}', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.${rng.int(5, 11)}/v/string_pattern_mismatch\n(applicant: ${p.name})`,
      s,
      p.name,
    );
  },
);

const sentryUserContext = idiom(
  'sentry-user-context',
  13,
  (rng) => {
    const p = person(rng);
    return paste(
      `"user": {\n  "id": "${rng.int(10000, 999999)}",\n  "email": "${p.email}",\n  "username": "${p.name}",\n  "geo": {"country_code": "${rng.pick(['DE', 'GB', 'NL', 'US', 'FR'])}"}\n},\n"tags": [["browser", "Chrome 12${rng.int(0, 9)}"], ["environment", "production"], ["release", "web@${rng.int(1, 9)}.${rng.int(0, 40)}.${rng.int(0, 9)}"]],\n"event_id": "${hex(rng, 32)}"`,
      p.email,
      p.name,
    );
  },
  (rng) => {
    const p = person(rng);
    return paste(
      `Sentry.setUser() is called after login, and the issue page shows:\n\nUser\n  ID        ${uuid(rng)}\n  Email     ${p.email}\n  Name      ${p.name}\n\nis that expected to be sent by default? we have sendDefaultPii: false`,
      p.email,
      p.name,
    );
  },
);

const webhookBillingDetails = idiom(
  'webhook-billing-details',
  13,
  (rng) => {
    const p = person(rng);
    const ph = phone(rng);
    const street = `${rng.int(1, 240)} ${rng.pick(STREETS)}`;
    return paste(
      `webhook body we log before verifying the signature:\n\n"billing_details": {\n  "address": {"city": "${rng.pick(['Leeds', 'Utrecht', 'Lyon', 'Freiburg', 'Portland'])}", "country": "${rng.pick(['GB', 'NL', 'FR', 'DE', 'US'])}", "line1": "${street}", "line2": null, "postal_code": "${rng.str(DIGITS, 5)}"},\n  "email": "${p.email}",\n  "name": "${p.name}",\n  "phone": "${ph}"\n},\n"livemode": false,\n"type": "card"`,
      p.email,
      p.name,
      ph,
      street,
    );
  },
  (rng) => {
    const p = person(rng);
    const i = iban(rng);
    return paste(
      `{"id": "pm_${hex(rng, 24)}", "type": "sepa_debit", "sepa_debit": {"country": "${i.slice(0, 2)}", "last4": "${i.slice(-4)}"}, "mandate_data": {"account_holder": "${p.name}", "iban": "${groupsOf4(i)}"}, "created": ${1_750_000_000 + rng.int(0, 9_000_000)}}`,
      p.name,
      groupsOf4(i),
    );
  },
);

const mailQuoteHeader = idiom(
  'mail-quote-header',
  13,
  (rng) => {
    const p = person(rng);
    return paste(
      `Thanks, that fixed it!\n\nOn ${rng.pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])}, ${rng.int(1, 28)} ${rng.pick(['Mar', 'Jun', 'Sep', 'Nov'])} 2025 at ${rng.int(8, 18)}:${rng.int(10, 59)}, ${p.name} <${p.email}> wrote:\n\n> I can reproduce this on ${rng.int(1, 4)}.${rng.int(0, 20)} as well, the export stops at row ${rng.int(1000, 65535)}.\n>\n> —\n> Reply to this email directly or view it on GitHub.`,
      p.name,
      p.email,
    );
  },
  (rng) => {
    const p = person(rng);
    const ph = phone(rng);
    return paste(
      `-----Original Message-----\nFrom: ${p.name} <${p.email}>\nSent: ${rng.pick(['Monday', 'Thursday', 'Friday'])}, ${rng.pick(['March', 'July', 'October'])} ${rng.int(1, 28)}, 2025 ${rng.int(1, 12)}:${rng.int(10, 59)} PM\nSubject: RE: nightly import failing\n\nThe job failed again at 02:00. Call me on ${ph} if you need access to the box.\n\n${p.first}`,
      p.name,
      p.email,
      ph,
    );
  },
);

const csvExportRows = idiom(
  'csv-export-rows',
  13,
  (rng) => {
    const a = person(rng);
    const b = person(rng);
    const ia = iban(rng);
    return paste(
      `head -3 payouts_2025-${rng.int(1, 12)}.csv\nid,name,email,iban,amount_cents,currency\n${rng.int(1000, 9999)},${a.name},${a.email},${ia},${rng.int(100, 999999)},EUR\n${rng.int(1000, 9999)},${b.name},${b.email},,${rng.int(100, 999999)},EUR\n\nthe second row has no IBAN and the importer crashes instead of skipping it`,
      a.name,
      a.email,
      ia,
      b.name,
      b.email,
    );
  },
  (rng) => {
    const a = person(rng);
    const ph = phone(rng);
    return paste(
      `"customer_id";"full_name";"phone";"email";"signup_date"\n"${uuid(rng)}";"${a.name}";"${ph}";"${a.email}";"${isoTime(rng).slice(0, 10)}"\n\nsemicolon-separated export from the old CRM, pandas reads it as one column`,
      a.name,
      ph,
      a.email,
    );
  },
);

const accessLogEmailQuery = idiom(
  'access-log-email-query',
  13,
  (rng) => {
    const p = person(rng);
    const enc = encodeURIComponent(p.email);
    return paste(
      `${privateIp(rng)} - - [2${rng.int(0, 8)}/Aug/2025:1${rng.int(0, 9)}:4${rng.int(0, 9)}:0${rng.int(0, 9)} +0000] "GET /newsletter/unsubscribe?email=${enc}&list=${rng.pick(['weekly', 'product', 'digest'])} HTTP/1.1" 500 ${rng.int(100, 900)} "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)"`,
      enc,
    );
  },
  (rng) => {
    const p = person(rng);
    return paste(
      `${isoTime(rng)} ${rng.pick(['WARN', 'ERROR'])} [${rng.pick(SERVICES)}] password reset requested for ${p.email} (${p.name}) from ${privateIp(rng)}: mail provider returned 550 mailbox unavailable`,
      p.email,
      p.name,
    );
  },
);

export const PII_CATEGORIES_V9: readonly PasteCategory[] = [
  railsParamsPerson,
  postgresUniqueViolation,
  validationRejectedValue,
  sentryUserContext,
  webhookBillingDetails,
  mailQuoteHeader,
  csvExportRows,
  accessLogEmailQuery,
];
