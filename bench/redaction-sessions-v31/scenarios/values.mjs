// The invented values planted in the v31 sessions: one seeded generator per agent, so every agent's
// sessions hold values of their own and a re-run of the generator gives the same ones. Nothing here
// is a real credential; every value is listed, with its class and the place it is put, by
// labels.mjs (labels.json).

import crypto from 'node:crypto';

/** A deterministic byte stream: SHA-256 in counter mode over the seed. */
function byteStream(seed) {
  let counter = 0;
  let pool = Buffer.alloc(0);
  return (n) => {
    while (pool.length < n) {
      pool = Buffer.concat([pool, crypto.createHash('sha256').update(`${seed}#${counter++}`).digest()]);
    }
    const out = pool.subarray(0, n);
    pool = pool.subarray(n);
    return out;
  };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const PASSWORD_CHARS = `${ALNUM}!#%^*-_.~`;

function generator(seed) {
  const bytes = byteStream(seed);
  const pick = (alphabet, n) => Array.from(bytes(n), (b) => alphabet[b % alphabet.length]).join('');
  return {
    alnum: (n) => pick(ALNUM, n),
    lower: (n) => pick(LOWER_ALNUM, n),
    hex: (n) => pick(HEX, n),
    password: (n) => pick(PASSWORD_CHARS, n),
    base64: (n) => bytes(n).toString('base64'),
    base64url: (n) => bytes(n).toString('base64url'),
    uuid: () => {
      const h = pick(HEX, 32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}

/** The secrets and the clean look-alikes of one agent's sessions. */
export function plantedValues(agent) {
  const g = generator(`atx-sessions-v31:${agent}`);
  // a client secret with the characters URL encoding changes, so its encoded form differs from it
  const clientSecret = `${g.alnum(14)}+${g.alnum(9)}/${g.alnum(12)}=`;
  const dbUrlPassword = `${g.alnum(6)}@${g.alnum(5)}:${g.alnum(7)}`;
  const dotenvInSecret = `DATABASE_PASSWORD=${g.password(18)}\nMAILGUN_API_KEY=${g.hex(32)}-${g.hex(8)}-${g.hex(8)}\n`;
  const jwtPart = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return {
    secrets: {
      // first seen in a note no rule can read, later as STAGING_DEPLOY_TOKEN
      stagingToken: `${g.alnum(8)}-${g.alnum(8)}-${g.alnum(8)}`,
      railsDbPassword: g.password(16),
      springDbPassword: g.password(20),
      springMailPassword: g.password(14),
      gradleSigningPassword: g.password(12),
      ossrhPassword: g.password(15),
      npmToken: `npm_${g.alnum(36)}`,
      pypiToken: `pypi-${g.base64url(60)}`,
      cargoToken: `cio${g.alnum(32)}`,
      netrcPassword: g.password(17),
      hcloudToken: g.alnum(64),
      tfDbAdminPassword: g.password(19),
      kubeToken: `${jwtPart({ alg: 'RS256', kid: g.alnum(12) })}.${jwtPart({ iss: 'kubernetes/serviceaccount', sub: `system:serviceaccount:billing:deployer-${g.lower(5)}` })}.${g.base64url(64)}`,
      dockerAuth: Buffer.from(`ci-bot:${g.password(22)}`).toString('base64'),
      composerPassword: g.password(21),
      redisPassword: g.password(24),
      sentryKey: g.hex(32),
      hookPathSecret: g.lower(40),
      gitRemoteToken: g.alnum(26),
      bearerToken: `${g.alnum(20)}.${g.alnum(24)}`,
      smtpJsonPassword: g.password(18),
      webhookSigningSecret: `whsec_${g.base64(24).replace(/[+/=]/g, '')}`,
      dotenvBase64: Buffer.from(dotenvInSecret).toString('base64'),
      clientSecretUrlEncoded: encodeURIComponent(clientSecret),
      dbUrlPasswordEncoded: encodeURIComponent(dbUrlPassword),
      twilioAuthToken: g.hex(32),
      stripeKey: `sk_live_${g.alnum(24)}`,
      awsAccessKeyId: `AKIA${g.alnum(16).toUpperCase().replace(/[^A-Z2-7]/g, 'Q')}`,
      awsSecretKey: g.base64(30).replace(/[+/=]/g, 'x'),
      mailerPassword: g.password(16),
    },
    clean: {
      lockIntegrity: `sha512-${g.base64(64)}`,
      imageDigest: `sha256:${g.hex(64)}`,
      requestId: g.uuid(),
      userId: g.uuid(),
      avatarSha1: g.hex(40),
      buildHash: g.hex(40),
      pngBase64: `iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA${g.base64(48).replace(/=+$/, '')}`,
      contentHash: g.hex(20),
      etag: `W/"${g.hex(16)}"`,
      chunkName: `main.${g.hex(8)}.js`,
      integrityB: `sha512-${g.base64(64)}`,
    },
  };
}
