/**
 * Personal data as it shows up in agent sessions: git logs, package manifests, database rows
 * printed by a query, fixtures copied from production, support tickets pasted into chat, server
 * logs. Phones of many countries and languages, Luhn-valid cards (random), IBANs with valid check
 * digits, public IPv4/IPv6.
 */
import { FIRST, LAST, DIGITS, group4, ibanCheck, luhnDigit, anyOf } from './util.js';
const c = (text, ...targets) => ({ text, targets });
const PROVIDERS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'gmx.de', 'web.de', 'orange.fr', 'libero.it', 'yandex.ru', 'icloud.com', 'hotmail.co.uk', 'qq.com', 'naver.com', 'seznam.cz', 'wp.pl', 'uol.com.br'];
function person(r) {
    const first = r.pick(FIRST), last = r.pick(LAST);
    return { first, last, name: `${first} ${last}` };
}
function email(r, p = person(r)) {
    const f = p.first.toLowerCase(), l = p.last.toLowerCase();
    const local = r.pick([`${f}.${l}`, `${f}${l[0]}${r.int(70, 99)}`, `${f[0]}${l}`, `${f}_${l}${r.int(1, 9)}`, `${l}.${f}`]);
    return `${local}@${r.pick(PROVIDERS)}`;
}
const emails = anyOf('pii-email', 26, [
    (r) => { const p = person(r), e = email(r, p); return c(`$ git log -3 --format='%h %an <%ae> %s'\n${hex7(r)} ${p.name} <${e}> fix: retry on 503\n${hex7(r)} dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com> chore(deps): bump undici`, e); },
    (r) => { const p = person(r), e = email(r, p); return c(`{\n  "name": "lumen-cli",\n  "version": "2.4.0",\n  "author": "${p.name} <${e}>",\n  "license": "MIT"\n}`, e); },
    (r) => { const e = email(r); return c(`lumen=> SELECT id, email, created_at FROM users WHERE id = 4412;\n  id  |          email          |       created_at\n------+-------------------------+------------------------\n 4412 | ${e} | 2026-02-11 09:14:03+00`, e); },
    (r) => { const e = email(r); return c(`User: the customer (${e}) says the invoice PDF is empty, can you reproduce?`, e); },
    (r) => { const p = person(r), e = email(r, p); return c(`[tool.poetry]\nname = "lumen-etl"\nauthors = ["${p.name} <${e}>"]`, e); },
    (r) => { const e = email(r); return c(`IntegrityError: duplicate key value violates unique constraint "users_email_key"\nDETAIL:  Key (email)=(${e}) already exists.`, e); },
    (r) => { const e = email(r); return c(`2026-11-25T10:02:11Z INFO  mailer: queued password-reset email to=${e} template=reset_v3`, e); },
    (r) => { const p = person(r), e = email(r, p); return c(`Signed-off-by: ${p.name} <${e}>`, e); },
    (r) => { const e = email(r); return c(`# fixtures/users.yml (copied from prod)\nalice:\n  email: ${e}\n  role: member`, e); },
    (r) => { const e = email(r); return c(`Kontakt für Rückfragen: ${e}`, e); },
]);
function hex7(r) { return r.str('0123456789abcdef', 7); }
const D = (r, n) => r.str(DIGITS, n);
const nz = (r) => String(r.int(2, 9));
const PHONES = [
    (r) => `+1 (${nz(r)}${D(r, 2)}) ${nz(r)}${D(r, 2)}-${D(r, 4)}`.replace(/\) 555-/, ') 556-'),
    (r) => `(${nz(r)}${D(r, 2)}) ${nz(r)}${r.pick(['2', '3', '4', '6', '7', '8'])}${D(r, 1)}-${D(r, 4)}`,
    (r) => `+44 7${D(r, 3)} ${D(r, 6)}`,
    (r) => `07${r.pick(['4', '5', '8', '9'])}${D(r, 2)} ${D(r, 6)}`,
    (r) => `+49 1${r.pick(['51', '52', '60', '70', '76'])} ${D(r, 8)}`,
    (r) => `0${r.pick(['151', '162', '172', '176'])} ${D(r, 3)} ${D(r, 4)}`,
    (r) => `+33 6 ${D(r, 2)} ${D(r, 2)} ${D(r, 2)} ${D(r, 2)}`,
    (r) => `06 ${D(r, 2)} ${D(r, 2)} ${D(r, 2)} ${D(r, 2)}`,
    (r) => `+91 ${r.int(7, 9)}${D(r, 4)} ${D(r, 5)}`,
    (r) => `+55 11 9${D(r, 4)}-${D(r, 4)}`,
    (r) => `+81 90-${D(r, 4)}-${D(r, 4)}`,
    (r) => `090-${D(r, 4)}-${D(r, 4)}`,
    (r) => `+61 4${D(r, 2)} ${D(r, 3)} ${D(r, 3)}`,
    (r) => `+34 6${D(r, 2)} ${D(r, 3)} ${D(r, 3)}`,
    (r) => `+39 3${D(r, 2)} ${D(r, 3)} ${D(r, 4)}`,
    (r) => `+31 6 ${D(r, 8)}`,
    (r) => `+52 55 ${D(r, 4)} ${D(r, 4)}`,
    (r) => `+48 ${r.int(5, 8)}${D(r, 2)} ${D(r, 3)} ${D(r, 3)}`,
    (r) => `+7 9${D(r, 2)} ${D(r, 3)}-${D(r, 2)}-${D(r, 2)}`,
    (r) => `+234 80${D(r, 1)} ${D(r, 3)} ${D(r, 4)}`,
    (r) => `+1${nz(r)}${D(r, 2)}${nz(r)}${D(r, 6)}`,
];
const PHONE_CONTEXTS = [
    (p) => `Customer callback number: ${p}`,
    (p) => `Telefon: ${p}\nBitte nach 17 Uhr anrufen.`,
    (p) => `Tél. : ${p}`,
    (p) => `Teléfono de contacto: ${p}`,
    (p) => `電話番号: ${p}`,
    (p) => `Телефон: ${p}`,
    (p) => `Telefone para contato: ${p}`,
    (p, r) => `lumen=> select name, phone from customers limit 1;\n     name      |     phone\n---------------+----------------\n ${person(r).name} | ${p}`,
    (p, r) => `{"customer":{"name":"${person(r).name}","phone":"${p}","tier":"gold"}}`,
    (p) => `User: the courier keeps calling me at ${p}, can we remove the number from the order export?`,
    (p) => `2026-11-25 10:44:02 WARN sms: delivery failed to=${p} provider=twilio code=30003`,
    (p, r) => `BEGIN:VCARD\nVERSION:3.0\nFN:${person(r).name}\nTEL;TYPE=cell:${p}\nEND:VCARD`,
    (p) => `Numero di telefono: ${p}`,
];
const phones = anyOf('pii-phone', 32, [(r) => { const p = r.pick(PHONES)(r); return c(r.pick(PHONE_CONTEXTS)(p, r), p); }]);
const PUBLISHED = new Set(['4242424242424242', '4111111111111111', '5555555555554444', '4000056655665556', '378282246310005', '371449635398431', '5105105105105100', '4012888888881881']);
function card(r) {
    for (;;) {
        const kind = r.int(0, 3);
        const prefix = kind === 0 ? '4' + D(r, 5) : kind === 1 ? String(r.int(51, 55)) + D(r, 4) : kind === 2 ? r.pick(['34', '37']) + D(r, 4) : '6011' + D(r, 2);
        const len = kind === 2 ? 15 : 16;
        const partial = prefix + D(r, len - 1 - prefix.length);
        const n = partial + luhnDigit(partial);
        if (!PUBLISHED.has(n) && !/(\d)\1{5}/.test(n))
            return n;
    }
}
function fmtCard(r, n) {
    const style = r.int(0, 2);
    if (style === 0)
        return n;
    const sep = style === 1 ? ' ' : '-';
    if (n.length === 15)
        return `${n.slice(0, 4)}${sep}${n.slice(4, 10)}${sep}${n.slice(10)}`;
    return n.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
}
const CARD_CONTEXTS = [
    (n) => `User: the payment failed for card ${n}, exp 09/28 — what does decline code 05 mean?`,
    (n) => `2026-11-25T11:03:55Z ERROR checkout: charge failed card_number=${n} amount=129.00 currency=EUR`,
    (n, r) => `INSERT INTO payments (order_id, card_number, holder) VALUES (${r.int(1000, 99999)}, '${n}', '${person(r).name}');`,
    (n) => `{"payment_method":{"type":"card","number":"${n}","exp_month":4,"exp_year":2029}}`,
    (n) => `Kartennummer: ${n} (gültig bis 03/27)`,
    (n) => `Numéro de carte : ${n}`,
    (n, r) => `| ${person(r).name} | ${n} | 11/29 |`,
    (n) => `pytest: AssertionError: assert mask_pan('${n}') == '**** **** **** ' + ...`,
];
const cards = anyOf('pii-card', 22, [(r) => { const n = fmtCard(r, card(r)); return c(r.pick(CARD_CONTEXTS)(n, r), n); }]);
function iban(r) {
    const kind = r.int(0, 7);
    let cc, bban;
    switch (kind) {
        case 0:
            cc = 'DE';
            bban = D(r, 8) + D(r, 10);
            break;
        case 1:
            cc = 'GB';
            bban = r.pick(['BARC', 'LOYD', 'HBUK', 'NWBK', 'MIDL']) + D(r, 6) + D(r, 8);
            break;
        case 2:
            cc = 'IE';
            bban = r.pick(['AIBK', 'BOFI']) + D(r, 6) + D(r, 8);
            break;
        case 3:
            cc = 'CH';
            bban = D(r, 5) + D(r, 12);
            break;
        case 4:
            cc = 'AT';
            bban = D(r, 5) + D(r, 11);
            break;
        case 5: {
            cc = 'BE';
            const ten = String(r.int(1, 9)) + D(r, 9);
            const m = Number(BigInt(ten) % 97n);
            bban = ten + String(m === 0 ? 97 : m).padStart(2, '0');
            break;
        }
        case 6:
            cc = 'PL';
            bban = D(r, 24);
            break;
        default:
            cc = 'NL';
            bban = r.pick(['ABNA', 'INGB', 'RABO', 'TRIO']) + D(r, 10);
            break;
    }
    return cc + ibanCheck(cc, bban) + bban;
}
const IBAN_CONTEXTS = [
    (n, r) => `Bitte überweisen Sie den Betrag auf folgendes Konto:\nKontoinhaber: ${person(r).name}\nIBAN: ${n}`,
    (n) => `{"payout":{"method":"sepa","iban":"${n}","currency":"EUR"}}`,
    (n) => `User: refund to my account please, IBAN ${n}`,
    (n, r) => `lumen=> select holder, iban from payout_accounts where id = ${r.int(10, 999)};\n ${person(r).name} | ${n}`,
    (n) => `Veuillez effectuer le virement sur l'IBAN ${n}.`,
    (n) => `2026-11-25 09:12:44 WARN sepa: mandate rejected iban=${n} reason=AC04`,
    (n, r) => `supplier:\n  name: ${person(r).last} Consulting\n  iban: "${n}"`,
];
const ibans = anyOf('pii-iban', 22, [(r) => { const raw = iban(r); const n = r.chance(0.5) ? group4(raw) : raw; return c(r.pick(IBAN_CONTEXTS)(n, r), n); }]);
function publicV4(r) {
    for (;;) {
        const a = r.int(1, 223), b = r.int(0, 255);
        if ([10, 127, 0, 100, 169, 172, 192, 198, 203, 224].includes(a))
            continue;
        return `${a}.${b}.${r.int(0, 255)}.${r.int(1, 254)}`;
    }
}
function publicV6(r) {
    const h = () => r.int(0, 0xffff).toString(16);
    return `${r.pick(['2a02', '2a01', '2600', '2607', '2001:67c', '2a00'])}:${h()}:${h()}:${h()}::${h()}`.replace('2001:67c:', '2001:67c:');
}
const IP_CONTEXTS = [
    (ip) => `$ sudo tail -2 /var/log/auth.log\nNov 25 10:01:12 web-1 sshd[2211]: Accepted publickey for deploy from ${ip} port 51844 ssh2`,
    (ip, r) => `${ip} - - [25/Nov/2026:10:02:33 +0000] "GET /account/settings HTTP/1.1" 200 ${r.int(500, 9000)} "-" "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)"`,
    (ip) => `$ curl -s ifconfig.me\n${ip}`,
    (ip) => `X-Forwarded-For: ${ip}, 10.0.2.14`,
    (ip) => `fail2ban.actions [812]: NOTICE [sshd] Ban ${ip}`,
    (ip) => `User: my home IP is ${ip}, can you add it to the allowlist?`,
    (ip) => `{"level":"info","msg":"login ok","user_id":4412,"remote_addr":"${ip}"}`,
];
const ips = anyOf('pii-ip', 22, [(r) => { const ip = r.chance(0.7) ? publicV4(r) : publicV6(r); return c(r.pick(IP_CONTEXTS)(ip, r), ip); }]);
export const PII_CATEGORIES = [emails, phones, cards, ibans, ips];
//# sourceMappingURL=pii.js.map