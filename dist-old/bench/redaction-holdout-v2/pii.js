/** PII cases (blind holdout v2): personal e-mails, phones, Luhn-valid cards, IBANs, public IPs. */
import { categorySpec } from './secrets.js';
import { DIG, groupBy4, iban, luhnCheckDigit, made } from './util.js';
const FIRST = ['maria', 'jonas', 'priya', 'takeshi', 'olu', 'lena', 'wei', 'fatima', 'sven', 'ana', 'liam', 'yuki', 'mateo', 'ingrid', 'kwame', 'sofia', 'dmitri', 'aisha', 'lucas', 'hana'];
const LAST = ['gonzalez', 'schneider', 'raman', 'sato', 'adeyemi', 'novak', 'chen', 'haddad', 'lindqvist', 'ferreira', 'oconnor', 'tanaka', 'rossi', 'berg', 'mensah', 'moreau', 'ivanov', 'khan', 'dubois', 'kim'];
const FREEMAIL = ['gmail.com', 'outlook.com', 'yahoo.co.jp', 'web.de', 'gmx.de', 'proton.me', 'icloud.com', 'hotmail.fr', 'mail.ru', 'yandex.ru', 'libero.it', 'orange.fr', 'naver.com', 'uol.com.br'];
const WORKMAIL = ['acme-logistics.com', 'northwind.de', 'fleetly.io', 'lumen-bank.fr', 'tessellate.co.uk'];
const cap = (s) => s[0].toUpperCase() + s.slice(1);
function person(r) {
    const first = r.pick(FIRST), last = r.pick(LAST);
    const local = r.pick([`${first}.${last}`, `${first}${last}${r.int(1, 99)}`, `${first[0]}${last}`, `${first}_${last}`, `${last}.${first}${r.int(70, 99)}`]);
    const domain = r.chance(0.75) ? r.pick(FREEMAIL) : r.pick(WORKMAIL);
    return { first, last, full: `${cap(first)} ${cap(last)}`, email: `${local}@${domain}` };
}
const emails = categorySpec('personal-emails', 30, [
    (r) => { const p = person(r); return made(`commit 9f${r.str('0123456789abcdef', 38)}\nAuthor: ${p.full} <${p.email}>\nDate:   Tue Mar 4 11:02:19 2025 +0100\n\n    fix: handle empty cart`, p.email); },
    (r) => { const p = person(r); return made(`Signed-off-by: ${p.full} <${p.email}>`, p.email); },
    (r) => { const p = person(r); return made(`"author": "${p.full} <${p.email}>",\n"license": "MIT"`, p.email); },
    (r) => { const p = person(r); return made(`INSERT INTO customers (id, name, email) VALUES (${r.int(100, 99999)}, '${p.full}', '${p.email}');`, p.email); },
    (r) => { const p = person(r); return made(`[warn] password reset requested for ${p.email} (ip hidden)`, p.email); },
    (r) => { const p = person(r); return made(`Kannst du ${p.first} unter ${p.email} Bescheid geben?`, p.email); },
    (r) => { const p = person(r), q = person(r); return made(`id,name,email,plan\n1,${p.full},${p.email},pro\n2,${q.full},${q.email},free`, p.email, q.email); },
    (r) => { const p = person(r); return made(`Co-authored-by: ${p.full} <${p.email}>`, p.email); },
    (r) => { const p = person(r); return made(`{"user":{"id":${r.int(1, 99999)},"email":"${p.email}","role":"member"}}`, p.email); },
    (r) => { const p = person(r); return made(`Hola, soy ${cap(p.first)}. Escríbeme a ${p.email} si falla el despliegue.`, p.email); },
]);
function usPhone(r) {
    const area = r.pick(['212', '312', '415', '617', '206', '512', '303', '404', '713', '646', '917', '305']);
    let ex = String(r.int(201, 989));
    if (ex === '555')
        ex = '556';
    return r.pick([`+1 (${area}) ${ex}-${r.str(DIG, 4)}`, `(${area}) ${ex}-${r.str(DIG, 4)}`, `+1-${area}-${ex}-${r.str(DIG, 4)}`, `+1${area}${ex}${r.str(DIG, 4)}`]);
}
function intlPhone(r) {
    switch (r.int(0, 8)) {
        case 0: return r.pick([`+44 7${r.int(400, 999)} ${r.str(DIG, 6)}`, `07${r.int(400, 999)} ${r.str(DIG, 6)}`]);
        case 1: return r.pick([`+49 ${r.pick(['151', '160', '171', '176'])} ${r.str(DIG, 4)} ${r.str(DIG, 4)}`, `0${r.pick(['151', '172', '176'])} ${r.str(DIG, 8)}`]);
        case 2: return r.pick([`+33 6 ${r.str(DIG, 2)} ${r.str(DIG, 2)} ${r.str(DIG, 2)} ${r.str(DIG, 2)}`, `07 ${r.str(DIG, 2)} ${r.str(DIG, 2)} ${r.str(DIG, 2)} ${r.str(DIG, 2)}`]);
        case 3: return `+91 ${r.pick(['98', '97', '88', '70'])}${r.str(DIG, 3)} ${r.str(DIG, 5)}`;
        case 4: return `+55 11 9${r.str(DIG, 4)}-${r.str(DIG, 4)}`;
        case 5: return r.pick([`090-${r.str(DIG, 4)}-${r.str(DIG, 4)}`, `+81 80-${r.str(DIG, 4)}-${r.str(DIG, 4)}`]);
        case 6: return `+61 4${r.str(DIG, 2)} ${r.str(DIG, 3)} ${r.str(DIG, 3)}`;
        case 7: return `+34 6${r.str(DIG, 2)} ${r.str(DIG, 2)} ${r.str(DIG, 2)} ${r.str(DIG, 2)}`;
        default: return `+31 6 ${r.str(DIG, 8)}`;
    }
}
const phones = categorySpec('phone-numbers', 28, [
    (r) => { const t = usPhone(r); return made(`Call me at ${t} if the pager doesn't fire.`, t); },
    (r) => { const t = intlPhone(r); return made(`Mein Handy: ${t}`, t); },
    (r) => { const t = intlPhone(r), p = person(r); return made(`BEGIN:VCARD\nVERSION:3.0\nFN:${p.full}\nTEL;TYPE=CELL:${t}\nEND:VCARD`, t); },
    (r) => { const t = '+' + r.pick(['4915', '3361', '4477', '9198', '5511', '6141']) + r.str(DIG, 8); return made(`{"to":"${t}","from":"+1206${r.str(DIG, 7)}","body":"Your code is ${r.str(DIG, 6)}","status":"queued"}`, t); },
    (r) => { const t = intlPhone(r), p = person(r); return made(`name,phone\n${p.full},${t}`, t); },
    (r) => { const t = usPhone(r); return made(`UPDATE users SET phone = '${t}' WHERE id = ${r.int(10, 9999)};`, t); },
    (r) => { const t = intlPhone(r); return made(`お問い合わせ担当: 携帯 ${t} まで`, t); },
    (r) => { const t = intlPhone(r); return made(`Si no contesto, llámame al ${t}.`, t); },
]);
function card(r) {
    const kind = r.int(0, 4);
    let prefix, len;
    if (kind === 0) {
        prefix = '4' + r.str(DIG, 5);
        len = 16;
    }
    else if (kind === 1) {
        prefix = String(r.int(51, 55)) + r.str(DIG, 4);
        len = 16;
    }
    else if (kind === 2) {
        prefix = String(r.int(2221, 2720)) + r.str(DIG, 2);
        len = 16;
    }
    else if (kind === 3) {
        prefix = r.pick(['34', '37']) + r.str(DIG, 4);
        len = 15;
    }
    else {
        prefix = '6011' + r.str(DIG, 2);
        len = 16;
    }
    const partial = prefix + r.str(DIG, len - 1 - prefix.length);
    return partial + luhnCheckDigit(partial);
}
function fmtCard(r, c) {
    if (c.length === 15)
        return r.chance(0.5) ? c : `${c.slice(0, 4)} ${c.slice(4, 10)} ${c.slice(10)}`;
    return r.pick([c, groupBy4(c), groupBy4(c).replace(/ /g, '-')]);
}
const cards = categorySpec('payment-cards', 22, [
    (r) => { const c = fmtCard(r, card(r)); return made(`Customer says the charge on card ${c} failed twice, exp 0${r.int(1, 9)}/2${r.int(6, 9)}.`, c); },
    (r) => { const c = card(r); return made(`{"payment_method":{"type":"card","number":"${c}","exp_month":${r.int(1, 12)},"exp_year":20${r.int(26, 31)},"cvc":"${r.str(DIG, 3)}"}}`, c); },
    (r) => { const c = fmtCard(r, card(r)); return made(`order_id,card,amount\n${r.int(10000, 99999)},${c},${r.int(5, 900)}.${r.str(DIG, 2)}`, c); },
    (r) => { const c = fmtCard(r, card(r)); return made(`DEBUG PaymentService: tokenizing pan=${c} for merchant=acme-outdoor`, c); },
    (r) => { const c = fmtCard(r, card(r)); return made(`Meine Kreditkartennummer ist ${c}, bitte für die Rechnung verwenden.`, c); },
    (r) => { const c = fmtCard(r, card(r)); return made(`Numéro de carte : ${c}`, c); },
]);
function ibanFor(r) {
    switch (r.int(0, 6)) {
        case 0: return iban('DE', r.str(DIG, 18));
        case 1: return iban('GB', r.pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + r.str(DIG, 14));
        case 2: { // FR with a valid RIB key
            const bank = r.str(DIG, 5), branch = r.str(DIG, 5), acct = r.str(DIG, 11);
            const key = 97 - Number((89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(acct)) % 97n);
            return iban('FR', bank + branch + acct + String(key).padStart(2, '0'));
        }
        case 3: return iban('NL', r.pick(['ABNA', 'INGB', 'RABO', 'SNSB']) + r.str(DIG, 10));
        case 4: return iban('CH', r.str(DIG, 17));
        case 5: {
            const ten = r.str(DIG, 10);
            const c = Number(BigInt(ten) % 97n) || 97;
            return iban('BE', ten + String(c).padStart(2, '0'));
        }
        default: return iban('AT', r.str(DIG, 16));
    }
}
const ibans = categorySpec('iban', 20, [
    (r) => { const i = groupBy4(ibanFor(r)); return made(`Bitte überweise den Betrag auf IBAN ${i} (BIC ${r.pick(['COBADEFFXXX', 'DEUTDEDBXXX', 'INGDDEFFXXX'])}).`, i); },
    (r) => { const i = ibanFor(r); return made(`{"beneficiary":"${person(r).full}","iban":"${i}","amount":"1250.00","currency":"EUR"}`, i); },
    (r) => { const i = groupBy4(ibanFor(r)); return made(`Mes coordonnées bancaires : ${i}`, i); },
    (r) => { const i = ibanFor(r); return made(`employee_id;name;iban\n${r.int(100, 999)};${person(r).full};${i}`, i); },
    (r) => { const i = ibanFor(r); return made(`Payout failed for account ${i}: beneficiary bank rejected the transfer`, i); },
]);
function publicIp(r) {
    const first = r.pick([24, 31, 37, 46, 62, 77, 78, 81, 84, 85, 86, 88, 89, 90, 91, 93, 94, 95, 109, 176, 178, 185, 188, 201, 212, 213, 217]);
    return `${first}.${r.int(1, 254)}.${r.int(0, 254)}.${r.int(1, 254)}`;
}
const ips = categorySpec('public-ips', 22, [
    (r) => { const ip = publicIp(r); return made(`Mar 12 04:11:${r.int(10, 59)} web-1 sshd[${r.int(1000, 99999)}]: Failed password for root from ${ip} port ${r.int(30000, 65000)} ssh2`, ip); },
    (r) => { const ip = publicIp(r); return made(`${ip} - - [12/Mar/2025:10:22:${r.int(10, 59)} +0000] "GET /account/settings HTTP/1.1" 200 5123 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3)"`, ip); },
    (r) => { const ip = publicIp(r); return made(`X-Forwarded-For: ${ip}, 10.0.${r.int(0, 255)}.${r.int(1, 254)}`, ip); },
    (r) => { const ip = publicIp(r); return made(`$ curl -s ifconfig.me\n${ip}`, ip); },
    (r) => { const ip = publicIp(r); return made(`my home IP is ${ip}, can you add it to the security group?`, ip); },
    (r) => { const ip = publicIp(r); return made(`- cidr_blocks = ["${ip}/32"]  # ${r.pick(['Lena', 'Jonas', 'Priya'])} home office`, ip); },
    (r) => { const ip = `2a02:${r.str('0123456789abcdef', 4)}:${r.str('0123456789abcdef', 4)}:${r.str('0123456789abcdef', 4)}::${r.str('123456789abcdef', 1)}${r.str('0123456789abcdef', 3)}`; return made(`{"level":"info","msg":"login ok","user_id":${r.int(100, 99999)},"remote_addr":"${ip}"}`, ip); },
    (r) => { const ip = publicIp(r); return made(`2025-03-12 10:01:33,442 fail2ban.actions [1023]: NOTICE [sshd] Ban ${ip}`, ip); },
]);
export const PII_SPECS = [
    emails, phones, cards, ibans, ips,
];
//# sourceMappingURL=pii.js.map