/**
 * Secret classes and clean outputs the v16 blind corpus found (by category name only), reproduced
 * with real programs and made-up values (test/program-captures/v16-classes/, how each was made is
 * in its README): passwords as programs store them, salted and hashed (Transmission's
 * `{sha1+salt}`, Werkzeug's `pbkdf2:…$salt$hex`), and references and hashes printed with their
 * `$`, `@` and `#` escaped (bash `declare -p`, Perl Data::Dumper, Ruby `inspect`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { withoutEscapedSigils } from '../redaction/escaped-sigils.js';
import { isAccountEntry } from '../redaction/account-entries.js';
import { isPublicValue } from '../redaction/public-values.js';
import { isStoredPasswordForm } from '../redaction/stored-password-forms.js';

const DIR = join(import.meta.dirname, 'program-captures', 'v16-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** Each capture and the values planted in it. */
const PLANTED: Record<string, readonly string[]> = {
  // `creds=([0]="deploy" [1]="Kq5-birch-Tz8m")`: asserted too, the second element is no word
  'bash-declare-a-secret-arrays.txt': ['tk_Bn7Qx2Lm9Vr4Zp', 'tk_Vc6Rm2Xq9Lz4Wp', 'Fy2-aspen-Qk9w', 'Sx4-quartz-Np2m', 'Pw9-maple-Rz3t', 'Kq5-birch-Tz8m', 'Mx3-ember-Lt7p', 'ak_Rw2Tn8Lq5Zx3Vb', 'Hv5-juniper-Wq2k'],
  'gforth-undefined-word.txt': ['Fy2-aspen-Qk9w', 'tk_Bn7Qx2Lm9Vr4Zp', 'Sx4-quartz-Np2m'],
  'bash-tcl-unknown-command.txt': ['Pw9-maple-Rz3t', 'ak_Hd3Wq7Zr2Lp8Nv'],
  'weechat-irc-conf-servers.conf': ['Fy2-aspen-Qk9w', 'Sx4-quartz-Np2m', 'Pw9-maple-Rz3t', 'Kq5-birch-Tz8m'],
  'elisp-hash-table-print.txt': ['Hv5-juniper-Wq2k', 'Ck9-nettle-Wq4z', 'Fy2-aspen-Qk9w', 'tk_Bn7Qx2Lm9Vr4Zp', 'Sx4-quartz-Np2m', 'ak_Hd3Wq7Zr2Lp8Nv', 'Pw9-maple-Rz3t', 'Kq5-birch-Tz8m', 'Mx3-ember-Lt7p', 'tk_Vc6Rm2Xq9Lz4Wp', 'tk_Qz7mWp3vRt9xLk2N'],
  'ada-padded-record-image.txt': ['Fy2-aspen-Qk9w', 'tk_Bn7Qx2Lm9Vr4Z'],
};

const NEGATIVES = [
  'negative-transmission-saved-settings.json',
  'negative-bash-declare-p-references.txt',
  'negative-bash-declare-p-escaped.txt',
  'negative-perl-dumper-useqq-escaped.txt',
  'negative-ruby-inspect-escaped.txt',
  'negative-python-werkzeug-password-hashes.txt',
  'negative-gawk-dump-variables-unset.txt',
  'negative-gawk-dump-variables-passwd.txt',
  'negative-ada-record-image.txt',
  'negative-python-public-values.txt',
];

describe("v16 classes in real programs' output", () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is removed', (file, secrets) => {
    const text = read(file);
    for (const secret of secrets) expect(text).toContain(secret);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it('unknown words: a typo, a program name and the reports stay', () => {
    const redact = createTextRedactor('standard');
    expect(redact(read('gforth-undefined-word.txt')).text).toContain('interpreter-notfound1 dupp');
    expect(redact(read('bash-tcl-unknown-command.txt')).text).toContain('bash: line 1: python3.99: command not found');
  });

  it('weechat: the user, the channels and the other settings stay', () => {
    const out = createTextRedactor('standard')(read('weechat-irc-conf-servers.conf')).text;
    expect(out).toContain('libera.command = "/msg NickServ IDENTIFY deploy [REDACTED:');
    expect(out).toContain('libera.autojoin = "#ops,#deploy [REDACTED:');
    expect(out).toContain('libera.sasl_username = "deploy"');
  });

  it('Emacs hash tables: the header, the user and the other entries stay', () => {
    const out = createTextRedactor('standard')(read('elisp-hash-table-print.txt')).text;
    expect(out).toContain('#s(hash-table size 65 test equal rehash-size 1.5 rehash-threshold 0.8125 data ("user" "deploy" "password" "[REDACTED:');
    expect(out).toContain('port 5432))');
    expect(out).toContain('data ("credentials" ("deploy" . "[REDACTED:');
  });

  it('Ada fixed-length strings: masks and stand-ins padded with blanks stay', () => {
    const out = createTextRedactor('standard')(read('ada-padded-record-image.txt')).text;
    expect(out).toContain('PASSWORD => "<redacted>      ",\n TOKEN => "REDACTED        ")');
    expect(out).toContain('PASSWORD => "changeme        ",\n TOKEN => "(none)          ")');
  });

  it('bash arrays: the names, the indices and the user stay', () => {
    const out = createTextRedactor('standard')(read('bash-declare-a-secret-arrays.txt')).text;
    expect(out).toContain('declare -a API_TOKENS=([0]="[REDACTED:');
    expect(out).toContain('declare -a creds=([0]="deploy" [1]="[REDACTED:');
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

describe('stored password forms', () => {
  it.each([
    '{7bcbf28ad4fe30c3dbc58caa9df5a6d58399e308EO1i8Wy0',
    'pbkdf2:sha256:600000$Wq3xLm9Z$8c1f0e2d3b4a59687766554433221100ffeeddccbbaa99887766554433221100',
    '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9',
    'md5a3f1c0e8b7d6e5f4a3b2c1d0e9f8a7b6',
    'SCRAM-SHA-256$4096:c2FsdHNhbHRzYWx0$Zm9vYmFyYmF6Zm9vYmFyYmF6Zm9vYmFy=:YmF6cXV4YmF6cXV4YmF6cXV4YmF6cXV4=',
    '{SHA512-CRYPT}$6$Wq3xLm9Z$abcdefghijklmnopqrstuvwxyz0123',
    '{X-PBKDF2}HMACSHA256:AAAIAA==:c2FsdA==:aGFzaA==',
  ])('%s is a stored form', (value) => expect(isStoredPasswordForm(value)).toBe(true));

  it.each(['{Fy2-aspen-Qk9w-Lm2Zx9Wq3Rt5Yn8Bv4Cx6Dz1F}', 'md5-Fy2aspenQk9wLm2Zx9Wq3Rt5Yn8Bv4Cx6', '*Fy2-aspen-Qk9w-Lm2Zx9Wq3Rt5Yn8Bv4Cx6Dz1F', 'Fy2-aspen-Qk9w'])(
    '%s is not',
    (value) => expect(isStoredPasswordForm(value)).toBe(false),
  );

  it('a real password beside a stored form is still removed', () => {
    const out = createTextRedactor('standard')('"rpc-password": "Fy2-aspen-Qk9w-Lm2Zx9",\n"rpc-password-hash": "{7bcbf28ad4fe30c3dbc58caa9df5a6d58399e308EO1i8Wy0"').text;
    expect(out).not.toContain('Fy2-aspen-Qk9w-Lm2Zx9');
    expect(out).toContain('{7bcbf28ad4fe30c3dbc58caa9df5a6d58399e308EO1i8Wy0');
  });
});

describe('account entries and public values', () => {
  it.each([
    ['root:x:0:0:root:/root:/bin/bash', true],
    ['deploy:!:19700:0:99999:7:::', true],
    ['deploy:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=', true],
    ['deploy:Fy2-aspen-Qk9w', false],
    ['deploy:Fy2-aspen-Qk9w:0:0:x:/root:/bin/sh', false],
    ['deploy:x', false],
  ] as const)('%s is an account entry: %s', (value, expected) => expect(isAccountEntry(value)).toBe(expected));

  it.each([
    ['sha256:da53422a4618735f8ae72abdb21c16d340849b1a510ef20768b131171f8f7122', true],
    ['sha256:da53422a4618735f8ae72abdb21c16d3', false],
    ['SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8', true],
    ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq7Lm2Zx9Wq3Rt5Yn8Bv4Cx6Dz1Fg2Hj3Kl4 deploy@build', true],
    ['dependabot[bot]@users.noreply.github.com', true],
    ['no-reply@example.com', true],
    ['   ', true],
    ['MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=', true],
    ['MC4CAQAwBQYDK2VwBCIEIHq7Lm2Zx9Wq3Rt5Yn8Bv4Cx6Dz1Fg2Hj3Kl4Mn5Pq6', false],
    ['5424185710930278', false],
    ['deploy@example.com', false],
    ['Fy2-aspen-Qk9w', false],
  ] as const)('%s is public: %s', (value, expected) => expect(isPublicValue(value)).toBe(expected));

  it('a program\'s word for no value stays; a password after it is removed', () => {
    const out = createTextRedactor('standard')('password: uninitialized scalar\npasswd: "Fy2-aspen-Qk9w-Lm2Zx9"').text;
    expect(out).toContain('password: uninitialized scalar');
    expect(out).not.toContain('Fy2-aspen-Qk9w-Lm2Zx9');
  });
});

describe('escaped sigils', () => {
  it('drops the backslash before $ # @ ` and " only', () => {
    expect(withoutEscapedSigils(String.raw`\${DB_PASSWORD}`)).toBe('${DB_PASSWORD}');
    expect(withoutEscapedSigils(String.raw`\#{ENV[\"X\"]}`)).toBe('#{ENV["X"]}');
    expect(withoutEscapedSigils(String.raw`a\nb\\c`)).toBe(String.raw`a\nb\\c`);
  });

  it('an escaped password is still a password', () => {
    const out = createTextRedactor('standard')('declare -- DB_PASSWORD="Fy2\\$aspen-Qk9w-Lm2Zx9"').text;
    expect(out).not.toContain('aspen-Qk9w-Lm2Zx9');
  });
});
