// Every value planted in the v33 sessions, invented here: a SHA-256 counter-mode byte stream seeded
// by the agent and the value's name, so each agent's sessions hold values of their own and a rerun
// gives the same ones. Nothing here is a real credential.

import crypto from 'node:crypto';

function stream(seed) {
  let counter = 0;
  let pool = Buffer.alloc(0);
  return (n) => {
    while (pool.length < n) pool = Buffer.concat([pool, crypto.createHash('sha256').update(`${seed}#${counter++}`).digest()]);
    const out = pool.subarray(0, n);
    pool = pool.subarray(n);
    return Buffer.from(out);
  };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const DJANGO = 'abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function makers(seed) {
  const bytes = stream(seed);
  const from = (alphabet, n) => [...bytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
  return {
    hex: (n) => bytes(Math.ceil(n / 2)).toString('hex').slice(0, n),
    alnum: (n) => from(ALNUM, n),
    lower: (n) => from(LOWER_ALNUM, n),
    upper: (n) => from(UPPER_ALNUM, n),
    django: (n) => from(DJANGO, n),
    b64: (nBytes) => bytes(nBytes).toString('base64'),
    digits: (n) => from('0123456789', n),
  };
}

/** Base64 text cut into lines of `width` (PEM bodies: 64, OpenSSH: 70). */
export const wrap = (text, width) => text.match(new RegExp(`.{1,${width}}`, 'g'));

export function uuid(hex32) {
  return `${hex32.slice(0, 8)}-${hex32.slice(8, 12)}-4${hex32.slice(13, 16)}-a${hex32.slice(17, 20)}-${hex32.slice(20, 32)}`;
}

/** The planted values of one agent's sessions. */
export function plantedValues(agent) {
  const m = makers(`sessions-v33:${agent}`);
  const sshBody = `b3BlbnNzaC1rZXktdjEAAAAA${m.b64(240)}`.replace(/=+$/, '');
  const secrets = {
    sshKeyLines: wrap(sshBody, 70),
    tlsKeyLines: wrap(m.b64(138), 64),
    saPrivateKeyId: m.hex(40),
    saKeyLines: wrap(m.b64(210), 64),
    djangoOldKey: `django-insecure-${m.django(50)}`,
    djangoNewKey: m.django(50),
    migrateDbPassword: m.alnum(22),
    deployToken: m.alnum(96),
    heredocDbPassword: m.alnum(20),
    sessionSecret: m.hex(64),
    mailgunKey: `key-${m.hex(32)}`,
    dockerNpmToken: `npm_${m.alnum(36)}`,
    dockerStripeKey: `rk_live_${m.alnum(99)}`,
    dockerDbPassword: m.alnum(18),
    curlPassword: m.alnum(20),
    urlApiKey: m.alnum(32),
    urlSig: m.hex(64),
    jsonWebhookSecret: `whsec_${m.alnum(32)}`,
    jsonSmtpPassword: m.alnum(24),
    jsonApiKeySecret: m.alnum(40),
    jsonAwsKeyId: `AKIA${m.upper(16)}`,
    jsonAwsSecret: m.b64(30),
    signingValue: m.lower(44),
  };
  const clean = {
    requestId: uuid(m.hex(32)),
    apiKeyId: `key_01${m.upper(24)}`,
    commitSha: m.hex(40),
    treeSha: m.hex(40),
    imageDigest: `sha256:${m.hex(64)}`,
    checksum: `sha256:${m.hex(64)}`,
    certLines: wrap(m.b64(330), 64),
    sshPublicKey: `AAAAC3NzaC1lZDI1NTE5AAAAI${m.b64(32).slice(1)}`,
    gcpClientId: m.digits(21),
    integrity: `sha512-${m.b64(64)}`,
  };
  return { secrets, clean };
}
