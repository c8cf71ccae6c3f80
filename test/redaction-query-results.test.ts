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
  HEADER_LINE,
  headerChar,
  headerShape,
  LABELLED_ROW_DELIMITERS,
  lineShape,
  NAME_EDGE,
  nameEdge,
  RECORD_DELIMITERS,
  recordCellChar,
  shapeDelimiters,
  shapePipes,
  shapeRecordCells,
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
      LABELLED_ROW_DELIMITERS.lastIndex = 0;
      if (nameEdge(code) !== NAME_EDGE.test(char) || shapeDelimiters(lineShape(char)) !== (LABELLED_ROW_DELIMITERS.test(char) ? 1 : 0)) wrong.push(code);
      // a header's characters (HEADER_LINE), blanks (what trim removes) and a record's cell delimiters
      if (headerChar(code) !== HEADER_LINE.test(char) || blankChar(code) !== (char.trim() === '') || recordCellChar(code) !== RECORD_DELIMITERS.test(char)) wrong.push(code);
    }
    LABELLED_ROW_DELIMITERS.lastIndex = 0;
    expect(wrong).toEqual([]);
  });

  it("reads a line's shape in one walk as the regular expressions read it", () => {
    const lines = ['│ a | b,\tc; d', '│ id │ api_key │', 'name: a, b; c', '', 'password | Xk9#q', 'a | b | c', 'token: x,y', 'Now the deploy key.', 'id\tpwd', 'naïve — “quoted” ┆ x'];
    for (const line of lines) {
      const shape = lineShape(line);
      expect(headerShape(shape), line).toBe(HEADER_LINE.test(line));
      expect(shapeDelimiters(shape), line).toBe(line.match(LABELLED_ROW_DELIMITERS)?.length ?? 0);
      expect(shapeRecordCells(shape), line).toBe(RECORD_DELIMITERS.test(line));
      expect(shapePipes(shape), line).toBe(line.indexOf('|', line.indexOf('|') + 1) !== -1);
    }
    expect(shapeDelimiters(lineShape('│ a | b,\tc; d'))).toBe(5);
  });
});
