/** Vendor token shapes (public knowledge of prefixes, lengths, alphabets and checksums). */
import { base62, crc32 } from '../corpus-kit.js';
import { ALNUM, B64URL, BASE32, BECH32, DIGITS, HEX, LOWER, LOWER_ALNUM, UPPER, UPPER_ALNUM, b64Bytes, b64url, b64urlBytes, hexOf, mixed, uuid } from './util.js';
/** GitHub-style token: prefix + 30 random + 6-character base62 CRC32 of the random part. */
export function githubToken(rng, prefix) {
    const body = mixed(rng, 30);
    return `${prefix}${body}${base62(crc32(body), 6)}`;
}
export const T = {
    awsKeyId: (r, p = 'AKIA') => p + r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16),
    awsSecret: (r) => mixed(r, 40, ALNUM + '+/'),
    awsSession: (r) => 'IQoJb3JpZ2luX2VjE' + b64Bytes(r, 240).replace(/=+$/, ''),
    gcpApiKey: (r) => 'AIza' + mixed(r, 35, B64URL),
    doToken: (r) => 'dop_v1_' + hexOf(r, 64),
    alibabaId: (r) => 'LTAI5t' + mixed(r, 18),
    alibabaSecret: (r) => mixed(r, 30),
    tencentId: (r) => 'AKID' + mixed(r, 32),
    tencentSecret: (r) => mixed(r, 32),
    azureStorageKey: (r) => b64Bytes(r, 64),
    azureClientSecret: (r) => mixed(r, 3) + r.digits(1) + 'Q~' + mixed(r, 34, ALNUM + '_.-'),
    cloudflare: (r) => mixed(r, 40, B64URL),
    ibmApiKey: (r) => mixed(r, 44, B64URL),
    linode: (r) => hexOf(r, 64),
    hetzner: (r) => mixed(r, 64),
    ghp: (r) => githubToken(r, r.pick(['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'])),
    fineGrained: (r) => `github_pat_11${r.str(UPPER_ALNUM, 20)}_${mixed(r, 59)}`,
    glpat: (r) => 'glpat-' + mixed(r, 20, B64URL),
    npm: (r) => githubToken(r, 'npm_'),
    pypi: (r) => 'pypi-AgEIcHlwaS5vcmc' + b64urlBytes(r, r.int(90, 130)),
    rubygems: (r) => 'rubygems_' + hexOf(r, 48),
    dockerPat: (r) => 'dckr_pat_' + mixed(r, 27, B64URL),
    nuget: (r) => 'oy2' + r.str(LOWER_ALNUM, 43),
    crates: (r) => 'cio' + mixed(r, 32),
    bitbucket: (r) => 'ATBB' + mixed(r, 28) + r.str(HEX, 8).toUpperCase(),
    atlassian: (r) => 'ATATT3xFfGF0' + mixed(r, 170, B64URL) + '=' + r.str(HEX, 8).toUpperCase(),
    jfrog: (r) => 'AKCp8' + mixed(r, 68),
    hfToken: (r) => 'hf_' + r.str(UPPER + LOWER, 34),
    circleci: (r) => `CCIPAT_${mixed(r, 22)}_${hexOf(r, 40)}`,
    buildkite: (r) => 'bkua_' + hexOf(r, 40),
    tfc: (r) => `${mixed(r, 14)}.atlasv1.${mixed(r, 67)}`,
    pulumi: (r) => 'pul-' + hexOf(r, 40),
    doppler: (r) => r.chance(0.5) ? `dp.st.${r.pick(['dev', 'prd', 'stg'])}.${mixed(r, 40)}` : `dp.pt.${mixed(r, 43)}`,
    glrt: (r) => 'glrt-' + mixed(r, 20, B64URL),
    vercel: (r) => mixed(r, 24),
    flyio: (r) => 'FlyV1 fm2_' + b64Bytes(r, 120).replace(/=+$/, ''),
    render: (r) => 'rnd_' + mixed(r, 32),
    azdoPat: (r) => r.str('abcdefghijklmnopqrstuvwxyz234567', 52),
    stripe: (r) => `${r.pick(['sk_live_', 'rk_live_'])}${r.pick(['51', '4e'])}${mixed(r, r.pick([22, 97]))}`,
    whsec: (r) => 'whsec_' + mixed(r, 32),
    squareAccess: (r) => 'EAAA' + mixed(r, 60, B64URL),
    squareSecret: (r) => 'sq0csp-' + mixed(r, 43, B64URL),
    braintree: (r) => `access_token$production$${r.str(LOWER_ALNUM, 16)}$${hexOf(r, 32)}`,
    shopify: (r) => r.pick(['shpat_', 'shpss_', 'shpca_', 'shppa_']) + hexOf(r, 32),
    razorpaySecret: (r) => mixed(r, 24),
    paystack: (r) => 'sk_live_' + hexOf(r, 40),
    mollie: (r) => 'live_' + mixed(r, 30),
    flutterwave: (r) => `FLWSECK-${hexOf(r, 32)}-X`,
    paypalSecret: (r) => 'E' + mixed(r, 79, B64URL),
    slackBot: (r) => `xoxb-${r.digits(12)}-${r.digits(13)}-${mixed(r, 24)}`,
    slackUser: (r) => `xoxp-${r.digits(12)}-${r.digits(12)}-${r.digits(13)}-${hexOf(r, 32)}`,
    slackApp: (r) => `xapp-1-A${r.str(UPPER_ALNUM, 10)}-${r.digits(13)}-${hexOf(r, 64)}`,
    slackHookSecret: (r) => mixed(r, 24),
    discordBot: (r) => `${b64url(String(r.int(1, 9)) + r.digits(17)).replace(/=+$/, '')}.${mixed(r, 6, B64URL)}.${mixed(r, 38, B64URL)}`,
    discordHook: (r) => mixed(r, 68, B64URL),
    telegram: (r) => `${r.int(1, 7)}${r.digits(9)}:AA${mixed(r, 33, B64URL)}`,
    twilioKeySid: (r) => 'SK' + hexOf(r, 32),
    hex32: (r) => hexOf(r, 32),
    hex40: (r) => hexOf(r, 40),
    sendgrid: (r) => `SG.${mixed(r, 22, B64URL)}.${mixed(r, 43, B64URL)}`,
    mailgun: (r) => r.chance(0.5) ? 'key-' + hexOf(r, 32) : `${hexOf(r, 32)}-${hexOf(r, 8)}-${hexOf(r, 8)}`,
    mailchimp: (r) => `${hexOf(r, 32)}-us${r.int(1, 21)}`,
    resend: (r) => `re_${mixed(r, 8)}_${mixed(r, 24)}`,
    brevo: (r) => `xkeysib-${hexOf(r, 64)}-${mixed(r, 16)}`,
    openai: (r) => r.chance(0.6) ? `sk-proj-${mixed(r, 74, B64URL)}T3BlbkFJ${mixed(r, 74, B64URL)}` : r.chance(0.5) ? `sk-svcacct-${mixed(r, 74, B64URL)}T3BlbkFJ${mixed(r, 74, B64URL)}` : `sk-${mixed(r, 20)}T3BlbkFJ${mixed(r, 20)}`,
    anthropic: (r) => `sk-ant-${r.pick(['api03', 'admin01'])}-${mixed(r, 93, B64URL)}AA`,
    groq: (r) => `gsk_${mixed(r, 20)}WGdyb3FY${mixed(r, 24)}`,
    replicate: (r) => 'r8_' + mixed(r, 37),
    perplexity: (r) => 'pplx-' + mixed(r, 48),
    xai: (r) => 'xai-' + mixed(r, 80),
    openrouter: (r) => 'sk-or-v1-' + hexOf(r, 64),
    deepseek: (r) => 'sk-' + hexOf(r, 32),
    fireworks: (r) => 'fw_' + mixed(r, 24),
    langsmith: (r) => `lsv2_${r.pick(['pt', 'sk'])}_${hexOf(r, 32)}_${hexOf(r, 10)}`,
    pinecone: (r) => `pcsk_${mixed(r, 5)}_${mixed(r, 60)}`,
    together: (r) => 'tgp_v1_' + mixed(r, 43, B64URL),
    alnum: (r, n) => mixed(r, n),
    newRelicUser: (r) => 'NRAK-' + r.str(UPPER_ALNUM, 27),
    newRelicLicense: (r) => hexOf(r, 36) + 'NRAL',
    sentryUser: (r) => 'sntryu_' + hexOf(r, 64),
    sentryOrg: (r) => `sntrys_${b64url(JSON.stringify({ iat: 1700000000 + r.int(0, 9e7), url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: r.pick(['acme', 'lumen-labs', 'northwind']) })).replace(/=+$/, '')}_${mixed(r, 43, B64URL)}`,
    grafanaSa: (r) => `glsa_${mixed(r, 32)}_${hexOf(r, 8)}`,
    grafanaCloud: (r) => 'glc_' + b64Bytes(r, 90).replace(/=+$/, ''),
    dynatrace: (r) => `dt0c01.${r.str(UPPER_ALNUM, 24)}.${r.str(UPPER_ALNUM, 64)}`,
    axiom: (r) => 'xaat-' + uuid(r),
    posthog: (r) => 'phx_' + mixed(r, 43),
    planetscale: (r) => 'pscale_pw_' + mixed(r, 43, B64URL),
    neon: (r) => 'npg_' + mixed(r, 12),
    ageSecret: (r) => 'AGE-SECRET-KEY-1' + r.str(BECH32, 58).toUpperCase(),
    wireguard: (r) => b64Bytes(r, 32),
    railsKeyBase: (r) => hexOf(r, 128),
    djangoKey: (r) => 'django-insecure-' + r.str(LOWER + DIGITS + '!@#%^&*(-_=+)', 50),
    laravelKey: (r) => 'base64:' + b64Bytes(r, 32),
    base32: (r, n) => r.str(BASE32, n),
};
/** A JWT whose payload says what it is (HS256, signature random). */
export function jwt(r, payload) {
    const h = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).replace(/=+$/, '');
    const p = b64url(JSON.stringify(payload)).replace(/=+$/, '');
    return `${h}.${p}.${b64urlBytes(r, 32)}`;
}
const PEM_LEADS = {
    'RSA PRIVATE KEY': 'MIIEpAIBAAKCAQEA',
    'PRIVATE KEY': 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ',
    'EC PRIVATE KEY': 'MHcCAQEEI',
    'OPENSSH PRIVATE KEY': 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
    'ENCRYPTED PRIVATE KEY': 'MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI',
    'DSA PRIVATE KEY': 'MIIBvAIBAAKBgQ',
};
/** A PEM private key: `{ pem, body }`, the body being the base64 lines (the part that must go). */
export function pemKey(r, label = r.pick(Object.keys(PEM_LEADS))) {
    const lead = PEM_LEADS[label] ?? 'MII';
    const bytes = label === 'EC PRIVATE KEY' ? 90 : label.startsWith('OPENSSH') ? 300 : r.int(600, 1100);
    const all = (lead + b64Bytes(r, bytes)).replace(/=+$/, '');
    const padded = all + '='.repeat((4 - (all.length % 4)) % 4);
    const lines = padded.match(/.{1,64}/g) ?? [];
    const body = lines.join('\n');
    return { pem: `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`, body, label };
}
//# sourceMappingURL=tokens.js.map