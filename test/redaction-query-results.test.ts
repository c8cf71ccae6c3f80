/**
 * Query results, key/value stores' replies and mail protocol traces through the whole engine
 * (rules/secret-columns.ts, kv-replies.ts, mail-auth.ts): shaped as sqlite3 3.40, MariaDB 10.11's
 * client and mariadb-dump, etcdctl 3.4, memcached 1.6 and Python's smtplib print them (captured
 * here against servers on 127.0.0.1), with made-up values. Settings named like a secret that hold
 * a method, a switch or a number stay.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import {
  blankChar,
  NAME_EDGE,
  nameEdge,
} from '../redaction/rules/secret-columns.js';

const standard = createTextRedactor('standard');
const research = createTextRedactor('research');

const SECRETS = ['Fq7#nWz3-Lp', 'wx_6Tb9Rk2Lm8Qz4Vn1Hc', 'Jd4-Pq8!mRz2', 'Ns5Kx9Lq2Wm7Zr4Tb'] as const;

describe('secrets in query results', () => {
  it.each([
    ['sqlite3 .mode box', `┌────┬───────┬─────────────┐\n│ id │ login │  password   │\n├────┼───────┼─────────────┤\n│ 1  │ ekar  │ ${SECRETS[0]} │\n└────┴───────┴─────────────┘`],
    ['mariadb \\G', `*************************** 1. row ***************************\n       id: 1\n    login: ekar\napi_token: ${SECRETS[1]}`],
    ['mariadb-dump', `CREATE TABLE \`acct\` (\n  \`id\` int(11) NOT NULL,\n  \`login\` varchar(20),\n  \`pwd\` varchar(80),\n  PRIMARY KEY (\`id\`)\n);\nINSERT INTO \`acct\` VALUES\n(1,'ekar','${SECRETS[2]}');`],
    ['a data frame', `   uid login      client_secret\n0    1  ekar  ${SECRETS[3].slice(0, 12)}...`],
  ])('%s', (_form, text) => {
    const out = standard(text).text;
    for (const secret of SECRETS) expect(out).not.toContain(secret.slice(0, 10));
  });

  it('leaves a settings listing of methods, switches and numbers alone', () => {
    const listing = 'Variable_name\tValue\ndefault_password_lifetime\t0\nmax_password_errors\t4294967295\nold_passwords\tOFF\nstrict_password_validation\tON\n\n'
      + '+---------------------+---------------+\n| Variable_name       | Value         |\n+---------------------+---------------+\n| password_encryption | scram-sha-256 |\n| auth_method         | md5           |\n+---------------------+---------------+';
    expect(standard(listing).findings).toBe(0);
  });
});

describe('key/value stores and mail traces', () => {
  it('removes values under secret keys and a session key id', () => {
    const out = standard('/svc/app/db_password\nHr5-quartz-Lm8\nVALUE sess:Kq2Lx8Rm4Tz7Vb3Wp9 0 20\r\nYc6Nd2Qs8Wm1Zr5Tb9Lx\r\nEND').text;
    for (const secret of ['Hr5-quartz-Lm8', 'Kq2Lx8Rm4Tz7Vb3Wp9', 'Yc6Nd2Qs8Wm1Zr5Tb9Lx']) expect(out).not.toContain(secret);
  });

  it('removes an AUTH LOGIN password and keeps a masked one', () => {
    const login = "send: 'AUTH LOGIN\\r\\n'\nreply: b'334 UGFzc3dvcmQ6\\r\\n'\nsend: 'VHJlbGxpcy04OCFxdw==\\r\\n'";
    expect(standard(login).text).not.toContain('VHJlbGxpcy04OCFxdw==');
    expect(standard("send: 'AUTH PLAIN AGVrYXIAKioqKioqKio=\\r\\n'").findings).toBe(0);
  });

  it('removes personal fields of a hash reply (research)', () => {
    const out = research('1) "first_name"\n2) "Eldrid"\n3) "last_name"\n4) "Kvamme"').text;
    expect(out).not.toContain('Eldrid');
    expect(out).not.toContain('Kvamme');
  });
});

describe("secret columns' table of characters", () => {
  it('agrees with the classes it stands for at every UTF-16 code', () => {
    const wrong: number[] = [];
    for (let code = 0; code < 65536; code++) {
      const char = String.fromCharCode(code);
      // a name's edge and blanks (what trim removes)
      if (nameEdge(code) !== NAME_EDGE.test(char) || blankChar(code) !== (char.trim() === '')) wrong.push(code);
    }
    expect(wrong).toEqual([]);
  });
});
