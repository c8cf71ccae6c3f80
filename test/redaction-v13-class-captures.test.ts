/**
 * Secret classes and clean outputs the v13 blind corpus found (by category name only), reproduced
 * with real programs and made-up values (test/program-captures/v13-classes/, how each was made is
 * in its README): parsed URLs' userinfo fields, Erlang terms in badmatch crashes, Postfix's
 * sasl_passwd answers and dumps, SNMP communities in packet dumps; and outputs that hold no
 * secret: `postconf` listings of lookup tables, radiusd -X and radtest on CHAP requests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'program-captures', 'v13-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

const URI_PASSWORDS = ['Wq7-cobalt-Zm4x', 'Hn3-thistle-Pv8k'];
const SASL_PASSWORDS = ['Mk5-granite-Vz7q', 'Jx2-saffron-Np6d', 'Tq9-harbor-Lw3x'];

/** Each capture and the values planted in it. */
const PLANTED: Record<string, readonly string[]> = {
  'elixir-uri-inspect.txt': [...URI_PASSWORDS, 'Lz5-meadow-Tq2n', 'ghp_Kx7Lm2Qz9Vt4Rb8Nc3Wp6Hd1Js5Ty0UaXe', 'Rv2-sorrel-Kq9m'],
  'elixir-uri-nested.txt': ['Vh8-tamarind-Qz5k-Lw2n-Rt7p-Xc4m-Jd9s', 'Jn4-larch-Wp8x', 'Tb3-fennel-Mq6z', 'Cq2-birch-Lk7v', 'p%40ss%2Fw0rd-Zk3', 'Fy6-clover-Nd2w', 'Gs5-aspen-Hv3t'],
  // a struct inspected into a string (`IO.inspect(inspect(uri))`, an error's arguments): its quotes escaped
  'elixir-inspect-escaped.txt': ['Wq7-cobalt-Zm4x'],
  // the third URI is printed as a list of character codes: not text any rule reads
  'erlang-uri-string-parse.txt': URI_PASSWORDS,
  'python-urlsplit-repr.txt': URI_PASSWORDS,
  'erl-shell-badmatch.txt': ['Wq7-cobalt-Zm4x', 'Hn3-thistle-Pv8k', 'Lz5-meadow-Tq2n'],
  'erl-shell-badmatch-binaries.txt': ['Wq7-cobalt-Zm4x', 'ak_Lz5meadowTq2nQ8vX', 'Hn3-thistle-Pv8k', 'Rv2-sorrel-Kq9mRv2-sorrel-Kq9m', 'tk_Qw8Zn3Lp6Vr2'],
  // `{badmatch,{ok,"Hn3-…"}}` names no field: that value is not asserted
  'erl-gen-server-crash-report.txt': ['Wq7-cobalt-Zm4x'],
  'elixir-match-error.txt': ['Wq7-cobalt-Zm4x', 'Hn3-thistle-Pv8k', 'ak_Lz5meadowTq2nQ8vX', 'Rv2-sorrel-Kq9m'],
  'postmap-sasl-passwd.txt': SASL_PASSWORDS,
  'db-dump-sasl-passwd.txt': SASL_PASSWORDS,
  // the community is split over two rows of each dump
  'snmpget-d-community.txt': ['Kq7-orchid-Vn3', 'Kq7-orchi', 'd-Vn3', '4B  71 37 2D 6F', '64 2D 56 6E  33'],
  'tcpdump-X-snmp.txt': ['Kq7-orchid-Vn', 'Pw3-lantern-X', '0e4b 7137 2d6f', '\t0x0030:  33a', '\t0x0030:  7338'],
  // the second request's wrong password, `Wrong-pass-9`, reads as a placeholder: not asserted
  'radtest-chap.txt': ['Vt6-lagoon-Qw3z'],
  'radclient-chap.txt': ['Rk8-ember-Lp2m'],
  // -Xx prints the password the CHAP response is checked against
  'radiusd-Xx-chap.txt': ['Vt6-lagoon-Qw3z', 'Rk8-ember-Lp2m'],
};

const NEGATIVES = ['negative-postconf-n.txt', 'negative-postconf-M-P.txt', 'negative-radiusd-X-chap.txt'];

describe('v13 classes in real programs\' output', () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is removed', (file, secrets) => {
    const text = read(file);
    for (const secret of secrets) expect(text).toContain(secret);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it('radtest and radclient: the CHAP response and the user stay', () => {
    for (const file of ['radtest-chap.txt', 'radclient-chap.txt']) {
      const text = read(file);
      const out = createTextRedactor('standard')(text).text;
      for (const kept of text.match(/CHAP-Password = 0x[0-9a-f]{34}/g) ?? []) expect(out).toContain(kept);
      expect(out).toMatch(/User-Name = "(?:nadia\.kovac|ops-probe)"/);
    }
  });

  it('snmpget -d: the rest of each packet stays', () => {
    const out = createTextRedactor('standard')(read('snmpget-d-community.txt')).text;
    expect(out).toContain('0032: 02 01 00 30  0E 30 0C 06  08 2B 06 01  02 01 01 05    ...0.0...+......');
    expect(out).toContain('iso.3.6.1.2.1.1.5.0 = STRING: "lab-switch-07"');
  });

  it.each(NEGATIVES.map((file) => [file]))('%s: nothing is removed', (file) => {
    const text = read(file);
    const result = createTextRedactor('standard')(text);
    expect(result.findings).toBe(0);
    expect(result.text).toBe(text);
  });
});
