/**
 * Small helpers for the v2 blind holdout generators: alphabets, checksums (CRC32/base62, Luhn,
 * IBAN mod 97), and "frames" that place a snippet the way a coding agent sees it (terminal,
 * numbered file view, diff, tool-result JSON, CI log, chat fence).
 */
import { base62, crc32, DIGITS, HEX, ibanCheckDigits, ibanChecksumValid, LOWER, luhnCheckDigit as luhnDigit, UPPER } from '../corpus-kit.js';
import { Rng } from '../redaction/prng.js';
export { Rng };
export { B64, B64URL, BASE32 as B32U, b64, b64url, base62, crc32, DIGITS as DIG, groupsOf4 as groupBy4, HEX, LOWER as LO, UPPER as UP, uuid } from '../corpus-kit.js';
/** Letters first: the holdout draws its tokens over this order. */
export const ALNUM = UPPER + LOWER + DIGITS;
export const HEXU = '0123456789ABCDEF';
export const B32L = 'abcdefghijklmnopqrstuvwxyz234567';
export function made(text, ...targets) {
    return { text, targets };
}
/** Join pieces: keeps famous literal strings out of the source as one token. */
export function j(...parts) {
    return parts.join('');
}
/** A GitHub/npm style token: prefix + 30 random base62 + 6 char CRC32 checksum. */
export function checksummed(r, prefix) {
    const body = r.str(ALNUM, 30);
    return prefix + body + base62(crc32(body), 6);
}
/** The Luhn digit that completes `partial`, as a character. */
export function luhnCheckDigit(partial) {
    return String(luhnDigit(partial));
}
export function luhnValid(num) {
    return luhnCheckDigit(num.slice(0, -1)) === num.slice(-1);
}
export function iban(country, bban) {
    return country + ibanCheckDigits(country, bban) + bban;
}
export function ibanValid(s) {
    return ibanChecksumValid(s.replace(/ /g, ''));
}
export function wrap(s, width) {
    const out = [];
    for (let i = 0; i < s.length; i += width)
        out.push(s.slice(i, i + width));
    return out.join('\n');
}
const WORDS = ['Falcon', 'river', 'Quartz', 'maple', 'Orbit', 'lantern', 'Cobalt', 'thistle', 'Harbor', 'pepper', 'Nimbus', 'juniper', 'Velvet', 'canyon', 'Saffron', 'otter', 'Glacier', 'mango', 'Tundra', 'walnut', 'Ember', 'pixel', 'Sparrow', 'quill'];
const SYMS = '!@#$%&*?-_.';
const SYM_LIST = [...SYMS];
/** A password a person might choose, or a generated one. Never shorter than 10. */
export function password(r) {
    switch (r.int(0, 4)) {
        case 0:
            return r.pick(WORDS) + r.pick(SYM_LIST) + r.pick(WORDS) + r.int(10, 9999);
        case 1:
            return r.str(ALNUM + SYMS, r.int(14, 24));
        case 2:
            return `${r.pick(WORDS).toLowerCase()}-${r.pick(WORDS).toLowerCase()}-${r.pick(WORDS).toLowerCase()}-${r.int(2, 99)}`;
        case 3:
            return r.pick(WORDS) + r.int(1970, 2025) + r.pick(['!', '#', '$', '%']) + r.str(UPPER, 2);
        default:
            return r.str(ALNUM, r.int(20, 32));
    }
}
/** A password safe inside URLs and shell quotes without escaping. */
export function urlPassword(r) {
    return r.chance(0.5) ? r.str(ALNUM, r.int(16, 28)) : r.pick(WORDS) + r.str(ALNUM, 6) + r.int(10, 99);
}
export const USERS = ['app_user', 'svc_billing', 'admin', 'deploy', 'etl', 'reporting', 'api', 'postgres', 'root', 'analytics_rw', 'orders_svc', 'grafana'];
export const HOSTS = ['db.internal.acme-corp.net', 'pg-prod-01.eu-west-1.rds.amazonaws.com', 'mysql.staging.shopwave.io', 'orders-db.c9akciq32.us-east-2.rds.amazonaws.com', 'warehouse.int.northwind.dev', 'cache.prod.fleetly.app', 'mq.payments.lumen-bank.com', 'db-primary.k8s.tessellate.cloud'];
// ---------------------------------------------------------------- frames
const FRAMES = [
    (_r, body) => body,
    (r, body) => {
        const start = r.int(1, 80);
        return body
            .split('\n')
            .map((l, k) => `${String(start + k).padStart(6)}\u2192${l}`)
            .join('\n');
    },
    (r, body) => {
        const lines = body.split('\n');
        return `diff --git a/${r.pick(['config/app.yml', 'src/settings.py', '.env.example', 'deploy/values.yaml', 'scripts/setup.sh', 'README.md'])} b/same\nindex ${r.str(HEX, 7)}..${r.str(HEX, 7)} 100644\n@@ -${r.int(1, 40)},3 +${r.int(1, 40)},${lines.length + 3} @@\n ${r.pick(['', '# settings', '{', '---'])}\n${lines.map((l) => '+' + l).join('\n')}\n `;
    },
    (r, body) => JSON.stringify({ type: 'tool_result', tool_use_id: 'toolu_01' + r.str(ALNUM, 22), content: body, is_error: false }),
    (r, body) => {
        let t = Date.UTC(2025, r.int(0, 11), r.int(1, 28), r.int(0, 23), r.int(0, 59), r.int(0, 59), r.int(0, 999));
        return body
            .split('\n')
            .map((l) => {
            const line = `${new Date(t).toISOString().replace('Z', r.str(DIGITS, 4) + 'Z')} ${l}`;
            t += r.int(0, 900);
            return line;
        })
            .join('\n');
    },
    (r, body) => `${r.pick(['Here is what I found in the file:', 'The command printed:', 'Output:', 'I ran it and got this:', 'Voici la sortie :', 'Die Ausgabe:'])}\n\n\`\`\`\n${body}\n\`\`\``,
    (r, body) => `$ ${r.pick(['cat', 'less', 'bat -p', 'head -n 60', 'sed -n 1,80p'])} ${r.pick(['.env', 'config.yml', 'out.log', 'notes.txt', 'settings.json', 'deploy.sh'])}\n${body}\n$ `,
];
/** Put `body` in a random frame, keeping every target a verbatim substring (else unframed). */
export function frame(r, m) {
    const f = r.pick(FRAMES);
    const text = f(r, m.text);
    if (m.targets.every((t) => text.includes(t)))
        return { text, targets: m.targets };
    return m;
}
//# sourceMappingURL=util.js.map