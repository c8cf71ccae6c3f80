/**
 * Value generators for the evaluation corpus, written from vendors' public descriptions of their
 * key formats (prefix, length, alphabet, checksum where one is documented). Every value is drawn
 * from the seeded PRNG, so nothing live-looking is committed.
 */
import { createHash } from 'node:crypto';
import { B64, B64URL, BASE62, base62, b64url, crc32, DIGITS, HEX, ibanCheckDigits, ibanChecksumValid, LOWER, luhnCheckDigit, UPPER, uuid } from '../corpus-kit.js';
export { B64, B64URL, BASE32, base62 as toBase62, crc32, DIGITS, groupsOf4 as groupIban, HEX, LOWER, b64url, luhnCheckDigit, UPPER, uuid } from '../corpus-kit.js';
export const ALNUM = BASE62;
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A random string over `alphabet` that has at least one digit and one letter (as real tokens almost always do). */
export function mixed(rng, alphabet, n) {
    for (;;) {
        const s = rng.str(alphabet, n);
        const needDigit = /[0-9]/.test(alphabet);
        const needLetter = /[A-Za-z]/.test(alphabet);
        if (n < 8 || ((!needDigit || /[0-9]/.test(s)) && (!needLetter || /[A-Za-z]/.test(s))))
            return s;
    }
}
// ---------------------------------------------------------------- checksums
/** GitHub's 2021 token format: prefix_ + 30 random base62 + 6-char base62 CRC32 of the random part. */
export function githubToken(rng, prefix) {
    const body = mixed(rng, ALNUM, 30);
    return `${prefix}_${body}${base62(crc32(body), 6)}`;
}
/** Fine-grained PAT: github_pat_ + 22 base62 + _ + 59 base62 (93 chars in all). */
export function githubFineGrained(rng) {
    return `github_pat_11${rng.str(UPPER + DIGITS, 20)}_${mixed(rng, ALNUM, 59)}`;
}
/** npm granular/automation token: npm_ + 30 base62 + 6-char CRC32 checksum (same scheme as GitHub). */
export function npmToken(rng) {
    const body = mixed(rng, ALNUM, 30);
    return `npm_${body}${base62(crc32(body), 6)}`;
}
export function luhnValid(num) {
    const digits = num.replace(/\D/g, '');
    return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}
/** Published test PANs (Stripe, Braintree, Adyen, PayPal docs): never used as a positive. */
export const TEST_PANS = new Set([
    '4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210',
    '5105105105105100', '378282246310005', '371449635398431', '6011111111111117', '6011000990139424',
    '3056930009020004', '36227206271667', '3566002020360505', '6200000000000005', '4111111111111111',
    '4012888888881881', '5431111111111111', '4000000000000002', '4000000000009995', '4000002500003155',
]);
export function paymentCard(rng) {
    const brands = [
        ['visa', () => '4' + rng.str(DIGITS, 5), 16],
        ['mastercard', () => String(rng.int(51, 55)) + rng.str(DIGITS, 4), 16],
        ['mastercard', () => String(rng.int(2221, 2720)) + rng.str(DIGITS, 2), 16],
        ['amex', () => rng.pick(['34', '37']) + rng.str(DIGITS, 4), 15],
        ['discover', () => '6011' + rng.str(DIGITS, 2), 16],
        ['jcb', () => String(rng.int(3528, 3589)) + rng.str(DIGITS, 2), 16],
    ];
    for (;;) {
        const [brand, iin, len] = rng.pick(brands);
        const partial = iin() + rng.str(DIGITS, len - 7);
        const pan = partial + luhnCheckDigit(partial);
        if (!TEST_PANS.has(pan) && !/(\d)\1{5}/.test(pan))
            return { pan, brand };
    }
}
export function groupPan(pan, sep) {
    if (pan.length === 15)
        return [pan.slice(0, 4), pan.slice(4, 10), pan.slice(10)].join(sep);
    return pan.match(/.{1,4}/g).join(sep);
}
/** ISO 13616 IBAN with mod-97 check digits over a national BBAN of the right length. */
export function iban(rng) {
    const specs = [
        ['DE', () => rng.str(DIGITS, 18)],
        ['GB', () => rng.pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + rng.str(DIGITS, 14)],
        ['FR', () => rng.str(DIGITS, 10) + rng.str(DIGITS + UPPER, 11) + rng.str(DIGITS, 2)],
        ['NL', () => rng.pick(['ABNA', 'INGB', 'RABO', 'TRIO']) + rng.str(DIGITS, 10)],
        ['ES', () => rng.str(DIGITS, 20)],
        ['IT', () => rng.pick(UPPER.split('')) + rng.str(DIGITS, 10) + rng.str(DIGITS + UPPER, 12)],
        ['BE', () => rng.str(DIGITS, 12)],
        ['CH', () => rng.str(DIGITS, 5) + rng.str(DIGITS + UPPER, 12)],
    ];
    const [cc, bban] = rng.pick(specs);
    const b = bban();
    return cc + ibanCheckDigits(cc, b) + b;
}
export function ibanValid(value) {
    return ibanChecksumValid(value.replace(/\s/g, ''));
}
/** US SSN: area 001-899 except 666, group 01-99, serial 0001-9999; avoids the famous published ones. */
export function ssn(rng) {
    for (;;) {
        const area = rng.int(1, 899);
        if (area === 666)
            continue;
        const s = `${String(area).padStart(3, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
        if (s !== '078-05-1120' && s !== '123-45-6789' && s !== '219-09-9999')
            return s;
    }
}
/** A globally routed IPv4 address: no RFC 1918, loopback, CGNAT, link-local, documentation, multicast, or famous resolvers. */
export function publicIpv4(rng) {
    for (;;) {
        const a = rng.int(1, 223);
        const b = rng.int(0, 255);
        const c = rng.int(0, 255);
        const d = rng.int(1, 254);
        if (a === 10 || a === 127 || a === 0)
            continue;
        if (a === 172 && b >= 16 && b <= 31)
            continue;
        if (a === 192 && b === 168)
            continue;
        if (a === 100 && b >= 64 && b <= 127)
            continue;
        if (a === 169 && b === 254)
            continue;
        if (a === 192 && b === 0)
            continue;
        if (a === 198 && (b === 18 || b === 19 || b === 51))
            continue;
        if (a === 203 && b === 0 && c === 113)
            continue;
        if ((a === 8 && b === 8) || (a === 1 && b === 1) || (a === 9 && b === 9))
            continue;
        return `${a}.${b}.${c}.${d}`;
    }
}
export function privateIpv4(rng) {
    switch (rng.int(0, 4)) {
        case 0: return `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 1: return `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 2: return `192.168.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        case 3: return `127.0.0.${rng.int(1, 9)}`;
        default: return `100.${rng.int(64, 127)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    }
}
// ---------------------------------------------------------------- vendor tokens
export const vendor = {
    gitlabPat: (rng) => `glpat-${mixed(rng, ALNUM + '-_', 20)}`,
    gitlabRunner: (rng) => `glrt-${mixed(rng, ALNUM + '-_', 20)}`,
    gitlabDeploy: (rng) => `gldt-${mixed(rng, ALNUM + '-_', 20)}`,
    slackBot: (rng) => `xoxb-${rng.int(1, 9)}${rng.str(DIGITS, rng.int(10, 12))}-${rng.int(1, 9)}${rng.str(DIGITS, rng.int(11, 12))}-${mixed(rng, ALNUM, 24)}`,
    slackUser: (rng) => `xoxp-${rng.int(1, 9)}${rng.str(DIGITS, 10)}-${rng.int(1, 9)}${rng.str(DIGITS, 11)}-${rng.int(1, 9)}${rng.str(DIGITS, 12)}-${rng.str(HEX, 32)}`,
    slackApp: (rng) => `xapp-1-A${rng.str(UPPER + DIGITS, 10)}-${rng.int(1, 9)}${rng.str(DIGITS, 12)}-${rng.str(HEX, 64)}`,
    slackWebhookPath: (rng) => `T${rng.str(UPPER + DIGITS, 8)}/B${rng.str(UPPER + DIGITS, 10)}/${mixed(rng, ALNUM, 24)}`,
    stripeSecret: (rng) => `sk_live_${rng.pick(['51', '4e'])}${mixed(rng, ALNUM, rng.pick([22, 97]))}`,
    stripeRestricted: (rng) => `rk_live_51${mixed(rng, ALNUM, 97)}`,
    stripeWebhook: (rng) => `whsec_${mixed(rng, ALNUM, 32)}`,
    openaiProject: (rng) => `sk-proj-${mixed(rng, B64URL, 74)}T3BlbkFJ${mixed(rng, B64URL, 74)}`,
    openaiSvc: (rng) => `sk-svcacct-${mixed(rng, B64URL, 74)}T3BlbkFJ${mixed(rng, B64URL, 74)}`,
    openaiLegacy: (rng) => `sk-${mixed(rng, ALNUM, 20)}T3BlbkFJ${mixed(rng, ALNUM, 20)}`,
    anthropic: (rng) => `sk-ant-api03-${mixed(rng, B64URL, 93)}AA`,
    anthropicOauth: (rng) => `sk-ant-oat01-${mixed(rng, B64URL, 93)}AA`,
    googleApiKey: (rng) => `AIza${rng.pick(['Sy', 'Sx', 'SA', 'SB', 'SC', 'SD'])}${mixed(rng, B64URL, 33)}`,
    googleOauthSecret: (rng) => `GOCSPX-${mixed(rng, B64URL, 28)}`,
    pypi: (rng) => `pypi-AgEIcHlwaS5vcmc${mixed(rng, B64URL, rng.int(150, 190))}`,
    sendgrid: (rng) => `SG.${mixed(rng, B64URL, 22)}.${mixed(rng, B64URL, 43)}`,
    huggingface: (rng) => `hf_${mixed(rng, UPPER + LOWER, 34)}`,
    twilioAuthToken: (rng) => rng.str(HEX, 32),
    twilioApiKey: (rng) => `SK${rng.str(HEX, 32)}`,
    twilioSid: (rng) => `AC${rng.str(HEX, 32)}`,
    mailgunLegacy: (rng) => `key-${rng.str(HEX, 32)}`,
    mailgunNew: (rng) => `${rng.str(HEX, 32)}-${rng.str(HEX, 8)}-${rng.str(HEX, 8)}`,
    telegramBot: (rng) => ({ id: `${rng.int(1, 8)}${rng.str(DIGITS, rng.int(8, 9))}`, secret: `AA${mixed(rng, B64URL, 33)}` }),
    discordBot: (rng) => {
        const id = `${rng.int(1, 1)}${rng.int(0, 3)}${rng.str(DIGITS, 17)}`;
        const head = Buffer.from(id).toString('base64').replace(/=+$/, '');
        return `${head}.${mixed(rng, B64URL, 6)}.${mixed(rng, B64URL, 38)}`;
    },
    discordWebhook: (rng) => ({ id: `1${rng.str(DIGITS, 18)}`, token: mixed(rng, B64URL, 68) }),
    azureStorageKey: (rng) => rng.bytes(64).toString('base64'),
    awsKeyId: (rng, prefix = 'AKIA') => `${prefix}${rng.pick(['Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '2', '3', '4', '5', '6', '7'])}${rng.str(UPPER + '234567', 15)}`,
    awsSecret: (rng) => mixed(rng, UPPER + LOWER + DIGITS + '/+', 40),
    awsSessionToken: (rng) => `IQoJb3JpZ2luX2Vj${mixed(rng, B64, rng.int(300, 380))}`,
    digitalocean: (rng) => `${rng.pick(['dop', 'doo', 'dor'])}_v1_${rng.str(HEX, 64)}`,
    shopify: (rng) => `${rng.pick(['shpat', 'shpca', 'shppa', 'shpss'])}_${rng.str(HEX, 32)}`,
    databricks: (rng) => `dapi${rng.str(HEX, 32)}${rng.chance(0.4) ? '-' + rng.int(2, 3) : ''}`,
    doppler: (rng) => `dp.${rng.pick(['st', 'pt', 'sa', 'ct'])}.${rng.chance(0.5) ? 'prd.' : ''}${mixed(rng, ALNUM, 43)}`,
    vault: (rng) => `hvs.${rng.chance(0.5) ? 'CAESI' + mixed(rng, B64URL, 90) : mixed(rng, ALNUM, 24)}`,
    atlassian: (rng) => `ATATT3xFfGF0${mixed(rng, B64URL, 170)}=${rng.str(HEX.toUpperCase(), 8)}`,
    herokuUuid: (rng) => uuid(rng),
    linear: (rng) => `lin_api_${mixed(rng, ALNUM, 40)}`,
    notion: (rng) => `ntn_${rng.str(DIGITS, 11)}${mixed(rng, ALNUM, 35)}`,
    dockerHub: (rng) => `dckr_pat_${mixed(rng, B64URL, 27)}`,
    grafana: (rng) => `glsa_${mixed(rng, ALNUM, 32)}_${rng.str(HEX, 8)}`,
    terraformCloud: (rng) => `${mixed(rng, ALNUM, 14)}.atlasv1.${mixed(rng, ALNUM, 67)}`,
    sentry: (rng) => `sntrys_eyJpYXQiOjE3${mixed(rng, B64URL, 120)}_${mixed(rng, B64URL, 43)}`,
    newrelic: (rng) => `NRAK-${rng.str(UPPER + DIGITS, 27)}`,
    postman: (rng) => `PMAK-${rng.str(HEX, 24)}-${rng.str(HEX, 34)}`,
};
export function sha1(rng) {
    return rng.str(HEX, 40);
}
export function sha256hex(rng) {
    return createHash('sha256').update(rng.bytes(16)).digest('hex');
}
/** A JWT with a realistic header and claims and a random signature. */
export function jwt(rng, opts = {}) {
    const alg = rng.pick(['HS256', 'RS256', 'ES256']);
    const header = b64url(JSON.stringify(rng.chance(0.5) ? { alg, typ: 'JWT' } : { alg, typ: 'JWT', kid: rng.str(ALNUM, 12) }));
    const iat = 1_700_000_000 + rng.int(0, 60_000_000);
    const claims = {
        sub: opts.sub ?? (rng.chance(0.5) ? uuid(rng) : `user_${rng.str(ALNUM, 10)}`),
        iss: opts.iss ?? rng.pick(['https://auth.acmecorp.io/', 'https://login.fieldline.dev', 'api-gateway', 'https://securetoken.google.com/orbit-prod']),
        iat,
        exp: iat + rng.pick([900, 3600, 86400]),
    };
    if (rng.chance(0.5))
        claims.scope = rng.pick(['read:org write:repo', 'openid profile email', 'admin']);
    if (rng.chance(0.4))
        claims.role = rng.pick(['service_role', 'authenticated', 'admin']);
    const payload = b64url(JSON.stringify(claims));
    const sig = rng.bytes(alg === 'RS256' ? 256 : 32).toString('base64url');
    return { token: `${header}.${payload}.${sig}`, header, secretPart: `${payload}.${sig}` };
}
/** PEM private keys: realistic DER prefixes, random material, 64-char lines. */
export function pemKey(rng, type) {
    let der;
    let label;
    switch (type) {
        case 'rsa':
            der = Buffer.concat([Buffer.from('308204a40201000282010100', 'hex'), rng.bytes(1180)]);
            label = 'RSA PRIVATE KEY';
            break;
        case 'ec':
            der = Buffer.concat([Buffer.from('307702010104 20'.replace(' ', ''), 'hex'), rng.bytes(32), Buffer.from('a00a06082a8648ce3d030107a144034200', 'hex'), Buffer.from([4]), rng.bytes(64)]);
            label = 'EC PRIVATE KEY';
            break;
        case 'pkcs8':
            der = Buffer.concat([Buffer.from('308204be020100300d06092a864886f70d0101010500048204a8308204a40201000282010100', 'hex'), rng.bytes(1170)]);
            label = 'PRIVATE KEY';
            break;
        default: {
            const magic = Buffer.concat([Buffer.from('openssh-key-v1\0'), Buffer.from('000000046e6f6e65000000046e6f6e650000000000000001000000330000000b7373682d65643235353139', 'hex')]);
            der = Buffer.concat([magic, Buffer.from('00000020', 'hex'), rng.bytes(32), rng.bytes(160)]);
            label = 'OPENSSH PRIVATE KEY';
        }
    }
    const b64 = der.toString('base64');
    const width = type === 'openssh' ? 70 : 64;
    const bodyLines = b64.match(new RegExp(`.{1,${width}}`, 'g'));
    // The first OpenSSH line is the fixed magic header (identical in every key): not a secret.
    const secretLines = type === 'openssh' ? bodyLines.slice(1) : bodyLines;
    const pem = `-----BEGIN ${label}-----\n${bodyLines.join('\n')}\n-----END ${label}-----`;
    return { pem, bodyLines, secretLines: secretLines.filter((l) => l.length >= 16) };
}
// ---------------------------------------------------------------- passwords
const WORDS = ['maple', 'otter', 'river', 'copper', 'lantern', 'harbor', 'violet', 'granite', 'falcon', 'meadow', 'cobalt', 'thistle', 'ember', 'juniper', 'quartz', 'saffron', 'tundra', 'willow', 'zephyr', 'bramble'];
/** Passwords as people and tools make them. `safe` limits the symbols to those the context allows. */
export function password(rng, safe = 'any') {
    const sym = { any: '!@#$%^&*()-_=+.,?~', url: '-_.~!*', shell: '-_.@%+=:,', xml: '!#$%*()-_=+.?', plain: '-_.' }[safe];
    for (;;) {
        let p;
        switch (rng.int(0, 4)) {
            case 0:
                p = mixed(rng, ALNUM + sym, rng.int(12, 24));
                break;
            case 1: {
                const w = [rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS)].map((x, i) => (i === 0 ? x[0].toUpperCase() + x.slice(1) : x));
                p = w.join(rng.pick(['-', '.', '_'])) + rng.str(DIGITS, rng.int(2, 4));
                break;
            }
            case 2:
                p = rng.pick(WORDS)[0].toUpperCase() + rng.pick(WORDS).slice(1) + rng.str(DIGITS, rng.int(2, 4)) + rng.str(sym, 1);
                break;
            case 3:
                p = mixed(rng, ALNUM, rng.int(16, 32));
                break;
            default: p = rng.str(UPPER, 2) + rng.str(sym, 1) + mixed(rng, ALNUM, rng.int(8, 14)) + rng.str(sym, 1) + rng.str(DIGITS, 2);
        }
        if (p.length >= 10 && /[0-9]/.test(p))
            return p;
    }
}
/** A Django-style SECRET_KEY (50 chars from Django's get_random_secret_key alphabet). */
export function djangoSecret(rng) {
    return 'django-insecure-' + mixed(rng, LOWER + DIGITS + '!@#$%^&*(-_=+)', 50);
}
export function hexSecret(rng, n = 64) {
    return rng.str(HEX, n);
}
//# sourceMappingURL=values.js.map