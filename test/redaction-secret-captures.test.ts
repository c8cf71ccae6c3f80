/**
 * Secret classes a blind corpus found lost, reproduced with other real programs
 * (test/program-captures/secret-classes/, how each was made is in its README): CSV and its
 * readable renderings, plain name/value reply lines, secret APIs' bodies in HTTP debug logs,
 * Bundler's per-host credentials, mail clients' AUTH exchanges; and the forms that must stay:
 * placeholder settings in tables, a mail client's masked password.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'program-captures', 'secret-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

const CSV_SECRETS = ['Qm7#vT2,Lp9x', 'ak_9Fz2Lq7Vm3Tb8Nc4Rw6', 'hunter-Orchid-42', 'Zx4!kR8-pW2q', 'mk-3Hq8Zr2Lw7Vt5Nb9'];
const TOKEN_SECRETS = ['s3cr3t-Kw9-Lp2x', 'tok_Vn4Rq8Lm2Zx7Tb5Hc9', 'Bq5;Rt8!wZ', 'tok_Hs3Nf7Kq1Lw9Vz4Xm2'];
const API_BODY_SECRETS = ['Gv8-sapphire-Lm3q', 'V3A3LWNvYmFsdC1Ocjh4Uzk=', 'Qz9mT4vL2xR8kW1pN6bH3cJ7'];
const VAULT_SECRETS = ['Kx4-tundra-Wp9z', 'vk_7Rq2Lm9Zx4Tb8Nc3Wp6Hd', 'hvs.CAESIJ7kR2mQ9xL4vT8wZ3pN6bH1cY5dF0gA'];

/** Each capture and the values planted in it. */
const PLANTED: Record<string, readonly string[]> = {
  'python-csv-credentials.csv': CSV_SECRETS,
  'python-csv-quote-all-credentials.csv': CSV_SECRETS,
  'python-csv-tokens.csv': TOKEN_SECRETS,
  'csvtool-readable-credentials.txt': [...CSV_SECRETS, ...TOKEN_SECRETS],
  'csvtool-col-password.txt': ['Qm7#vT2,Lp9x', 'hunter-Orchid-42', 'Zx4!kR8-pW2q'],
  'python-csv-multiline-cell.csv': ['Tq5#mW8,Lz2v', 'ak_4Hr7Lq2Vm9Tb3Nc8Rw5', 'Ny6!pK3-wQ9r', 'mk-8Jd2Zr5Lw7Vt4Nb1', 'Bc2-quarry-Hs7'],
  // VisiData escapes punctuation: the values as it printed them
  'visidata-markdown-credentials.md': ['Qm7\\#vT2,Lp9x', 'ak\\_9Fz2Lq7Vm3Tb8Nc4Rw6', 'hunter\\-Orchid\\-42', 'Zx4\\!kR8\\-pW2q', 'mk\\-3Hq8Zr2Lw7Vt5Nb9'],
  // MariaDB escapes markup in XML and HTML results: the password as it printed it
  'mariadb-xml-credentials.txt': ['Gq4&lt;zR8&amp;vL2m', 'Lp6-marlin-Ty3', 'tk_Wn7Lq3Zx9Vr2Kb5Hd8', 'tk_Rb2Nx8Kq4Zw7Vm3Jc6'],
  'mariadb-html-credentials.txt': ['Gq4&lt;zR8&amp;vL2m', 'Lp6-marlin-Ty3', 'tk_Wn7Lq3Zx9Vr2Kb5Hd8', 'tk_Rb2Nx8Kq4Zw7Vm3Jc6'],
  'etcdctl-bare-server-config.txt': ['Tz8-velvet-Kq3', 'Wm2Lx9Qr5Vt7'],
  'etcdctl-bare-credential-fields.txt': ['Hb4-saffron-Kw7m', 'ak_Zr8Lq2Vm6Tx9Nc3Wb5Hd', 'tk.Pq7Lm2Zx9Vr4Kb8Wn3'],
  'requests-debug-secret-bodies.txt': API_BODY_SECRETS,
  'hvac-debug-kv-read.txt': VAULT_SECRETS,
  'hvac-debug-kv1-read.txt': ['Mv6-juniper-Rt4k', 'hvs.CAESIK4mR7qZ2xL9vT3wN8pB6cH1dY5fJ0gS'],
  'socat-v-secret-api-traffic.txt': [...API_BODY_SECRETS, ...VAULT_SECRETS],
  'bundler-config-credentials.yml': ['Vx3-copper-Lq8', 'Hn7Rq2Lk9Wz4', 'ghs_Tq9Lm2Zx7Vr4Kp8Wn3Bc6Hd1Js5Ty0UaQm9X'],
  'gsettings-proxy-credentials.txt': ['Jw5-harbor-Nk2z'],
  // the password, and the base64 a client sent it in
  's-nail-vv-auth-plain.txt': ['Ux7-garnet-Mq4z', 'AGNpLW5vdGlmeUBidWlsZHMuZXhhbXBsZS5vcmcAVXg3LWdhcm5ldC1NcTR6'],
  's-nail-vv-auth-login.txt': ['Rw3-basalt-Kp8x', 'UnczLWJhc2FsdC1LcDh4'],
};

const NEGATIVES = [
  'negative-nodemailer-masked-auth.txt',
  'negative-python-csv-placeholder-settings.csv',
  'negative-csvtool-readable-placeholder-settings.txt',
  'negative-visidata-markdown-placeholder-settings.md',
  'negative-tabulate-prettytable-placeholder-settings.txt',
  ...['table', 'vertical', 'batch', 'html', 'xml'].map((mode) => `negative-mariadb-${mode}-placeholder-settings.txt`),
];

describe('secret classes in real programs\' output', () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is removed', (file, secrets) => {
    const text = read(file);
    for (const secret of secrets) expect(text).toContain(secret);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it('csvtool readable: the rows keep their other cells', () => {
    const out = createTextRedactor('standard')(read('csvtool-readable-credentials.txt')).text;
    for (const kept of ['billing, eu', 'svc_search', 'rotated, see ticket 42', 'ap-south-1', 'for CI, staging']) expect(out).toContain(kept);
  });

  it.each(NEGATIVES.map((file) => [file]))('%s: nothing is removed', (file) => {
    const text = read(file);
    const result = createTextRedactor('standard')(text);
    expect(result.findings).toBe(0);
    expect(result.text).toBe(text);
  });
});
