/**
 * Personal data in debugging turns: a support ticket pasted in, seed rows, a failing test's
 * customer fixture, a production log excerpt, the agent quoting a row, a `grep` of an export, an
 * incident naming the affected customer, a signup payload. One to three values per turn.
 */
import type { RandomDraws } from '../random.js';
import { address, bsn, cardNumber, email, iban, nhsNumber, type Person, person, phone, ssn } from './people.js';
import { clock, envName, isoTime, project, requestId, shortSha, ticket } from './scene.js';
import { oneOf, situation, turn } from './turn.js';

/** Someone, with the e-mail address they would use. */
function contact(rng: RandomDraws): { p: Person; mail: string } {
  const p = person(rng);
  return { p, mail: email(rng, p) };
}

const supportTicket = situation('support-ticket-pasted', 12, (rng) => {
  const { p, mail } = contact(rng);
  const tel = phone(rng);
  return oneOf(rng, [
    () => turn(`pasting the Zendesk ticket so you can reproduce:

#${rng.int(10000, 999999)} "Can't update my billing details"
Requester: ${p.name} <${mail}>
Phone: ${tel}
Plan: ${rng.pick(['Team', 'Pro', 'Starter'])} (annual)

> Every time I save the new card the page says "Something went wrong" and the old card stays.
> Tried Chrome and Safari.

Our logs show a 422 from /api/billing/payment-method at ${clock(rng)} UTC (request ${requestId(rng)}).`, p.name, mail, tel),
    () => turn(`Intercom conversation ${rng.int(1000000, 99999999)}:
[${clock(rng)}] customer (${mail}): the export button gives me an empty CSV since yesterday
[${clock(rng)}] support: which workspace?
[${clock(rng)}] customer: ${project(rng)}-${rng.pick(['eu', 'us'])}, you can call me on ${tel} if easier

Can you find why the export is empty for that workspace?`, mail, tel),
  ]);
});

const seedUsers = situation('seed-data-people', 12, (rng) => {
  const { p, mail } = contact(rng);
  return oneOf(rng, [
    () => {
      const tel = phone(rng);
      return turn(`prisma/seed.ts is failing on the unique constraint, here it is:

await prisma.user.upsert({
  where: { email: '${mail}' },
  update: {},
  create: {
    email: '${mail}',
    name: '${p.name}',
    phone: '${tel}',
    role: 'ADMIN',
  },
});

Unique constraint failed on the fields: (\`phone\`)`, mail, p.name, tel);
    },
    () => {
      const addr = address(rng);
      return turn(`-- copied from prod to reproduce the shipping bug (V${rng.int(20, 99)}__repro.sql)
INSERT INTO customers (id, email, shipping_address, created_at)
VALUES (${rng.int(1000, 99999)}, '${mail}', '${addr}', '${isoTime(rng)}');

ERROR:  value too long for type character varying(${rng.int(40, 60)})`, mail, addr);
    },
    () => {
      const acct = iban(rng);
      return turn(`fixtures/payees.yml (Rails) — the payout spec fails after the IBAN validation change:

payee_${rng.int(1, 20)}:
  name: ${p.name}
  iban: ${acct}
  currency: EUR
  verified: true
  created_at: <%= ${rng.int(2, 90)}.days.ago %>

Failures:
  1) Payouts::Batch builds a SEPA file
     Failure/Error: expect(batch.errors).to be_empty
       expected \`[#<IbanError: invalid length for country>].empty?\` to be truthy
     # ./spec/services/payouts/batch_spec.rb:${rng.int(10, 99)}`, p.name, acct);
    },
  ]);
});

const testFixture = situation('test-fixture-customer', 12, (rng) => {
  const p = person(rng);
  return oneOf(rng, [
    () => {
      const mail = email(rng, p);
      const addr = address(rng);
      return turn(`FAIL  src/invoices/render.test.ts > renders the billing block
AssertionError: expected '<p>${addr}</p>' to contain the customer's name

  - Expected  "${p.name}\\n${addr}"
  + Received  "${addr}"

 ❯ src/invoices/render.test.ts:${rng.int(10, 90)}:${rng.int(5, 30)}
fixture: { customer: { email: "${mail}", ... } }`, p.name, addr, mail);
    },
    () => {
      const card = cardNumber(rng);
      return turn(`=================================== FAILURES ===================================
___________________________ test_masks_card_in_receipt ___________________________

    def test_masks_card_in_receipt():
        receipt = render_receipt(order_fixture("${envName(rng)}-${rng.int(1, 99)}"))
>       assert "${card}" not in receipt
E       AssertionError: assert '${card}' not in 'Paid with ${card} on ${rng.int(1, 28)}/11'

tests/test_receipts.py:${rng.int(10, 150)}: AssertionError`, card);
    },
    () => {
      const id = ssn(rng);
      return turn(`--- FAIL: TestTaxFormW9 (0.01s)
    w9_test.go:${rng.int(20, 90)}: field TIN: got "${id}", want masked "***-**-${id.slice(-4)}"
    w9_test.go:${rng.int(20, 90)}: payee: ${p.name}
FAIL
exit status 1
FAIL	github.com/${project(rng)}/tax/w9	0.0${rng.int(10, 99)}s

the masking helper is supposed to run before the form is rendered; which path skips it?`, id, p.name);
    },
  ]);
});

const productionLog = situation('production-log-excerpt', 12, (rng) => {
  const { p, mail } = contact(rng);
  return oneOf(rng, [
    () => {
      const card = cardNumber(rng);
      return turn(`${envName(rng)} logs around the failed charge:

${isoTime(rng)} INFO  checkout.submit user=${mail} cart=${shortSha(rng)} total=${rng.int(5, 900)}.${rng.int(10, 99)}EUR
${isoTime(rng)} DEBUG payment.request card_number=${card} exp=${rng.int(1, 12)}/${rng.int(27, 31)}
${isoTime(rng)} ERROR payment.declined code=do_not_honor request_id=${requestId(rng)}

why is the full card number in the DEBUG line??`, mail, card);
    },
    () => {
      const tel = phone(rng);
      return turn(`kubectl logs deploy/${project(rng)}-notifier --since=1h | grep -i failed
{"level":"error","ts":"${isoTime(rng)}","msg":"sms delivery failed","to":"${tel}","provider_status":30003,"trace_id":"${requestId(rng)}"}
{"level":"error","ts":"${isoTime(rng)}","msg":"email bounce","to":"${mail}","reason":"mailbox full"}`, tel, mail);
    },
    () => {
      const nhs = nhsNumber(rng);
      return turn(`Sentry issue ${project(rng).toUpperCase()}-${rng.int(100, 9999)}: ValidationError in referrals.submit

Extra data
  patient_name: "${p.name}"
  nhs_number: "${nhs}"
  referral_id: ${rng.int(100000, 999999)}
  release: ${shortSha(rng)}

This should never be sent to Sentry, can you find where the before_send scrubber misses it?`, p.name, nhs);
    },
  ]);
});

const agentQuotesPii = situation('agent-summary-quotes-pii', 12, (rng) => {
  const { p, mail } = contact(rng);
  return oneOf(rng, [
    () => {
      const tel = phone(rng);
      return turn(`I found the row that breaks the import. In \`data/contacts-${rng.int(2024, 2026)}.csv\` line ${rng.int(2, 9000)}, the record for ${p.name} has the e-mail \`${mail}\` and the phone \`${tel}\` in swapped columns, so the phone parser receives an e-mail and raises \`ValueError: not a number\`. The other ${rng.int(100, 9000)} rows parse fine. I can make the importer report the line and skip it instead of aborting.`, p.name, mail, tel);
    },
    () => {
      const addr = address(rng);
      return turn(`The geocoder returns no result for customer #${rng.int(1000, 99999)} because the stored address \`${addr}\` has a trailing non-breaking space. I trimmed Unicode whitespace in \`normalize_address()\` and added a test with a synthetic address; the backfill job will need to re-run for ${rng.int(2, 400)} rows.`, addr);
    },
    () => {
      const id = bsn(rng);
      return turn(`Root cause of the failing KYC check: the BSN \`${id}\` for applicant ${mail} passes the 11-test, but our validator strips leading zeros before checking the length, so it sees 8 digits. Fix in \`kyc/nl.py\` keeps the string as is. I didn't log the number anywhere new.`, id, mail);
    },
  ]);
});

const csvGrep = situation('export-grep', 12, (rng) => {
  const { p, mail } = contact(rng);
  const id = rng.int(10000, 99999);
  return oneOf(rng, [
    () => {
      const tel = phone(rng);
      return turn(`$ grep -n "${id}" exports/customers-${rng.int(1, 12)}.csv
${rng.int(2, 20000)}:${id},"${p.name}",${mail},"${tel}",${rng.pick(['active', 'churned', 'trial'])},${isoTime(rng).slice(0, 10)}

$ head -1 exports/customers.csv
id,name,email,phone,status,created

that's the one the dedupe job (\`jobs/dedupe_contacts.py\`) keeps merging with account ${rng.int(10000, 99999)}; the match score is ${rng.int(80, 99)}.${rng.int(0, 9)} although nothing but the surname matches`, p.name, mail, tel);
    },
    () => {
      const acct = iban(rng);
      return turn(`$ csvgrep -c id -m ${id} payouts.csv | csvlook
| id    | payee            | iban                        | amount |
| ----- | ---------------- | --------------------------- | ------ |
| ${id} | ${p.name} | ${acct} | ${rng.int(10, 5000)}.${rng.int(10, 99)} |

the SEPA file rejects exactly this payout with \`AC01 IncorrectAccountNumber\` (batch ${shortSha(rng)}); every other row in the ${rng.int(20, 400)}-row file goes through`, p.name, acct);
    },
  ]);
});

const incidentCustomer = situation('incident-affected-customer', 12, (rng) => {
  const { p, mail } = contact(rng);
  return oneOf(rng, [
    () => turn(`## ${ticket(rng)}: invoice sent to the wrong customer

At ${clock(rng)} the invoice for account ${rng.int(1000, 99999)} was e-mailed to ${mail} instead of the account owner, because the contact cache returned a stale entry after the ${project(rng)} deploy (${shortSha(rng)}). One customer affected; DPO notified at ${clock(rng)}.`, mail),
    () => {
      const id = ssn(rng);
      return turn(`Security incident ${ticket(rng)} — PII in analytics

The signup form sent the full SSN field to the analytics SDK as an event property. Example event seen in the vendor's live view: \`{"event":"kyc_submitted","ssn":"${id}","name":"${p.name}"}\`. ${rng.int(20, 900)} events over ${rng.int(2, 30)} hours before the SDK was disabled.`, id, p.name);
    },
    () => {
      const addr = address(rng);
      const tel = phone(rng);
      return turn(`Write-up for ${ticket(rng)}: courier received the wrong delivery address.

Order ${shortSha(rng).toUpperCase()} shipped to ${addr} (the previous address on file) although the customer had changed it. The customer called from ${tel} at ${clock(rng)}. Cause: the address change was written to the replica lagging ${rng.int(3, 90)} s.`, addr, tel);
    },
  ]);
});

const signupPayload = situation('signup-payload', 12, (rng) => {
  const { p, mail } = contact(rng);
  const tel = phone(rng);
  return oneOf(rng, [
    () => turn(`POST /api/v1/signup → 400. Request body from the network tab:

{
  "full_name": "${p.name}",
  "email": "${mail}",
  "phone": "${tel}",
  "plan": "${rng.pick(['starter', 'team'])}",
  "accept_terms": true,
  "utm_source": "${rng.pick(['newsletter', 'google', 'partner'])}"
}

response: {"error":"phone must be E.164"}`, p.name, mail, tel),
    () => turn(`Rails log for the failing registration:

Started POST "/users" for ${rng.int(11, 200)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)} at ${isoTime(rng)}
Processing by RegistrationsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"${mail}", "mobile"=>"${tel}", "password"=>"[FILTERED]"}}
Completed 422 Unprocessable Entity in ${rng.int(10, 300)}ms`, mail, tel),
  ]);
});

export const PII_CATEGORIES_V8 = [supportTicket, seedUsers, testFixture, productionLog, agentQuotesPii, csvGrep, incidentCustomer, signupPayload];
