/**
 * Personal data (research profile) in the same files and logs: e-mail addresses, international
 * phone numbers, Luhn-valid card numbers and IBANs with valid mod-97 check digits.
 */
import { AN_UP, ibanCheckDigits, luhnCheckDigit, NUM } from './rng.js';
const GIVEN = ['aurelie', 'bartek', 'chidi', 'dagny', 'esteban', 'freya', 'gaurav', 'hanne', 'ignacio', 'jolanta', 'kenji', 'liesel', 'mihail', 'nadia', 'oskar', 'pilar', 'radek', 'saoirse', 'tobias', 'ulla'];
const FAMILY = ['achterberg', 'bergstrom', 'coelho', 'dvorak', 'eklund', 'ferreira', 'grabowski', 'hoang', 'iwasaki', 'janssens', 'kovacs', 'lombardi', 'mwangi', 'novak', 'oyelaran', 'pellegrini'];
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.co.uk', 'web.de', 'icloud.com', 'gmx.net', 'fastmail.fm'];
function person(rng) {
    const g = rng.one(GIVEN);
    const f = rng.one(FAMILY);
    const cap = (s) => s[0].toUpperCase() + s.slice(1);
    const local = rng.one([`${g}.${f}`, `${g[0]}${f}`, `${g}${rng.chars(NUM, 2)}`, `${f}.${g}`]);
    return { name: `${cap(g)} ${cap(f)}`, email: `${local}@${rng.one(MAIL_DOMAINS)}` };
}
const emails = {
    category: 'emails',
    count: 24,
    gen: (rng, i) => {
        const p = person(rng);
        const forms = [
            () => ({ text: `[user]\n\tname = ${p.name}\n\temail = ${p.email}`, targets: [p.email] }),
            () => ({ text: `{\n  "name": "@acme/${rng.one(['ui', 'cli', 'sdk'])}",\n  "version": "2.${rng.between(0, 9)}.0",\n  "author": "${p.name} <${p.email}>"\n}`, targets: [p.email] }),
            () => ({ text: `[project]\nname = "${rng.one(['fastgrid', 'tidyparse', 'orbitals'])}"\nauthors = [{ name = "${p.name}", email = "${p.email}" }]`, targets: [p.email] }),
            () => ({ text: `INFO  [auth] login succeeded user=${p.email} ip_hash=${rng.chars('0123456789abcdef', 12)} mfa=totp`, targets: [p.email] }),
            () => ({ text: `INSERT INTO customers (id, full_name, email) VALUES (${rng.between(100, 9999)}, '${p.name}', '${p.email}');`, targets: [p.email] }),
            () => ({ text: `"postData": {\n  "mimeType": "application/json",\n  "text": "{\\"email\\":\\"${p.email}\\",\\"newsletter\\":true}"\n}`, targets: [p.email] }),
        ];
        return forms[i % forms.length]();
    },
};
const PHONE_FORMATS = [
    (r) => `+44 ${r.one(['7911', '7400', '7825'])} ${r.chars(NUM, 3)} ${r.chars(NUM, 3)}`,
    (r) => `+49 ${r.one(['151', '160', '176'])} ${r.chars(NUM, 8)}`,
    (r) => `+33 6 ${r.chars(NUM, 2)} ${r.chars(NUM, 2)} ${r.chars(NUM, 2)} ${r.chars(NUM, 2)}`,
    (r) => `+81 90-${r.chars(NUM, 4)}-${r.chars(NUM, 4)}`,
    (r) => `+91 ${r.one(['98', '99', '87'])}${r.chars(NUM, 3)} ${r.chars(NUM, 5)}`,
    (r) => `+55 11 9${r.chars(NUM, 4)}-${r.chars(NUM, 4)}`,
    (r) => `+61 4${r.chars(NUM, 2)} ${r.chars(NUM, 3)} ${r.chars(NUM, 3)}`,
    (r) => `+34 6${r.chars(NUM, 2)} ${r.chars(NUM, 2)} ${r.chars(NUM, 2)} ${r.chars(NUM, 2)}`,
    (r) => `+1 (${r.one(['415', '646', '312', '206'])}) ${r.chars('23456789', 1)}${r.chars(NUM, 2)}-${r.chars('123456789', 1)}${r.chars(NUM, 3)}`,
    (r) => `+48 ${r.chars('5678', 1)}${r.chars(NUM, 2)} ${r.chars(NUM, 3)} ${r.chars(NUM, 3)}`,
    (r) => `+27 ${r.one(['82', '83', '72'])} ${r.chars(NUM, 3)} ${r.chars(NUM, 4)}`,
    (r) => `+39 3${r.chars(NUM, 2)} ${r.chars(NUM, 3)} ${r.chars(NUM, 4)}`,
];
const phones = {
    category: 'phones',
    count: 24,
    gen: (rng, i) => {
        const phone = PHONE_FORMATS[i % PHONE_FORMATS.length](rng);
        const p = person(rng);
        const forms = [
            () => `contacts:\n  - name: ${p.name}\n    phone: "${phone}"\n    role: on-call`,
            () => JSON.stringify({ customer: { name: p.name, phone } }, null, 2),
            () => `${p.name},${phone},${rng.one(['Berlin', 'Lyon', 'Osaka', 'Pune', 'Perth'])}`,
            () => `WARN sms delivery failed to=${phone} provider=twilio code=30003`,
        ];
        return { text: forms[(i + Math.floor(i / PHONE_FORMATS.length)) % forms.length](), targets: [phone] };
    },
};
const CARD_PREFIXES = [['4', 16], ['51', 16], ['53', 16], ['2221', 16], ['34', 15], ['37', 15], ['6011', 16]];
function card(rng, i) {
    const [prefix, len] = CARD_PREFIXES[i % CARD_PREFIXES.length];
    const body = prefix + rng.chars(NUM, len - prefix.length - 1);
    return body + luhnCheckDigit(body);
}
const cards = {
    category: 'cards',
    count: 24,
    gen: (rng, i) => {
        const n = card(rng, i);
        const grouped = n.length === 15 ? `${n.slice(0, 4)} ${n.slice(4, 10)} ${n.slice(10)}` : n.replace(/(\d{4})(?=\d)/g, '$1 ');
        const forms = [
            () => ({ text: JSON.stringify({ payment_method: { type: 'card', card: { number: n, exp_month: rng.between(1, 12), exp_year: 2028 } } }, null, 2), targets: [n] }),
            () => ({ text: `2026-11-${rng.between(10, 28)} 14:02:11 ERROR charge failed card=${n} amount=${rng.between(5, 900)}.00 EUR`, targets: [n] }),
            () => ({ text: `order_id,card,holder\n${rng.between(10000, 99999)},${grouped},${person(rng).name}`, targets: [grouped] }),
            () => ({ text: `fixtures:\n  billing:\n    card_number: "${n.replace(/(\d{4})(?=\d)/g, '$1-')}"`, targets: [n.replace(/(\d{4})(?=\d)/g, '$1-')] }),
        ];
        return forms[Math.floor(i / CARD_PREFIXES.length) % forms.length]();
    },
};
const IBAN_COUNTRIES = [
    ['DE', (r) => r.chars(NUM, 18)],
    ['FR', (r) => r.chars(NUM, 10) + r.chars(AN_UP, 11) + r.chars(NUM, 2)],
    ['GB', (r) => r.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 4) + r.chars(NUM, 14)],
    ['ES', (r) => r.chars(NUM, 20)],
    ['NL', (r) => r.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 4) + r.chars(NUM, 10)],
    ['IT', (r) => r.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 1) + r.chars(NUM, 10) + r.chars(AN_UP, 12)],
    ['PL', (r) => r.chars(NUM, 24)],
    ['CH', (r) => r.chars(NUM, 5) + r.chars(AN_UP, 12)],
    ['AT', (r) => r.chars(NUM, 16)],
    ['SE', (r) => r.chars(NUM, 20)],
];
const ibans = {
    category: 'ibans',
    count: 24,
    gen: (rng, i) => {
        const [country, bban] = IBAN_COUNTRIES[i % IBAN_COUNTRIES.length];
        const b = bban(rng);
        const iban = `${country}${ibanCheckDigits(country, b)}${b}`;
        const printed = iban.replace(/(.{4})(?=.)/g, '$1 ');
        const forms = [
            () => ({ text: `<CdtrAcct>\n  <Id>\n    <IBAN>${iban}</IBAN>\n  </Id>\n</CdtrAcct>`, targets: [iban] }),
            () => ({ text: `invoice:\n  payee: ${person(rng).name}\n  iban: "${printed}"\n  reference: INV-${rng.chars(NUM, 5)}`, targets: [printed] }),
            () => ({ text: `payout requested account=${iban} amount=${rng.between(20, 4000)}.${rng.chars(NUM, 2)} status=pending`, targets: [iban] }),
        ];
        return forms[Math.floor(i / IBAN_COUNTRIES.length) % forms.length]();
    },
};
export const PII_CATEGORIES = [emails, phones, cards, ibans];
//# sourceMappingURL=pii.js.map