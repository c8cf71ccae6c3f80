import { DIGITS, HEX, UPPER, defineCategory, cap, group4, ibanFromBban, isoTime, luhnCheckDigit, personName, uuid } from './util.js';
const PERSONAL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'proton.me', 'icloud.com', 'gmx.de', 'web.de', 'yandex.ru', 'orange.fr', 'libero.it', 'qq.com', 'hey.com', 'fastmail.com', 'mail.ru', 't-online.de'];
const WORK_DOMAINS = ['acme-corp.net', 'lumenhealth.io', 'brightledger.com', 'northwind-logistics.de', 'kaito-systems.jp'];
function email(r, n = personName(r)) {
    const local = r.pick([
        `${n.first}.${n.last}`, `${n.first}${n.last}${r.int(1, 99)}`, `${n.first[0]}${n.last}`, `${n.first}_${n.last}${r.int(1970, 2005)}`, `${n.last}.${n.first}`, `${n.first}${r.int(100, 999)}`,
    ]);
    return `${local}@${r.chance(0.75) ? r.pick(PERSONAL_DOMAINS) : r.pick(WORK_DOMAINS)}`;
}
const emailCat = defineCategory('email', 32, (r) => {
    const n = personName(r);
    const e = email(r, n);
    const ctx = [
        () => `commit ${r.str(HEX, 40)}\nAuthor: ${n.full} <${e}>\nDate:   Tue Mar 4 16:20:11 2025 +0100\n\n    fix: handle empty cart on checkout\n`,
        () => `$ git config user.email\n${e}\n`,
        () => `{"id":${r.int(1000, 99999)},"name":"${n.full}","email":"${e}","plan":"pro","created_at":"${isoTime(r)}"}`,
        () => `id,name,email,signup_date\n${r.int(100, 999)},${n.full},${e},2024-11-0${r.int(1, 9)}\n`,
        () => `INSERT INTO users (name, email) VALUES ('${n.full}', '${e}');`,
        () => `${isoTime(r)} INFO  auth: login succeeded for ${e} from session ${uuid(r).slice(0, 8)}\n`,
        () => `Hi! You can reach me at ${e} if the build breaks again.`,
        () => `  "author": "${n.full} <${e}>",\n  "license": "MIT",`,
        () => `Signed-off-by: ${n.full} <${e}>`,
        () => `<a href="mailto:${e}">${n.full}</a>`,
        () => `Si tienes dudas escríbeme a ${e} y lo vemos mañana.`,
        () => `Schreib mir einfach an ${e}, dann schicke ich dir die Logs.`,
        () => `AssertionError: expected user.email to equal 'x' but got '${e}'`,
        () => `authors = [\n  { name = "${n.full}", email = "${e}" },\n]`,
        () => `To: ${n.full} <${e}>\nSubject: Your invoice #${r.int(10000, 99999)}\n`,
        () => `  - owner: ${e}\n    role: maintainer\n`,
    ];
    return { text: r.pick(ctx)(), targets: [e] };
});
function digits(r, n) {
    return r.str(DIGITS, n);
}
const PHONES = [
    (r) => { const a = `${r.int(2, 9)}${digits(r, 2)}`; let e = String(r.int(200, 999)); if (e === '555')
        e = '556'; const l = digits(r, 4); return r.pick([`+1 (${a}) ${e}-${l}`, `(${a}) ${e}-${l}`, `${a}-${e}-${l}`, `+1-${a}-${e}-${l}`, `+1${a}${e}${l}`]); },
    (r) => { const m = `7${r.pick(['4', '5', '8', '9'])}${digits(r, 2)}`; const rest = digits(r, 6); return r.pick([`+44 ${m} ${rest}`, `0${m} ${rest}`, `+44 (0)${m} ${rest.slice(0, 3)} ${rest.slice(3)}`]); },
    (r) => { const pre = r.pick(['151', '152', '160', '170', '171', '172', '176']); const rest = digits(r, 8); return r.pick([`+49 ${pre} ${rest}`, `0${pre} ${rest.slice(0, 4)} ${rest.slice(4)}`, `+49 (0)${pre}-${rest}`]); },
    (r) => { const d = `${r.pick(['6', '7'])}${digits(r, 8)}`; const g = d.slice(1).match(/.{2}/g).join(' '); return r.pick([`+33 ${d[0]} ${g}`, `0${d[0]} ${g}`, `0${d[0]}.${d.slice(1).match(/.{2}/g).join('.')}`]); },
    (r) => { const d = `${r.pick(['9', '8', '7'])}${digits(r, 9)}`; return r.pick([`+91 ${d.slice(0, 5)} ${d.slice(5)}`, `+91-${d}`, `0${d}`]); },
    (r) => { const ddd = r.pick(['11', '21', '31', '41', '51']); const n = `9${digits(r, 8)}`; return r.pick([`+55 ${ddd} ${n.slice(0, 5)}-${n.slice(5)}`, `(${ddd}) ${n.slice(0, 5)}-${n.slice(5)}`]); },
    (r) => { const pre = r.pick(['90', '80', '70']); const a = digits(r, 4); const b = digits(r, 4); return r.pick([`+81 ${pre}-${a}-${b}`, `0${pre}-${a}-${b}`]); },
    (r) => { const d = `4${digits(r, 8)}`; return r.pick([`+61 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`, `0${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`]); },
    (r) => { const d = `6${digits(r, 8)}`; return r.pick([`+34 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`, `+34${d}`]); },
    (r) => { const d = digits(r, 8); return r.pick([`+31 6 ${d}`, `06-${d}`, `+31 6 ${d.slice(0, 4)} ${d.slice(4)}`]); },
    (r) => { const d = digits(r, 8); return `+52 55 ${d.slice(0, 4)} ${d.slice(4)}`; },
    (r) => { const d = `${r.pick(['32', '33', '34', '38'])}${digits(r, 8)}`; return `+39 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`; },
];
const phoneCat = defineCategory('phone', 36, (r) => {
    const ph = r.pick(PHONES)(r);
    const n = personName(r);
    const ctx = [
        () => `{"customer":{"name":"${n.full}","phone":"${ph}"},"items":3}`,
        () => `name,phone,city\n${n.full},${ph},Lisbon\n`,
        () => `Call me on ${ph} when you're back, the pager is broken.`,
        () => `BEGIN:VCARD\nVERSION:3.0\nFN:${n.full}\nTEL;TYPE=CELL:${ph}\nEND:VCARD`,
        () => `client.messages.create(to="${ph}", from_=SENDER, body="Your code is ready")`,
        () => `Ruf mich bitte unter ${ph} an, falls der Deploy hängt.`,
        () => `Appelez-moi au ${ph} si le serveur tombe.`,
        () => `Mi número es ${ph}, escríbeme por WhatsApp.`,
        () => `${isoTime(r)} WARN sms: delivery failed to=${ph} provider=twilio code=30003\n`,
        () => `UPDATE customers SET phone = '${ph}' WHERE id = ${r.int(100, 9999)};`,
        () => `emergency_contact:\n  name: ${n.full}\n  phone: "${ph}"\n`,
        () => `電話番号: ${ph}（${cap(n.last)}）`,
        () => `on-call this week: ${n.full} (${ph})`,
    ];
    return { text: r.pick(ctx)(), targets: [ph] };
});
const TEST_CARDS = new Set(['4242424242424242', '4111111111111111', '5555555555554444', '5105105105105100', '378282246310005', '371449635398431', '6011111111111117', '4000056655665556', '4012888888881881', '2223003122003222', '5200828282828210']);
function card(r) {
    for (;;) {
        const kind = r.int(0, 4);
        let prefix;
        let len = 16;
        if (kind === 0)
            prefix = '4' + digits(r, 5);
        else if (kind === 1)
            prefix = String(r.int(51, 55)) + digits(r, 4);
        else if (kind === 2)
            prefix = String(r.int(222100, 272099));
        else if (kind === 3) {
            prefix = r.pick(['34', '37']) + digits(r, 4);
            len = 15;
        }
        else
            prefix = r.pick(['6011', '65' + digits(r, 2)]) + digits(r, 2);
        const body = prefix + digits(r, len - 1 - prefix.length);
        const num = body + luhnCheckDigit(body);
        if (!TEST_CARDS.has(num) && !/(\d)\1{5}/.test(num))
            return num;
    }
}
function fmtCard(r, num) {
    if (num.length === 15)
        return r.pick([num, `${num.slice(0, 4)} ${num.slice(4, 10)} ${num.slice(10)}`, `${num.slice(0, 4)}-${num.slice(4, 10)}-${num.slice(10)}`]);
    return r.pick([num, group4(num), group4(num).replace(/ /g, '-')]);
}
const cardCat = defineCategory('payment-card', 22, (r) => {
    const c = fmtCard(r, card(r));
    const exp = `${String(r.int(1, 12)).padStart(2, '0')}/${r.int(26, 31)}`;
    const ctx = [
        () => `{"card":{"number":"${c}","exp":"${exp}","cvc":"${digits(r, 3)}"},"amount":${r.int(100, 99999)}}`,
        () => `${isoTime(r)} DEBUG payment: charging card=${c} amount=49.00 EUR\n`,
        () => `my card ${c} keeps getting declined on the checkout page, exp ${exp}`,
        () => `INSERT INTO payment_methods (user_id, pan, expiry) VALUES (${r.int(1, 9999)}, '${c}', '${exp}');`,
        () => `card_number=${c}&exp_month=${exp.slice(0, 2)}&exp_year=20${exp.slice(3)}`,
        () => `Kartennummer: ${c}, gültig bis ${exp}`,
        () => `order_id,customer,card\n${r.int(10000, 99999)},${personName(r).full},${c}\n`,
    ];
    return { text: r.pick(ctx)(), targets: [c] };
});
const IBAN_MAKERS = [
    (r) => ibanFromBban('DE', digits(r, 18)),
    (r) => ibanFromBban('GB', r.pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + digits(r, 14)),
    (r) => ibanFromBban('FR', digits(r, 10) + digits(r, 11) + digits(r, 2)),
    (r) => ibanFromBban('NL', r.pick(['ABNA', 'INGB', 'RABO', 'TRIO']) + digits(r, 10)),
    (r) => ibanFromBban('ES', digits(r, 20)),
    (r) => ibanFromBban('IT', r.str(UPPER, 1) + digits(r, 10) + digits(r, 12)),
    (r) => { const first = digits(r, 10); const chk = Number(BigInt(first) % 97n) || 97; return ibanFromBban('BE', first + String(chk).padStart(2, '0')); },
    (r) => ibanFromBban('CH', digits(r, 17)),
    (r) => ibanFromBban('AT', digits(r, 16)),
    (r) => ibanFromBban('PL', digits(r, 24)),
];
const ibanCat = defineCategory('iban', 22, (r) => {
    const raw = r.pick(IBAN_MAKERS)(r);
    const iban = r.chance(0.5) ? group4(raw) : raw;
    const n = personName(r);
    const ctx = [
        () => `Bitte überweise die Kaution auf mein Konto: ${iban} (${n.full}).`,
        () => `{"beneficiary":"${n.full}","iban":"${iban}","amount":"1250.00","currency":"EUR"}`,
        () => `payee,iban,amount\n${n.full},${iban},320.50\n`,
        () => `Mon IBAN pour le remboursement : ${iban}`,
        () => `Here are my bank details for the invoice: ${n.full}, IBAN ${iban}`,
        () => `<Cdtr><Nm>${n.full}</Nm></Cdtr><CdtrAcct><Id><IBAN>${iban.replace(/ /g, '')}</IBAN></Id></CdtrAcct>`,
        () => `${isoTime(r)} INFO payouts: created transfer to iban=${iban} ref=${r.str(HEX, 8)}\n`,
    ];
    const text = r.pick(ctx)();
    return { text, targets: [text.includes(iban) ? iban : iban.replace(/ /g, '')] };
});
function publicIpv4(r) {
    for (;;) {
        const a = r.int(1, 223);
        const b = r.int(0, 255);
        if (a === 10 || a === 127 || a === 0 || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19 || b === 51)) || (a === 203 && b === 0))
            continue;
        return `${a}.${b}.${r.int(0, 255)}.${r.int(1, 254)}`;
    }
}
function publicIpv6(r) {
    const pre = r.pick(['2a02', '2a01', '2600', '2601', '2806', '2405', '2c0f', '2a00']);
    const groups = Array.from({ length: 7 }, () => r.str(HEX, 4).replace(/^0+(?=.)/, ''));
    return r.chance(0.5) ? `${pre}:${groups.join(':')}` : `${pre}:${groups[0]}:${groups[1]}::${groups[5]}:${groups[6]}`;
}
const ipCat = defineCategory('public-ip', 26, (r) => {
    const ip = r.chance(0.75) ? publicIpv4(r) : publicIpv6(r);
    const ctx = [
        () => `${ip} - - [12/Mar/2025:14:02:11 +0000] "GET /account/settings HTTP/1.1" 200 5123 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3)"`,
        () => `Mar 12 14:02:11 bastion sshd[${r.int(1000, 60000)}]: Accepted publickey for deploy from ${ip} port ${r.int(30000, 65000)} ssh2: ED25519 SHA256:${r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 43)}`,
        () => `X-Forwarded-For: ${ip}, 10.0.3.17`,
        () => `{"event":"login","user_id":${r.int(1, 99999)},"ip":"${ip}","ts":"${isoTime(r)}"}`,
        () => `my home IP is ${ip}, can you add it to the allowlist on the bastion?`,
        () => `2025-03-12 14:02:11,551 fail2ban.actions [812]: NOTICE [sshd] Ban ${ip}`,
        () => `  - cidr: ${ip}/32\n    description: "Priya laptop (home)"\n`,
        () => `$ last -i | head -3\ndeploy   pts/0        ${ip}    Wed Mar 12 14:02   still logged in\n`,
        () => `Failed password for invalid user admin from ${ip} port 22 ssh2`,
    ];
    return { text: r.pick(ctx)(), targets: [ip] };
});
export const PII_CATEGORIES = [emailCat, phoneCat, cardCat, ibanCat, ipCat];
//# sourceMappingURL=pii.js.map