/** Personal data through the same carriers: encoded forms, dumps, diffs, logs and quoted mail. */
import { base64Wrapped, formEncode, htmlNumeric, jsonEscapeTimes, pythonRepr, quotedPrintable } from './encode.js';
import { category, diffHeader, isoTime, repoPath, service } from './kit.js';
import { cardNumber, iban, nationalId, person, streetAddress } from './values.js';

const cardLog = (prefix: string, card: string, email: string) => ({ text: `${prefix} card=${card} holder_email=${email}`, targets: [card, email] });

export const PII_CATEGORIES = [
  category('pii-form-urlencoded', 12, (rng) => {
    const p = person(rng);
    const email = formEncode(p.email);
    const phone = formEncode(p.phone);
    return { text: `POST /signup body: first_name=${formEncode(p.first)}&last_name=${formEncode(p.last)}&email=${email}&phone=${phone}&newsletter=on`, targets: [email, phone] };
  }),
  category('pii-json-escaped', 12, (rng) => {
    const p = person(rng);
    const address = streetAddress(rng);
    const inner = JSON.stringify({ customer: { name: `${p.first} ${p.last}`, email: p.email, address } });
    const text = JSON.stringify({ role: 'tool', content: JSON.stringify({ stdout: inner }) });
    return { text, targets: [jsonEscapeTimes(p.email, 3), jsonEscapeTimes(address, 3)] };
  }),
  category('pii-base64-profile', 12, (rng) => {
    const p = person(rng);
    const blob = base64Wrapped(JSON.stringify({ name: `${p.first} ${p.last}`, email: p.email, phone: p.phone }, null, 2));
    return { text: `$ base64 fixtures/${rng.pick(['user', 'customer', 'patient'])}-${rng.int(1, 999)}.json\n${blob}`, targets: [blob] };
  }),
  category('pii-diff-seed', 12, (rng) => {
    const p = person(rng);
    const id = nationalId(rng);
    return { text: `${diffHeader(rng, `${repoPath(rng)}/seeds/customers.csv`)}\n name,email,${id.label}\n+${p.first} ${p.last},${p.email},${id.value}`, targets: [p.email, id.value] };
  }),
  category('pii-log-payment', 12, (rng) => {
    const p = person(rng);
    const account = iban(rng);
    return rng.chance(0.5)
      ? { text: `{"ts":"${isoTime(rng)}","svc":"${service(rng)}","msg":"sepa payout created","beneficiary":"${p.first} ${p.last}","iban":"${account}","email":"${p.email}"}`, targets: [account, p.email] }
      : cardLog(`${isoTime(rng)} level=info msg="card charged"`, cardNumber(rng), p.email);
  }),
  category('pii-repl-repr', 12, (rng) => {
    const p = person(rng);
    const id = nationalId(rng);
    return { text: `>>> user.__dict__\n{'id': ${rng.int(1, 99999)}, 'full_name': ${pythonRepr(`${p.first} ${p.last}`)}, 'email': ${pythonRepr(p.email)}, 'phone': ${pythonRepr(p.phone)}, '${id.label}': ${pythonRepr(id.value)}}`, targets: [p.email, p.phone, id.value] };
  }),
  category('pii-quoted-mail', 12, (rng) => {
    const p = person(rng);
    const address = streetAddress(rng);
    const qp = quotedPrintable(`${p.first} ${p.last} | ${address} | Tel. ${p.phone}`);
    return { text: `> ${rng.pick(['Best regards', 'Cheers', 'Mit freundlichen Grüßen'])},\n> --\n> ${qp.split('\n').join('\n> ')}\n> ${p.email}`, targets: [p.email, ...[address, p.phone].map(quotedPrintable).filter((t) => qp.includes(t))] };
  }),
  category('pii-html-entities', 12, (rng) => {
    const p = person(rng);
    const email = htmlNumeric(p.email);
    return { text: `<td class="contact">${p.first} ${p.last}</td><td><a href="mailto:${email}">${email}</a></td><td>${p.phone.replace(/ /g, '&nbsp;')}</td>`, targets: [email, p.phone.replace(/ /g, '&nbsp;')] };
  }),
];
