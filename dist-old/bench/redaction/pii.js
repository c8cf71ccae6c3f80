/** Personal-data categories: valid-by-construction values inside realistic context. */
import { CARD_BRANDS, DIGITS, HEX, IBAN_COUNTRIES, cardNumber, dni, formatIban, groupDigits, iban, nino, publicIPv4, publicIPv6, ssn, steuerId, uuid, } from './formats.js';
import { FIRST_NAMES, LAST_NAMES, PERSONAL_MAIL_DOMAINS, WORDS, companyDomain, isoTime, sha1 } from './pools.js';
function file(file, body, targets) {
    return { snippet: { form: 'file', file, body, targets } };
}
function shell(cmd, out, targets) {
    return { snippet: { form: 'shell', steps: [{ cmd, out }], targets } };
}
function text(body, targets) {
    return { snippet: { form: 'text', body, targets } };
}
function ascii(name) {
    return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
function person(rng) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    return { first, last, name: `${first} ${last}` };
}
export function email(rng, p = person(rng)) {
    const f = ascii(p.first);
    const l = ascii(p.last);
    const local = rng.pick([`${f}.${l}`, `${f[0]}${l}`, `${f}_${l}${rng.int(1, 99)}`, `${f}${rng.int(70, 99)}`, `${f}+${rng.pick(['github', 'dev', 'shop', 'news'])}`, `${l}.${f}`]);
    const domain = rng.chance(0.6) ? rng.pick(PERSONAL_MAIL_DOMAINS) : companyDomain(rng);
    return `${local}@${domain}`;
}
function digits(rng, n, first = '123456789') {
    return rng.str(first, 1) + rng.str(DIGITS, n - 1);
}
/** A phone number in one of several national formats (all with their real country structure). */
export function phone(rng) {
    switch (rng.int(0, 10)) {
        case 0: {
            const area = `${rng.int(2, 9)}${rng.int(0, 8)}${rng.int(0, 9)}`;
            const ex = `${rng.int(2, 9)}${rng.str(DIGITS, 2)}`.replace(/^(\d)11$/, '$122').replace(/^555$/, '556');
            const line = rng.str(DIGITS, 4);
            return rng.pick([`(${area}) ${ex}-${line}`, `${area}-${ex}-${line}`, `+1 ${area} ${ex} ${line}`, `+1-${area}-${ex}-${line}`, `${area}.${ex}.${line}`]);
        }
        case 1: {
            const area = `${rng.int(2, 9)}${rng.int(0, 8)}${rng.int(0, 9)}`;
            return `+1 (${area}) ${rng.int(2, 9)}${rng.str(DIGITS, 2)}-${rng.str(DIGITS, 4)}`;
        }
        case 2: {
            const n = `7${rng.pick(['4', '5', '8', '9'])}${rng.str(DIGITS, 2)}`;
            const rest = rng.str(DIGITS, 6);
            return rng.pick([`+44 ${n} ${rest}`, `0${n} ${rest}`, `+44 (0)${n} ${rest.slice(0, 3)} ${rest.slice(3)}`]);
        }
        case 3:
            return rng.pick([`+44 20 ${rng.int(3, 8)}${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 4)}`, `020 ${rng.int(3, 8)}${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 4)}`]);
        case 4: {
            const mobile = `1${rng.pick(['51', '52', '57', '60', '62', '70', '76'])}`;
            const rest = digits(rng, 8);
            return rng.pick([`+49 ${mobile} ${rest}`, `0${mobile} ${rest}`, `+49 (0)${mobile} ${rest.slice(0, 4)} ${rest.slice(4)}`]);
        }
        case 5:
            return rng.pick([`+49 30 ${digits(rng, 8)}`, `+49 89 ${digits(rng, 7)}`, `040 ${digits(rng, 8)}`]);
        case 6: {
            const pairs = [0, 1, 2, 3].map(() => rng.str(DIGITS, 2)).join(' ');
            const lead = rng.pick(['6', '7']);
            return rng.pick([`+33 ${lead} ${pairs}`, `0${lead} ${pairs}`]);
        }
        case 7:
            return rng.pick([`+91 ${rng.int(6, 9)}${rng.str(DIGITS, 4)} ${rng.str(DIGITS, 5)}`, `+91-${rng.int(6, 9)}${rng.str(DIGITS, 9)}`]);
        case 8:
            return rng.pick([`+61 4${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 3)}`, `04${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 3)}`]);
        case 9:
            return `+55 ${rng.pick(['11', '21', '31', '41'])} 9${rng.str(DIGITS, 4)}-${rng.str(DIGITS, 4)}`;
        default:
            return `+81 ${rng.pick(['90', '80', '70'])}-${rng.str(DIGITS, 4)}-${rng.str(DIGITS, 4)}`;
    }
}
function card(rng) {
    const brand = rng.pick(CARD_BRANDS);
    const pan = cardNumber(rng, brand);
    return rng.pick([pan, groupDigits(pan, brand.groups, ' '), groupDigits(pan, brand.groups, '-'), groupDigits(pan, brand.groups, ' ')]);
}
function ibanValue(rng) {
    return formatIban(iban(rng, rng.pick(IBAN_COUNTRIES)), rng.chance(0.6));
}
function csv(header, rows) {
    return [header.join(','), ...rows.map((r) => r.join(','))].join('\n');
}
function rows(rng, make) {
    return Array.from({ length: rng.int(2, 4) }, make);
}
export const PII_CATEGORIES = [
    {
        id: 'email',
        gen: (rng) => {
            const p = person(rng);
            const e = email(rng, p);
            switch (rng.int(0, 6)) {
                case 0: return shell('git config --get user.email', e, [e]);
                case 1: return shell('git log -2 --format=fuller', `commit ${sha1(rng)}\nAuthor:     ${p.name} <${e}>\nAuthorDate: ${new Date(isoTime(rng)).toUTCString()}\nCommit:     ${p.name} <${e}>\nCommitDate: ${new Date(isoTime(rng)).toUTCString()}\n\n    ${rng.pick(['fix', 'feat', 'chore'])}: ${rng.pick(WORDS)} ${rng.pick(['retry', 'layout', 'parser'])}`, [e]);
                case 2: return file('package.json', JSON.stringify({ name: `${rng.pick(WORDS)}-${rng.pick(WORDS)}`, version: '1.0.0', author: `${p.name} <${e}>`, license: 'MIT' }, null, 2), [e]);
                case 3: {
                    const list = rows(rng, () => ({ p: person(rng), id: rng.int(1000, 99999) })).map((r) => ({ ...r, e: email(rng, r.p) }));
                    return shell(`psql -c "select id, name, email from users order by id desc limit ${list.length}" --csv`, csv(['id', 'name', 'email'], list.map((r) => [String(r.id), r.p.name, r.e])), list.map((r) => r.e));
                }
                case 4: return text(`${isoTime(rng)} WARN auth: ${rng.pick(['failed login', 'password reset requested', 'account locked'])} for ${e} from session ${uuid(rng)}`, [e]);
                case 5: return text(rng.pick([`Can you send the export to ${e}? That's my personal address.`, `The customer (${e}) reports the checkout button does nothing.`]), [e]);
                default: return shell(`curl -s https://api.${companyDomain(rng)}/v1/users/${rng.int(1, 99999)}`, JSON.stringify({ id: rng.int(1, 99999), name: p.name, email: e, created_at: isoTime(rng) }, null, 2), [e]);
            }
        },
    },
    {
        id: 'phone',
        gen: (rng) => {
            const p = person(rng);
            const ph = phone(rng);
            switch (rng.int(0, 5)) {
                case 0: return text(rng.pick([`You can reach me on ${ph} if the deploy breaks tonight.`, `Call me at ${ph} when you're done.`, `my mobile is ${ph}`]), [ph]);
                case 1: return file(`contacts/${ascii(p.first)}.vcf`, `BEGIN:VCARD\nVERSION:3.0\nFN:${p.name}\nTEL;TYPE=CELL:${ph}\nEND:VCARD`, [ph]);
                case 2: return shell(`curl -s https://api.${companyDomain(rng)}/v1/customers/${rng.int(1, 99999)}`, JSON.stringify({ id: `cus_${rng.str(HEX, 14)}`, name: p.name, phone: ph, country: rng.pick(['US', 'GB', 'DE', 'FR']) }, null, 2), [ph]);
                case 3: {
                    const list = rows(rng, () => ({ p: person(rng), ph: phone(rng) }));
                    return file('data/contacts.csv', csv(['name', 'phone', 'city'], list.map((r) => [r.p.name, `"${r.ph}"`, rng.pick(['Berlin', 'Leeds', 'Austin', 'Lyon'])])), list.map((r) => r.ph));
                }
                case 4: return text(`${isoTime(rng)} INFO sms: sent verification code to ${ph} (user ${rng.int(1, 99999)})`, [ph]);
                default: return file('support/escalation.yaml', `on_call:\n  name: ${p.name}\n  phone: "${ph}"\n  escalate_after: 15m`, [ph]);
            }
        },
    },
    {
        id: 'payment-card',
        gen: (rng) => {
            const c = card(rng);
            switch (rng.int(0, 4)) {
                case 0: return text(`${isoTime(rng)} DEBUG payments: charge request ${JSON.stringify({ amount: rng.int(100, 99999), currency: rng.pick(['usd', 'eur', 'gbp']), card_number: c, exp_month: rng.int(1, 12), exp_year: rng.int(2026, 2031) })}`, [c]);
                case 1: return text(rng.pick([`my card is ${c}, it keeps getting declined on the checkout page`, `Customer says card ${c} was charged twice.`]), [c]);
                case 2: {
                    const list = rows(rng, () => card(rng));
                    return shell('sqlite3 -header -csv orders.db "select order_id, card_pan from payments limit 5"', csv(['order_id', 'card_pan'], list.map((x) => [String(rng.int(10000, 99999)), x])), list);
                }
                case 3: return file('fixtures/customer.json', JSON.stringify({ customer: { name: person(rng).name, payment: { type: 'card', number: c, expiry: `${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(26, 31)}` } } }, null, 2), [c]);
                default: return text(`Card number: ${c}\nExpiry: ${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(26, 31)}`, [c]);
            }
        },
    },
    {
        id: 'iban',
        gen: (rng) => {
            const v = ibanValue(rng);
            const p = person(rng);
            switch (rng.int(0, 4)) {
                case 0: return text(`Please wire the refund to ${p.name}, IBAN ${v}.`, [v]);
                case 1: return file('payouts/vendors.json', JSON.stringify([{ vendor: p.name, iban: v, bic: rng.pick(['COBADEFFXXX', 'NWBKGB2L', 'BNPAFRPP', 'INGBNL2A']) }], null, 2), [v]);
                case 2: return file('sepa/batch.xml', `<CdtTrfTxInf>\n  <Cdtr><Nm>${p.name}</Nm></Cdtr>\n  <CdtrAcct><Id><IBAN>${v.replace(/ /g, '')}</IBAN></Id></CdtrAcct>\n</CdtTrfTxInf>`, [v.replace(/ /g, '')]);
                case 3: {
                    const list = rows(rng, () => ibanValue(rng));
                    return file('exports/payouts.csv', csv(['payee', 'iban', 'amount'], list.map((x) => [person(rng).name, x, `${rng.int(10, 9999)}.${rng.int(10, 99)}`])), list);
                }
                default: return text(`Bankverbindung: ${p.name}\nIBAN: ${v}\nVerwendungszweck: Rechnung ${rng.int(1000, 9999)}`, [v]);
            }
        },
    },
    {
        id: 'us-ssn',
        gen: (rng) => {
            const s = ssn(rng);
            const raw = rng.chance(0.15) ? s.replace(/-/g, '') : s;
            switch (rng.int(0, 3)) {
                case 0: return text(`Applicant: ${person(rng).name}\nSSN: ${raw}\nDOB: ${rng.int(1950, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`, [raw]);
                case 1: return text(`${isoTime(rng)} DEBUG kyc: payload ${JSON.stringify({ first_name: person(rng).first, ssn: raw, state: rng.pick(['CA', 'TX', 'NY', 'WA']) })}`, [raw]);
                case 2: return text(`my social security number is ${raw}, the form keeps rejecting it`, [raw]);
                default: return file('fixtures/employees.csv', csv(['employee_id', 'name', 'ssn'], [[String(rng.int(100, 9999)), person(rng).name, raw]]), [raw]);
            }
        },
    },
    {
        id: 'uk-nino',
        gen: (rng) => {
            const n = nino(rng, rng.chance(0.5));
            return rng.pick([
                () => text(`Employee: ${person(rng).name}\nNational Insurance number: ${n}\nTax code: 1257L`, [n]),
                () => file('payroll/employees.json', JSON.stringify({ name: person(rng).name, ni_number: n, start_date: isoTime(rng).slice(0, 10) }, null, 2), [n]),
                () => text(`my NI number is ${n} if HMRC needs it`, [n]),
            ])();
        },
    },
    {
        id: 'ipv4-public',
        gen: (rng) => {
            const ip = publicIPv4(rng);
            const ts = new Date(isoTime(rng));
            switch (rng.int(0, 4)) {
                case 0: return shell('sudo journalctl -u ssh --since today | tail -n 2', `${ts.toUTCString().slice(5, 25)} web-${rng.int(1, 9)} sshd[${rng.int(1000, 65000)}]: Accepted publickey for deploy from ${ip} port ${rng.int(20000, 65000)} ssh2: ED25519 SHA256:${rng.str(HEX, 43)}`, [ip]);
                case 1: return text(`${ip} - - [${rng.int(10, 28)}/Mar/2025:${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)} +0000] "GET /api/v1/orders?page=${rng.int(1, 9)} HTTP/1.1" 200 ${rng.int(100, 99999)} "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)"`, [ip]);
                case 2: return shell('curl -s ifconfig.me', ip, [ip]);
                case 3: return text(`X-Forwarded-For: ${ip}\nX-Real-IP: ${ip}`, [ip]);
                default: return shell('last -i | head -3', `${rng.pick(WORDS)}  pts/0        ${ip}   Mon Mar ${rng.int(10, 28)} 09:${rng.int(10, 59)}   still logged in`, [ip]);
            }
        },
    },
    {
        id: 'ipv6-public',
        gen: (rng) => {
            const ip = publicIPv6(rng);
            return rng.pick([
                () => text(`${isoTime(rng)} INFO http: client=${ip} method=POST path=/login status=401`, [ip]),
                () => shell('curl -s -6 ifconfig.co', ip, [ip]),
                () => text(`${ip} - - [${rng.int(10, 28)}/Apr/2025:${rng.int(10, 23)}:11:09 +0000] "GET / HTTP/2.0" 304 0 "-" "curl/8.5.0"`, [ip]),
            ])();
        },
    },
    {
        id: 'de-tax-id',
        gen: (rng) => {
            const id = steuerId(rng);
            const shown = rng.chance(0.4) ? `${id.slice(0, 2)} ${id.slice(2, 5)} ${id.slice(5, 8)} ${id.slice(8)}` : id;
            return rng.pick([
                () => text(`Name: ${person(rng).name}\nSteuer-ID: ${shown}\nFinanzamt: ${rng.pick(['Berlin-Mitte', 'München', 'Hamburg-Nord'])}`, [shown]),
                () => file('hr/mitarbeiter.json', JSON.stringify({ name: person(rng).name, steuer_id: shown, steuerklasse: rng.int(1, 5) }, null, 2), [shown]),
            ])();
        },
    },
    {
        id: 'es-dni',
        gen: (rng) => {
            const d = dni(rng);
            return rng.pick([
                () => text(`Cliente: ${person(rng).name}\nDNI: ${d}\nTeléfono de contacto en la ficha.`, [d]),
                () => file('clientes/registro.json', JSON.stringify({ nombre: person(rng).name, dni: d, alta: isoTime(rng).slice(0, 10) }, null, 2), [d]),
                () => text(`mi DNI es ${d}, no me deja completar el registro`, [d]),
            ])();
        },
    },
];
//# sourceMappingURL=pii.js.map