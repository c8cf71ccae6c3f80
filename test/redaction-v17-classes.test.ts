/**
 * Classes the v17 blind corpus found (by category name only), reproduced with real programs and
 * made-up values (test/program-captures/v17-classes/, how each was made is in its README): Composer's
 * and tor's credentials as they list them, Hugs' errors and results, finger's and pinky's GECOS
 * fields, spelled-out addresses, and role accounts whose home paths are no person's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { isRoleAccount } from '../redaction/role-accounts.js';

const DIR = join(import.meta.dirname, 'program-captures', 'v17-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** Secrets planted in each capture (standard profile). */
const SECRETS: Record<string, readonly string[]> = {
  'composer-config-auth.txt': ['ghp_Fy2aspenQk9wSx4quartzNp2mPw9mapleRz', 'Sx4quartzNp2mPw9', 'glpat-Mx3emberLt7pHv5jun', 'Kq5-birch-Tz8m', 'tk_Bn7Qx2Lm9Vr4Zp'],
  'tor-dump-config-short.txt': ['Sx4-quartz-Np2m', 'Kq5-birch-Tz8m', 'Fy2-aspen-Qk9w'],
  'hugs-show-and-error.txt': ['Kq5-birch-Tz8m', 'Pw9-maple-Rz3t', 'Fy2-aspen-Qk9w', 'Mx3-ember-Lt7p', 'Hv5-juniper-Wq2k', 'Ck9-nettle-Wq4z', 'Rt6-cedar-Vm3x', 'Zq8-willow-Bn4k', 'Nc2-hazel-Pv8r'],
};

/** Personal data planted in each capture (research profile). */
const PERSONAL: Record<string, readonly string[]> = {
  // a single name as getent lists it (`:Kowalski:`) is left to the GECOS rule; finger's and pinky's are asserted
  'finger-pinky-getent-person.txt': ['Tarjei Vindenes', '617-555-0142', '555-0199', 'Lab 3, x4410', 'tarjei at vindenes dot no', 'Name: Kowalski', 'life:  Kowalski', 'Priya Das'],
  'finger-pinky-getent-gecos-names.txt': ['Name: van der Berg Pieter', 'life:  van der Berg Pieter', 'Name: Tarjei', 'life:  Tarjei', 'Name: Okonkwo', 'Name: Quinlan', 'MAEVE QUINLAN', "Seán O'Brien"],
  'tor-contactinfo-ciiss.txt': ['maeve.quinlan[]posteo.net', 'maeve AT quinlan DOT ie', 'Maeve Quinlan'],
};

describe("v17 classes in real programs' output", () => {
  it.each(Object.entries(SECRETS))('%s: every planted secret is removed', (file, secrets) => {
    const text = read(file);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) {
      expect(text).toContain(secret);
      expect(out).not.toContain(secret);
    }
  });

  it.each(Object.entries(PERSONAL))('%s: every planted personal value is removed', (file, values) => {
    const text = read(file);
    const out = createTextRedactor('research')(text).text;
    for (const value of values) {
      expect(text).toContain(value);
      expect(out).not.toContain(value);
    }
  });

  it('role and service accounts in finger, pinky and getent: nothing changes', () => {
    const text = read('negative-finger-pinky-role-accounts.txt');
    expect(createTextRedactor('research')(text).text).toBe(text);
    expect(createTextRedactor('standard')(text).text).toBe(text);
  });

  it("tor: the stored hash, the users and the other settings stay", () => {
    const out = createTextRedactor('standard')(read('tor-dump-config-short.txt')).text;
    expect(out).toContain('HashedControlPassword 16:7E3C1F0A9B2D4E6F60A1B2C3D4E5F60718293A4B5C6D7E8F9A0B1C2D3E');
    expect(out).toContain('Socks5ProxyUsername deploy');
    expect(out).toContain('HTTPSProxyAuthenticator deploy:[REDACTED:');
    expect(out).toContain('HTTPSProxy 127.0.0.1:3128');
  });

  it('composer: the user and the other settings stay', () => {
    const out = createTextRedactor('standard')(read('composer-config-auth.txt')).text;
    expect(out).toContain('[http-basic.repo.example.com.username] deploy');
    expect(out).toContain('[github-protocols] [https, ssh]');
    expect(out).toContain('{"username":"deploy","password":"[REDACTED:');
  });

  it('hugs: the user, the host and the numbers stay', () => {
    const out = createTextRedactor('standard')(read('hugs-show-and-error.txt')).text;
    expect(out).toContain('Conn "db.internal" 5432');
    expect(out).toContain('("user","deploy")');
    expect(out).toContain('Program error: [REDACTED:');
  });

  it('role logins are told from people', () => {
    for (const login of ['buildbot', 'svc-backup', 'ci-runner', 'release', 'nightly2', 'backupsvc', 'postmaster']) expect(isRoleAccount(login)).toBe(true);
    for (const login of ['mquinlan', 'jdoe', 'maeve', 'robin', 'mbrown', 'jsmith', 'tvindenes', 'priya']) expect(isRoleAccount(login)).toBe(false);
  });

  it('a person in a home path is still anonymized', () => {
    const out = createTextRedactor('research')('Directory: /home/tvindenes\nDirectory: /home/buildbot').text;
    expect(out).not.toContain('tvindenes');
    expect(out).toContain('/home/buildbot');
  });
});
