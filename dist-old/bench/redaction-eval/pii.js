/** PII categories (scored with the `research` profile). */
import { fileView, isoTime, logTime, person, personalEmail, PROJECTS, terminal } from './common.js';
import { defineCategory } from './secrets.js';
import { DIGITS, groupIban, groupPan, iban, paymentCard, publicIpv4, sha1, ssn, uuid } from './values.js';
const email = defineCategory('email', 26, (rng) => {
    const p = person(rng);
    const e = personalEmail(rng, p);
    const forms = [
        () => terminal(rng, 'git log -3 --format="%h %an <%ae> %s"', `${sha1(rng).slice(0, 7)} ${p.full} <${e}> fix: handle empty cart\n${sha1(rng).slice(0, 7)} dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com> chore(deps): bump vite`),
        () => fileView(rng, 'package.json', `{\n  "name": "${rng.pick(PROJECTS)}",\n  "version": "2.3.1",\n  "author": "${p.full} <${e}>",\n  "license": "MIT"\n}`),
        () => fileView(rng, 'exports/customers.csv', `id,name,email,created_at\n${rng.int(1000, 9999)},${p.full},${e},${isoTime(rng).slice(0, 10)}`),
        () => `${logTime(rng)} INFO  auth: login succeeded user=${e} ip=10.0.3.17`,
        () => `Can you email ${e} the invoice for March? She asked twice already.`,
        () => terminal(rng, 'git config --global user.email', e),
        () => `{"id":"${uuid(rng)}","object":"customer","email":"${e}","name":"${p.full}"}`,
        () => fileView(rng, 'CODEOWNERS', `/billing/  @fieldline/payments\n# contact: ${e}`),
        () => `Traceback (most recent call last):\n  File "app/mailer.py", line 88, in send\n    smtp.sendmail(FROM, ["${e}"], msg)\nsmtplib.SMTPRecipientsRefused: {'${e}': (550, b'5.1.1 mailbox unavailable')}`,
    ];
    return { text: rng.pick(forms)(), targets: [e] };
});
const phone = defineCategory('phone', 26, (rng) => {
    const nums = [
        () => `+1 (${rng.pick(['212', '415', '646', '312', '617', '206', '512'])}) ${rng.int(201, 989)}-${rng.str(DIGITS, 4)}`.replace(/\) 55\d-/, ') 734-'),
        () => `(${rng.pick(['303', '404', '713', '818'])}) ${rng.int(201, 989)}-${rng.str(DIGITS, 4)}`.replace(/\) 55\d-/, ') 482-'),
        () => `+44 7${rng.pick(['4', '5', '8', '9'])}${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 6)}`,
        () => `+44 20 ${rng.int(3, 8)}${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 4)}`,
        () => `+49 ${rng.pick(['151', '160', '170', '176'])} ${rng.str(DIGITS, 8)}`,
        () => `+49 30 ${rng.str(DIGITS, 8)}`,
        () => `+33 ${rng.pick(['6', '7'])} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)}`,
        () => `+91 ${rng.pick(['98', '97', '88', '70'])}${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 5)}`,
        () => `+61 4${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 3)}`,
        () => `+55 11 9${rng.str(DIGITS, 4)}-${rng.str(DIGITS, 4)}`,
        () => `+81 90-${rng.str(DIGITS, 4)}-${rng.str(DIGITS, 4)}`,
    ];
    const n = rng.pick(nums)();
    const p = person(rng);
    const forms = [
        () => `Call me on ${n} if the deploy breaks tonight.`,
        () => fileView(rng, 'data/contacts.csv', `name,phone,city\n${p.full},${n},${rng.pick(['Berlin', 'London', 'Austin', 'Lyon', 'Pune', 'Sydney'])}`),
        () => `{"customer":{"name":"${p.full}","phone":"${n}","tier":"gold"}}`,
        () => `${logTime(rng)} WARN  sms: delivery failed to=${n} code=30003`,
        () => fileView(rng, 'seed/users.yml', `- name: ${p.full}\n  phone: "${n}"\n  role: manager`),
        () => `On-call this week: ${p.first} (${n})`,
    ];
    return { text: rng.pick(forms)(), targets: [n] };
});
const card = defineCategory('payment-card', 20, (rng) => {
    const { pan, brand } = paymentCard(rng);
    const shown = rng.chance(0.5) ? pan : groupPan(pan, rng.pick([' ', '-']));
    const p = person(rng);
    const forms = [
        () => `${logTime(rng)} ERROR checkout: charge declined card=${shown} brand=${brand} amount=129.00`,
        () => `customer says the card ${shown} exp 0${rng.int(1, 9)}/${rng.int(26, 31)} keeps failing, can you look at the logs?`,
        () => fileView(rng, 'fixtures/orders_dump.json', `{"order_id": ${rng.int(10000, 99999)}, "cardholder": "${p.full}", "card_number": "${shown}", "cvv": "${rng.str(DIGITS, 3)}"}`),
        () => `INSERT INTO payments (customer, pan, brand) VALUES ('${p.full}', '${shown}', '${brand}');`,
    ];
    return { text: rng.pick(forms)(), targets: [shown] };
});
const ibanCase = defineCategory('iban', 18, (rng) => {
    const raw = iban(rng);
    const shown = rng.chance(0.5) ? raw : groupIban(raw);
    const p = person(rng);
    const forms = [
        () => `Please wire the refund to ${p.full}, IBAN ${shown}.`,
        () => fileView(rng, 'payouts.csv', `payee,iban,amount\n${p.full},${shown},1250.00`),
        () => `{"beneficiary":"${p.full}","iban":"${shown}","reference":"INV-${rng.int(1000, 9999)}"}`,
        () => `${logTime(rng)} INFO  sepa: mandate created debtor_iban=${shown}`,
    ];
    return { text: rng.pick(forms)(), targets: [shown] };
});
const ssnCase = defineCategory('us-ssn', 14, (rng) => {
    const s = ssn(rng);
    const p = person(rng);
    const forms = [
        () => `SSN: ${s}`,
        () => fileView(rng, 'hr/employees.csv', `name,ssn,start_date\n${p.full},${s},${isoTime(rng).slice(0, 10)}`),
        () => `{"applicant":"${p.full}","ssn":"${s}","status":"pending"}`,
        () => `${p.first}'s social security number is ${s}, the W-9 form is attached`,
        () => `${logTime(rng)} DEBUG kyc: verify payload ssn=${s} dob=19${rng.int(60, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
    ];
    return { text: rng.pick(forms)(), targets: [s] };
});
const ipCase = defineCategory('ipv4-public', 20, (rng) => {
    const ip = publicIpv4(rng);
    const forms = [
        () => `${rng.pick(['Jun', 'Jul', 'Aug'])} ${rng.int(10, 28)} 0${rng.int(1, 9)}:${rng.int(10, 59)}:${rng.int(10, 59)} web-1 sshd[${rng.int(1000, 40000)}]: Accepted publickey for deploy from ${ip} port ${rng.int(30000, 65000)} ssh2`,
        () => `${ip} - - [${rng.int(10, 28)}/Jul/2025:1${rng.int(0, 9)}:${rng.int(10, 59)}:${rng.int(10, 59)} +0000] "GET /api/health HTTP/1.1" 200 17 "-" "Mozilla/5.0"`,
        () => terminal(rng, 'curl -s ifconfig.me', ip),
        () => `X-Forwarded-For: ${ip}, 10.0.0.12`,
        () => terminal(rng, 'last -i | head -2', `deploy   pts/0        ${ip}    Tue Jul  8 09:12   still logged in\nreboot   system boot  0.0.0.0          Mon Jul  7 22:01`),
        () => `my home IP is ${ip}, can you add it to the security group allowlist?`,
    ];
    return { text: rng.pick(forms)(), targets: [ip] };
});
export const PII_CATEGORIES = [email, phone, card, ibanCase, ssnCase, ipCase];
//# sourceMappingURL=pii.js.map