/**
 * Secret classes and clean outputs the v15 blind corpus found (by category name only), reproduced
 * with real programs and made-up values (test/program-captures/v15-classes/, how each was made is
 * in its README): terms and structs named for a secret, printed with their arguments alone (GNU
 * and SWI-Prolog exceptions, D's `writeln`, Rust's `{:?}`); Prolog's ISO errors whose type or domain names a secret;
 * Mono's `Actual value was x.` under a parameter named for a secret;
 * `caddy adapt`'s header sets and other lists of strings under a key that names a secret (Go's JSON
 * of an http.Header, Python's `parse_qs`); and request headers that hold no secret
 * (a WebSocket handshake's `Sec-WebSocket-Key` in lighttpd's header log and `curl -v`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'program-captures', 'v15-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** Each capture and the values planted in it. */
const PLANTED: Record<string, readonly string[]> = {
  'gprolog-uncaught-exception-terms.txt': ['Fy2-aspen-Qk9w', 'tk_Bn7Qx2Lm9Vr4Zp', 'Sx4-quartz-Np2m', 'ak_Hd3Wq7Zr2Lp8Nv', 'Pw9-maple-Rz3t', 'Kq5-birch-Tz8m', 'tk_Vc6Rm2Xq9Lz4Wp', 'tk_Qz7mWp3vRt9xLk2N'],
  // `(Hv5-juniper-Wq2k)`: a permission error's context, named by nothing: not asserted
  'swipl-error-terms.txt': ['ak_Rw2Tn8Lq5Zx3Vb', 'Mx3-ember-Lt7p', 'Fy2-aspen-Qk9w', 'tk_Bn7Qx2Lm9Vr4Zp', 'Sx4-quartz-Np2m', 'ak_Hd3Wq7Zr2Lp8Nv', 'Pw9-maple-Rz3t'],
  // `must_be(positive_integer, tk_…)`: the type names no secret: not asserted
  'swipl-iso-error-messages.txt': ['ak_Pv7Xq2Lm9Wz4Rn', 'tk_Hm3Zq8Wx5Lv2Rp', 'Ck9-nettle-Wq4z', 'Sg2-clover-Lm7x', 'Pr5-teasel-Zx8k'],
  'gprolog-iso-error-terms.txt': ['ak_Pv7Xq2Lm9Wz4Rn', 'tk_Hm3Zq8Wx5Lv2Rp', 'Ck9-nettle-Wq4z'],
  'd-struct-writeln.txt': ['tk_Jm4Wz8Qr2Xv6Lp', 'Gh7-willow-Ns3v', 'sk_Pz3Lq9Vw2Rt6Xm'],
  // `Tuple!(string, string)("deploy", "Bx7-rush-Lq2m")`: a tuple names nothing: not asserted
  'd-writeln-login-exception.txt': ['ak_Jc4Tm8Wq2Xz6Lr', 'Ld8-sumac-Wq3v', 'Mt6-tansy-Xr2p', 'Zw9-vetch-Kn4q'],
  'rust-debug-newtypes.txt': ['ak_Wd5Lq8Zn3Rx7Tv', 'Nc8-lichen-Xw4q', 'Bq6-alder-Mz9r', 'tk_Yh3Pz8Wq2Lm6Rv', 'Lk2-fennel-Qx7v'],
  // `"Cookie":["session=…"]` and `"X-Signature":[…]`: a cookie and a signature in a header set, not this class: not asserted
  'caddy-adapt-header-up.json': ['tk_Pb3Xq7Lm2Vz9Rk', 'ak_Tq4Wm8Zr2Nx6Lp', 'Kv5-sorrel-Wd8m', 'Hz2-poplar-Qm6t', 'glpat-Xk2mP9qL7vR3nT8w', 'Rn7-gorse-Lp4v'],
  'caddy-adapt-pretty-header-up.json': ['tk_Pb3Xq7Lm2Vz9Rk', 'ak_Tq4Wm8Zr2Nx6Lp', 'Kv5-sorrel-Wd8m', 'Hz2-poplar-Qm6t', 'glpat-Xk2mP9qL7vR3nT8w', 'Rn7-gorse-Lp4v'],
  'go-json-http-header-parse-query.txt': ['ak_Gq3Lz8Wx5Rv2Nm', 'Yt6-bramble-Kq2w', 'Vw4-linden-Pz7x'],
  'python-parse-qs.txt': ['Vw4-linden-Pz7x', 'Cs5-hazel-Wm3k'],
  // `KeyNotFoundException: Rt3-osier-Mk6w`: a missing key, named by nothing: not asserted
  'mono-csharp-exceptions.txt': ['tk_Lq7Wz3Xm9Rv2Np', 'ak_Fz8Qm2Wx6Lt4Vr', 'Jr4-spruce-Wn8q', 'Dm5-larch-Qz2x', 'tk_Vb9Lm4Xq7Rz2Wp'],
};

const NEGATIVES = ['negative-lighttpd-websocket-request-headers.txt', 'negative-curl-v-websocket-upgrade.txt', 'negative-caddy-adapt-placeholders.txt'];

describe("v15 classes in real programs' output", () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is removed', (file, secrets) => {
    const text = read(file);
    for (const secret of secrets) expect(text).toContain(secret);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it('terms and structs: user names, hosts and other arguments stay', () => {
    const redact = createTextRedactor('standard');
    expect(redact(read('gprolog-uncaught-exception-terms.txt')).text).toContain("error(auth_failed(host('db01.example.test'),token(");
    expect(redact(read('gprolog-uncaught-exception-terms.txt')).text).toContain('uncaught exception: invalid_credentials(deploy,');
    expect(redact(read('d-struct-writeln.txt')).text).toContain('Credentials("deploy", "');
    expect(redact(read('d-struct-writeln.txt')).text).toContain('ApiKey("key-01", "');
    expect(redact(read('rust-debug-newtypes.txt')).text).toContain('Credentials("deploy", "');
  });

  it('Prolog ISO errors: the error, its type or domain and the context stay', () => {
    const redact = createTextRedactor('standard');
    expect(redact(read('swipl-iso-error-messages.txt')).text).toContain("ERROR: -g t1: Domain error: `api_key' expected, found `[REDACTED");
    expect(redact(read('swipl-iso-error-messages.txt')).text).toContain("found `tk_Wn4Lq8Zr2Xm6Vp' (an atom)");
    expect(redact(read('gprolog-iso-error-terms.txt')).text).toContain('uncaught exception: error(type_error(atom,123),atom_length/2)');
  });

  it('Mono: the parameter name and the messages stay', () => {
    const out = createTextRedactor('standard')(read('mono-csharp-exceptions.txt')).text;
    expect(out).toContain('System.ArgumentOutOfRangeException: Token expired\nParameter name: token\nActual value was [REDACTED');
  });

  it('header sets and parsed queries: the other headers and parameters stay', () => {
    const redact = createTextRedactor('standard');
    expect(redact(read('caddy-adapt-header-up.json')).text).toContain('"upstreams":[{"dial":"127.0.0.1:9000"}]');
    expect(redact(read('go-json-http-header-parse-query.txt')).text).toContain('{"Accept":["application/json"],"X-Api-Key":["');
    expect(redact(read('python-parse-qs.txt')).text).toContain("{'state': ['af0ifjsldkj'], 'access_token': ['");
  });

  it.each(NEGATIVES.map((file) => [file]))('%s: nothing is removed', (file) => {
    const text = read(file);
    for (const profile of ['standard', 'research']) {
      const result = createTextRedactor(profile)(text);
      expect(result.findings).toBe(0);
      expect(result.text).toBe(text);
    }
  });
});
