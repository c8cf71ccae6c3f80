/**
 * Secret classes and clean outputs the v14 blind corpus found (by category name only), reproduced
 * with real programs and made-up values (test/program-captures/v14-classes/, how each was made is
 * in its README): keytab keys printed by klist and ktutil, Tcl arrays and dicts, Scheme and Lisp
 * pairs (Guile, SBCL), Clojure maps with string keys, OCaml exceptions named for a secret, HAProxy's
 * captured headers; and logs that hold no secret: vsftpd's anonymous logins with clients' default
 * passwords, Tcl's `uri::split` of URLs without a password.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'program-captures', 'v14-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

const KEYTAB_KEYS = ['6e9cfdc9f790069d2beb4e7d9a465503f3abb04676c81520ac5c7fbd163010c7', '1d2fd756b7e57c38e937589df9d5420c'];

/** Each capture and the values planted in it. */
const PLANTED: Record<string, readonly string[]> = {
  'klist-k-K-e-t.txt': KEYTAB_KEYS,
  'ktutil-list-k.txt': KEYTAB_KEYS,
  'tcl-parray-dict-error.txt': ['ak_Lz5meadowTq2nQ8vX', 'tk_Qw8Zn3Lp6Vr2Xc', 'Wq7-cobalt-Zm4x', 'Rv2-sorrel-Kq9m', 'Hn3-thistle-Pv8k', 'tk_Mb8rTz4quill9Xc', 'Jx2-saffron-Np6d', 'Tq9-harbor-Lw3x'],
  // `login [list svc Mq6-…]` and `auth svc tk_Zx9…` pass their secrets by position: not asserted
  'tcl-dict-puts.txt': ['ak_Lz5meadowTq2nQ8vX', 'Rv2-sorrel-Kq9m', 'Tq9-harbor-Lw3x', 'Wq7-cobalt-Zm4x', 'tk_Mb8rTz4quill9Xc', 'Jx2 saffron Np6d', 'Fy6-clover-Nd2w', 'Gs5-aspen-Hv3t', 'Kx7-harbor-Vq2m', 'ak_Qw8Zn3Lp6Vr2Xc9', 'Hb4nWq8Rz2Lt6Vk'],
  'guile-alists-hash-map-list.txt': ['Fy6-clover-Nd2w', 'ak_Lz5meadowTq2nQ8vX', 'tk_Mb8rTz4quill9Xc', 'Hn3-thistle-Pv8k', 'Wq7-cobalt-Zm4x', 'Rv2-sorrel-Kq9m', 'tk_Qw8Zn3Lp6Vr2Xc', 'Jx2-saffron-Np6d', 'Tq9-harbor-Lw3x', 'Kx7-harbor-Vq2m'],
  'guile-error-alist.txt': ['Fy6-clover-Nd2w', 'ak_Mq6fennelTb3z8Kp'],
  'guile-error-hash-map-list.txt': ['tk_Zx9Vb2Nm4Lk7Jh3'],
  'sbcl-alists.txt': ['Wq7-cobalt-Zm4x', 'ak_Lz5meadowTq2nQ8vX', 'Hn3-thistle-Pv8k', 'tk_Mb8rTz4quill9Xc', 'Jx2-saffron-Np6d', 'Tq9-harbor-Lw3x'],
  'clojure-defrecord-prn.txt': ['Wq7-cobalt-Zm4x', 'ak_Lz5meadowTq2nQ8vX', 'Hn3-thistle-Pv8k', 'tk_Mb8rTz4quill9Xc', 'Jx2-saffron-Np6d', 'Tq9-harbor-Lw3x', 'Fy6-clover-Nd2w', 'Gs5-aspen-Hv3t', 'Kx7-harbor-Vq2m'],
  'ocaml-exceptions.txt': ['Kx7-harbor-Vq2m', 'tk_Zx9Vb2Nm4Lk7Jh3', 'tk_Qw8Zn3Lp6Vr2Xc', 'ak_Mq6fennelTb3z8Kp', 'ak_Hb4nWq8Rz2Lt6Vk', 'Rv2-sorrel-Kq9m', 'tk_Lw2nRt7pXc4mJd9s'],
  'haproxy-httplog-captures.txt': ['ak_Lz5meadowTq2nQ8vX9Kp', '7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f', 'Wq7cobaltZm4xHn3thistle', 'Rv2-sorrel-Kq9m-Tz4quill'],
};

const NEGATIVES = ['negative-tcl-uri-split-placeholders.txt', 'negative-vsftpd-anon-client-defaults.txt'];

describe("v14 classes in real programs' output", () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is removed', (file, secrets) => {
    const text = read(file);
    for (const secret of secrets) expect(text).toContain(secret);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it('klist and ktutil: the principals and enctypes stay', () => {
    for (const file of ['klist-k-K-e-t.txt', 'ktutil-list-k.txt']) {
      const out = createTextRedactor('standard')(read(file)).text;
      expect(out).toContain('svc-backup@EXAMPLE.TEST');
      expect(out).toContain('(aes256-cts-hmac-sha1-96)');
    }
  });

  it('HAProxy: hosts, user names and the request line stay', () => {
    const out = createTextRedactor('standard')(read('haproxy-httplog-captures.txt')).text;
    expect(out).toContain('|127.0.0.1:18080|');
    expect(out).toContain('{|127.0.0.1:18080|} {text/html} "GET /index.html HTTP/1.1"');
  });

  it('Tcl and the Lisps: names and ordinary values stay', () => {
    const redact = createTextRedactor('standard');
    expect(redact(read('tcl-parray-dict-error.txt')).text).toContain('cfg(db_user)     = billing_app');
    expect(redact(read('guile-alists-hash-map-list.txt')).text).toContain('(host . "db01.example.test")');
    expect(redact(read('sbcl-alists.txt')).text).toContain('((:USER . "deploy") (:PASSWORD . "changeme") (:TOKEN . ""))');
  });

  it.each(NEGATIVES.map((file) => [file]))('%s: nothing is removed', (file) => {
    const text = read(file);
    const result = createTextRedactor('standard')(text);
    expect(result.findings).toBe(0);
    expect(result.text).toBe(text);
  });
});
