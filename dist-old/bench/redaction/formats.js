/**
 * Value generators written from the published formats (lengths, alphabets, checksums), plus the
 * validators the corpus test uses to check them. Independent of redaction/rules on purpose.
 */
import { B64URL, BASE62, DIGITS, LOWER, UPPER, b64url, base62, crc32, groupsOf4, ibanCheckDigits, ibanChecksumValid, luhnCheckDigit } from '../corpus-kit.js';
export { B64, B64URL, BASE32, BASE62, DIGITS, HEX, LOWER, UPPER, b64, b64url, base62, crc32, luhnCheckDigit, uuid } from '../corpus-kit.js';
export const HEX_UPPER = '0123456789ABCDEF';
export const ALNUM = BASE62;
export const LETTERS = UPPER + LOWER;
// ---------------------------------------------------------------------------------------------
// CRC32 / base62 checksummed tokens (GitHub classic family, npm)
// ---------------------------------------------------------------------------------------------
/** `prefix` + 30 random base62 + 6-char base62 CRC32 of those 30 (GitHub ghp_/gho_/ghu_/ghs_/ghr_, npm_). */
export function checksumToken(rng, prefix) {
    const body = rng.str(BASE62, 30);
    return prefix + body + base62(crc32(body), 6);
}
export function hasValidTokenChecksum(token) {
    const m = /^(?:gh[pousr]_|npm_)([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/.exec(token);
    if (!m)
        return false;
    return base62(crc32(m[1]), 6) === m[2];
}
// ---------------------------------------------------------------------------------------------
// Luhn (payment cards)
// ---------------------------------------------------------------------------------------------
export function luhnValid(value) {
    const digits = value.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits))
        return false;
    return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}
/** Published test card numbers (Stripe, Braintree, Adyen docs): never generated as PII. */
export const TEST_PANS = [
    '4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210',
    '5105105105105100', '378282246310005', '371449635398431', '6011111111111117', '6011000990139424',
    '3056930009020004', '36227206271667', '3566002020360505', '6200000000000005', '4111111111111111',
    '4012888888881881', '4000000000000002', '4000000000009995', '4000002500003155', '5454545454545454',
];
export const CARD_BRANDS = [
    { name: 'Visa', prefixes: () => '4', length: 16, groups: [4, 4, 4, 4] },
    { name: 'Mastercard', prefixes: () => '5', length: 16, groups: [4, 4, 4, 4] },
    { name: 'Mastercard', prefixes: () => '2', length: 16, groups: [4, 4, 4, 4] },
    { name: 'American Express', prefixes: () => '3', length: 15, groups: [4, 6, 5] },
    { name: 'Discover', prefixes: () => '6011', length: 16, groups: [4, 4, 4, 4] },
    { name: 'JCB', prefixes: () => '35', length: 16, groups: [4, 4, 4, 4] },
    { name: 'Diners Club', prefixes: () => '36', length: 14, groups: [4, 6, 4] },
    { name: 'UnionPay', prefixes: () => '62', length: 16, groups: [4, 4, 4, 4] },
];
function brandPrefix(rng, brand) {
    switch (brand.name) {
        case 'Mastercard':
            return brand.prefixes() === '5' ? String(rng.int(51, 55)) : String(rng.int(2221, 2720));
        case 'American Express':
            return rng.pick(['34', '37']);
        case 'JCB':
            return String(rng.int(3528, 3589));
        default:
            return brand.prefixes();
    }
}
/** A Luhn-valid PAN of the brand's length and IIN range, never one of TEST_PANS. */
export function cardNumber(rng, brand) {
    for (;;) {
        const prefix = brandPrefix(rng, brand);
        const payload = prefix + rng.str(DIGITS, brand.length - 1 - prefix.length);
        const pan = payload + String(luhnCheckDigit(payload));
        if (!TEST_PANS.includes(pan) && !/(\d)\1{5}/.test(pan))
            return pan;
    }
}
export function groupDigits(value, groups, sep) {
    const parts = [];
    let at = 0;
    for (const g of groups) {
        parts.push(value.slice(at, at + g));
        at += g;
    }
    if (at < value.length)
        parts.push(value.slice(at));
    return parts.join(sep);
}
// ---------------------------------------------------------------------------------------------
// IBAN (ISO 13616, mod 97) with national check digits where they are simple
// ---------------------------------------------------------------------------------------------
export function ibanValid(value) {
    const iban = value.replace(/\s+/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
        return false;
    return ibanChecksumValid(iban);
}
function withIbanCheck(country, bban) {
    return country + ibanCheckDigits(country, bban) + bban;
}
function spanishDc(ten) {
    const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
    let sum = 0;
    for (let i = 0; i < 10; i++)
        sum += (ten.charCodeAt(i) - 48) * weights[i];
    const d = 11 - (sum % 11);
    return String(d === 11 ? 0 : d === 10 ? 1 : d);
}
export const IBAN_COUNTRIES = ['DE', 'GB', 'FR', 'ES', 'NL', 'BE', 'CH', 'AT', 'PL'];
export function iban(rng, country) {
    switch (country) {
        case 'DE':
            return withIbanCheck('DE', String(rng.int(1, 8)) + rng.str(DIGITS, 7) + rng.str(DIGITS, 10));
        case 'GB':
            return withIbanCheck('GB', rng.pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL', 'MONZ', 'SRLG']) + rng.str(DIGITS, 14));
        case 'FR': {
            const bank = rng.str(DIGITS, 5);
            const branch = rng.str(DIGITS, 5);
            const account = rng.str(DIGITS, 11);
            const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * (Number(account) % 97)) % 97);
            return withIbanCheck('FR', bank + branch + account + String(key).padStart(2, '0'));
        }
        case 'ES': {
            const bank = rng.str(DIGITS, 4);
            const branch = rng.str(DIGITS, 4);
            const account = rng.str(DIGITS, 10);
            return withIbanCheck('ES', bank + branch + spanishDc('00' + bank + branch) + spanishDc(account) + account);
        }
        case 'NL':
            return withIbanCheck('NL', rng.pick(['ABNA', 'INGB', 'RABO', 'TRIO', 'SNSB', 'KNAB']) + rng.str(DIGITS, 10));
        case 'BE': {
            const ten = rng.str(DIGITS, 10);
            const r = Number(ten) % 97;
            return withIbanCheck('BE', ten + String(r === 0 ? 97 : r).padStart(2, '0'));
        }
        case 'CH':
            return withIbanCheck('CH', rng.str(DIGITS, 5) + rng.str(DIGITS, 12));
        case 'AT':
            return withIbanCheck('AT', rng.str(DIGITS, 16));
        case 'PL':
            return withIbanCheck('PL', rng.str(DIGITS, 24));
    }
}
export function formatIban(value, grouped) {
    return grouped ? groupsOf4(value) : value;
}
// ---------------------------------------------------------------------------------------------
// National identifiers
// ---------------------------------------------------------------------------------------------
/** US SSN: area 001-899 minus 666, group 01-99, serial 0001-9999; no advertising range 987-65-432x. */
export function ssn(rng) {
    for (;;) {
        const area = rng.int(1, 899);
        if (area === 666)
            continue;
        const group = rng.int(1, 99);
        const serial = rng.int(1, 9999);
        const s = `${String(area).padStart(3, '0')}-${String(group).padStart(2, '0')}-${String(serial).padStart(4, '0')}`;
        if (/^(\d)\1\1-\1\1-\1{4}$/.test(s) || s === '123-45-6789' || s === '078-05-1120')
            continue;
        return s;
    }
}
export function ssnValid(value) {
    const m = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value);
    if (!m)
        return false;
    const area = Number(m[1]);
    return area > 0 && area !== 666 && area < 900 && Number(m[2]) > 0 && Number(m[3]) > 0;
}
/** UK National Insurance number, HMRC prefix rules. */
export function nino(rng, spaced) {
    const first = 'ABCEGHJKLMNOPRSTWXYZ';
    const second = 'ABCEGHJKLMNPRSTWXYZ';
    for (;;) {
        const prefix = rng.str(first, 1) + rng.str(second, 1);
        if (['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(prefix))
            continue;
        const d = rng.str(DIGITS, 6);
        const suffix = rng.str('ABCD', 1);
        return spaced ? `${prefix} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)} ${suffix}` : prefix + d + suffix;
    }
}
/** German Steuerliche Identifikationsnummer: 11 digits, one digit repeated in the first ten, ISO 7064 MOD 11,10. */
export function steuerId(rng) {
    for (;;) {
        const digits = rng.shuffle([...DIGITS]).slice(0, 9);
        digits.push(rng.pick(digits));
        rng.shuffle(digits);
        if (digits[0] === '0')
            continue;
        const ten = digits.join('');
        return ten + String(steuerIdCheck(ten));
    }
}
export function steuerIdCheck(ten) {
    let product = 10;
    for (const ch of ten) {
        let sum = (Number(ch) + product) % 10;
        if (sum === 0)
            sum = 10;
        product = (sum * 2) % 11;
    }
    const check = 11 - product;
    return check === 10 ? 0 : check;
}
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
export function dni(rng) {
    const n = rng.int(10_000_000, 99_999_999);
    return String(n) + DNI_LETTERS[n % 23];
}
export function dniValid(value) {
    const m = /^(\d{8})-?([A-Z])$/.exec(value);
    return Boolean(m && DNI_LETTERS[Number(m[1]) % 23] === m[2]);
}
// ---------------------------------------------------------------------------------------------
// Network addresses
// ---------------------------------------------------------------------------------------------
const WELL_KNOWN_RESOLVERS = ['8.8.8.8', '8.8.4.4', '1.1.1.1', '1.0.0.1', '9.9.9.9', '149.112.112.112', '208.67.222.222', '208.67.220.220'];
export function isPublicIPv4(ip) {
    const o = ip.split('.').map(Number);
    const [a, b, c] = [o[0] ?? 0, o[1] ?? 0, o[2] ?? 0];
    if (a === 0 || a === 10 || a === 127 || a >= 224)
        return false;
    if (a === 100 && b >= 64 && b <= 127)
        return false;
    if (a === 169 && b === 254)
        return false;
    if (a === 172 && b >= 16 && b <= 31)
        return false;
    if (a === 192 && b === 168)
        return false;
    if (a === 192 && b === 0 && (c === 0 || c === 2))
        return false;
    if (a === 198 && (b === 18 || b === 19))
        return false;
    if (a === 198 && b === 51 && c === 100)
        return false;
    if (a === 203 && b === 0 && c === 113)
        return false;
    return !WELL_KNOWN_RESOLVERS.includes(ip);
}
export function publicIPv4(rng) {
    for (;;) {
        const ip = [rng.int(11, 223), rng.int(0, 255), rng.int(0, 255), rng.int(1, 254)].join('.');
        if (isPublicIPv4(ip))
            return ip;
    }
}
/** A non-personal IPv4: private, loopback, link-local, CGNAT, documentation, or (optionally) a public resolver. */
export function privateIPv4(rng, includeResolvers = true) {
    switch (rng.int(0, includeResolvers ? 7 : 6)) {
        case 0: return `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 1: return `192.168.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 2: return `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 3: return `127.0.0.${rng.int(1, 9)}`;
        case 4: return `169.254.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 5: return `100.${rng.int(64, 127)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 6: return `${rng.pick(['192.0.2', '198.51.100', '203.0.113'])}.${rng.int(1, 254)}`;
        default: return rng.pick(WELL_KNOWN_RESOLVERS);
    }
}
function hextet(rng) {
    return rng.int(1, 0xffff).toString(16);
}
/** A global-unicast IPv6 address outside 2001:db8::/32, sometimes compressed. */
export function publicIPv6(rng) {
    const head = rng.pick(['2a02', '2a01', '2001', '2600', '2604', '2607', '2a00', '2c0f', '2405', '2803', '240e']);
    const second = head === '2001' ? rng.pick(['41d0', '67c', '470', '16b8', '4860', '1c00']) : hextet(rng);
    const groups = [head, second, hextet(rng), hextet(rng), hextet(rng), hextet(rng), hextet(rng), hextet(rng)];
    if (rng.chance(0.35))
        return `${groups.slice(0, 4).join(':')}::${groups.slice(6).join(':')}`;
    return groups.join(':');
}
export function jwt(rng, claims) {
    const alg = rng.pick(['HS256', 'RS256', 'ES256', 'HS512']);
    const header = { alg, typ: 'JWT' };
    if (alg !== 'HS256' && rng.chance(0.7))
        header.kid = rng.str(B64URL, rng.int(16, 43));
    const sigBytes = alg === 'RS256' ? 256 : alg === 'ES256' ? 64 : alg === 'HS512' ? 64 : 32;
    const h = b64url(JSON.stringify(header));
    const p = b64url(JSON.stringify(claims));
    const s = b64url(rng.bytes(sigBytes));
    return { token: `${h}.${p}.${s}`, header: h, payload: p, signature: s };
}
function chunk(text, width) {
    const out = [];
    for (let i = 0; i < text.length; i += width)
        out.push(text.slice(i, i + width));
    return out;
}
/** A PEM block whose DER/OpenSSH structure prefix is realistic and whose key material is random. */
export function pem(rng, kind) {
    let label;
    let der;
    let width = 64;
    switch (kind) {
        case 'rsa':
            label = 'RSA PRIVATE KEY';
            der = Buffer.concat([Buffer.from('308204a40201000282010100', 'hex'), Buffer.from([0xc0 | rng.int(0, 63)]), rng.bytes(1179)]);
            break;
        case 'pkcs8':
            label = 'PRIVATE KEY';
            der = Buffer.concat([Buffer.from('308204be020100300d06092a864886f70d0101010500048204a8308204a40201000282010100', 'hex'), Buffer.from([0xc0 | rng.int(0, 63)]), rng.bytes(1183)]);
            break;
        case 'pkcs8-ed25519':
            label = 'PRIVATE KEY';
            der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), rng.bytes(32)]);
            break;
        case 'ec':
            label = 'EC PRIVATE KEY';
            der = Buffer.concat([
                Buffer.from('307702010104', 'hex'), Buffer.from([0x20]), rng.bytes(32),
                Buffer.from('a00a06082a8648ce3d030107a14403420004', 'hex'), rng.bytes(64),
            ]);
            break;
        case 'openssh': {
            label = 'OPENSSH PRIVATE KEY';
            width = 70;
            const pub = rng.bytes(32);
            const check = rng.bytes(4);
            const str = (s) => {
                const b = Buffer.from(s);
                const len = Buffer.alloc(4);
                len.writeUInt32BE(b.length);
                return Buffer.concat([len, b]);
            };
            const pubBlob = Buffer.concat([str('ssh-ed25519'), str(pub)]);
            const priv = Buffer.concat([check, check, str('ssh-ed25519'), str(pub), str(Buffer.concat([rng.bytes(32), pub])), str(rng.pick(['deploy', 'ci', 'build-bot', 'runner'])), Buffer.from([1, 2, 3, 4, 5])]);
            der = Buffer.concat([Buffer.from('openssh-key-v1\0'), str('none'), str('none'), str(''), Buffer.from([0, 0, 0, 1]), str(pubBlob), str(priv)]);
            break;
        }
    }
    const lines = chunk(der.toString('base64'), width);
    const text = `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----`;
    const secretLines = kind === 'openssh' ? lines.slice(1) : lines;
    return { text, secretLines: secretLines.filter((l) => l.length >= 16) };
}
export function percentEncodeUserinfo(value) {
    return value.replace(/[@:/?#%\s]/g, (ch) => '%' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}
//# sourceMappingURL=formats.js.map