/**
 * What real programs print, redacted right: curl's trace rows read back (redaction/curl-trace.ts),
 * masks a program printed left alone (program-masks.ts), SSH's `name@domain` algorithm names not
 * taken for addresses (ssh-names.ts), and a token written as a URL's user (rules/url-user-token.ts).
 * The texts are shaped as curl 7.88, wget 1.21, OpenSSH 9.2 and git 2.39 print them (captured here
 * against a server on 127.0.0.1), with made-up values.
 */
import { describe, expect, it } from 'vitest';
import { withoutCurlTrace } from '../redaction/curl-trace.js';
import { createTextRedactor } from '../redaction/index.js';

const standard = createTextRedactor('standard');
const research = createTextRedactor('research');

// `curl --trace-ascii - -u alexandra.k:Zq8vT3mPw9LxVb7Kd2NcHq4xN8vRt2Kw …`: the header row is cut at 64 bytes
const BASIC = 'YWxleGFuZHJhLms6WnE4dlQzbVB3OUx4VmI3S2QyTmNIcTR4Tjh2UnQyS3c=';
const TRACE_ASCII = `== Info: Server auth using Basic with user 'alexandra.k'
=> Send header, 239 bytes (0xef)
0000: GET / HTTP/1.1
0010: Host: 127.0.0.1:18766
0027: Authorization: Basic YWxleGFuZHJhLms6WnE4dlQzbVB3OUx4VmI3S2QyTmN
0067: IcTR4Tjh2UnQyS3c=
007a: User-Agent: curl/7.88.1
0093: Accept: */*
00a0: X-Api-Key: Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0UaQm9Xv2Lp8Rt4Zw6Ny1Ks3
00e0: Hd5Fj7Bc0Ae
00ed: 
`;

// `curl --trace -`: 16 bytes a row in hex, then the same bytes as text
const TRACE_HEX = `=> Send header, 162 bytes (0xa2)
0000: 47 45 54 20 2f 20 48 54 54 50 2f 31 2e 31 0d 0a GET / HTTP/1.1..
0010: 48 6f 73 74 3a 20 31 32 37 2e 30 2e 30 2e 31 3a Host: 127.0.0.1:
0020: 31 38 37 36 36 0d 0a 41 75 74 68 6f 72 69 7a 61 18766..Authoriza
0030: 74 69 6f 6e 3a 20 42 61 73 69 63 20 59 57 78 6c tion: Basic YWxl
0040: 65 47 46 75 5a 48 4a 68 4c 6d 73 36 57 6e 45 34 eGFuZHJhLms6WnE4
0050: 64 6c 51 7a 62 56 42 33 4f 55 78 34 56 6d 49 33 dlQzbVB3OUx4VmI3
0060: 53 32 51 79 54 6d 4e 49 63 54 52 34 54 6a 68 32 S2QyTmNIcTR4Tjh2
0070: 55 6e 51 79 53 33 63 3d 0d 0a 55 73 65 72 2d 41 UnQyS3c=..User-A
0080: 67 65 6e 74 3a 20 63 75 72 6c 2f 37 2e 38 38 2e gent: curl/7.88.
0090: 31 0d 0a 41 63 63 65 70 74 3a 20 2a 2f 2a 0d 0a 1..Accept: */*..
00a0: 0d 0a                                           ..
== Info: HTTP 1.0, assume close after body
`;

// a login form and its cookies: the body and the Set-Cookie value go on in the next row
const TRACE_LOGIN = `=> Send header, 231 bytes (0xe7)
0000: POST /login HTTP/1.1
0016: Host: 127.0.0.1:18766
0053: Cookie: sessionid=Qm9Xv2Lp8Rt4Zw6Ny1Ks3Hd5;csrftoken=Tk7Qw2ErZy9
0093: Uo4Pa1Ls8Xc
=> Send data, 76 bytes (0x4c)
0000: username=alice&password=Hq4xN8vRt2Kw&session_token=Zk29XqLm83NvB
0040: t71PwZr0u5Yx2Ck
<= Recv header, 84 bytes (0x54)
0000: Set-Cookie: session=eyJ1c2VyIjoiamRvZSJ9.Zx8Kq2.Lm4Np6Rt8Vw0Xy2Z
0040: a4Bc6De8Fg; Path=/
`;

describe('curl trace rows (curl-trace.ts)', () => {
  it('joins a --trace-ascii row cut at 64 bytes to the next one, and maps back over the cut', () => {
    const layer = withoutCurlTrace(TRACE_ASCII);
    expect(layer).not.toBeNull();
    expect(layer!.decoded).toContain(`Authorization: Basic ${BASIC}\n007a: User-Agent`);
    expect(layer!.decoded).toContain('X-Api-Key: Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0UaQm9Xv2Lp8Rt4Zw6Ny1Ks3Hd5Fj7Bc0Ae\n');
    const at = layer!.decoded.indexOf(BASIC);
    const span = layer!.toOriginal(at, at + BASIC.length)!;
    expect(TRACE_ASCII.slice(span.start, span.end)).toBe('YWxleGFuZHJhLms6WnE4dlQzbVB3OUx4VmI3S2QyTmN\n0067: IcTR4Tjh2UnQyS3c=');
  });

  it('leaves rows that ended where curl ended them (shorter than 64 bytes, or the next offset not right after)', () => {
    expect(withoutCurlTrace('0000: GET / HTTP/1.1\n0010: Host: 127.0.0.1:18766\n')).toBeNull();
    const full = `0000: ${'a'.repeat(64)}\n0042: Host: x\n`;
    expect(withoutCurlTrace(full)).toBeNull();
    expect(withoutCurlTrace('no trace here')).toBeNull();
  });

  it('reads --trace hex rows back into their bytes, mapping a secret from its first hex byte to its last text character', () => {
    const layer = withoutCurlTrace(TRACE_HEX);
    expect(layer).not.toBeNull();
    expect(layer!.decoded).toContain(`Authorization: Basic ${BASIC}\n`);
    const at = layer!.decoded.indexOf(BASIC);
    const span = layer!.toOriginal(at, at + BASIC.length)!;
    expect(TRACE_HEX.slice(span.start, span.start + 2)).toBe('59');
    expect(TRACE_HEX.slice(span.end - 8, span.end)).toBe('UnQyS3c=');
  });

  it('does not read rows whose text column disagrees with their hex', () => {
    const forged = TRACE_HEX.replace('tion: Basic YWxl', 'tion: Basic ZZZZ');
    const layer = withoutCurlTrace(forged);
    expect(layer).not.toBeNull(); // the rows after the forged one agree with themselves
    expect(layer!.decoded).not.toContain('18766\n\nAuthoriza');
    expect(layer!.decoded).toContain('0030: 74 69 6f 6e 3a 20 42 61 73 69 63 20 59 57 78 6c tion: Basic ZZZZ');
  });

  it('redacts a Basic credential and an API key split across --trace-ascii rows, leaving no part behind', () => {
    const { text } = standard(TRACE_ASCII);
    for (const part of ['YWxleGFuZHJhLms6WnE4', 'IcTR4Tjh2UnQyS3c', 'Rw8Kq3Lm9Vx2Zt7Pn4', 'Hd5Fj7Bc0Ae']) expect(text).not.toContain(part);
    expect(text).toContain('0000: GET / HTTP/1.1\n0010: Host: 127.0.0.1:18766\n');
    expect(text).toContain('007a: User-Agent: curl/7.88.1');
  });

  it('redacts a Basic credential in --trace hex rows in both columns', () => {
    const { text } = standard(TRACE_HEX);
    for (const part of ['YWxl', 'eGFuZHJhLms6WnE4', 'UnQyS3c=', '59 57 78 6c', '55 6e 51 79']) expect(text).not.toContain(part);
    expect(text).toContain('0000: 47 45 54 20 2f 20 48 54 54 50 2f 31 2e 31 0d 0a GET / HTTP/1.1..');
    expect(text).toContain('0090: 31 0d 0a 41 63 63 65 70 74 3a 20 2a 2f 2a 0d 0a 1..Accept: */*..');
  });

  it('reads the same rows written with CR LF line ends (a trace file written on Windows) and under --trace-time / --trace-ids lines', () => {
    const stamped = (trace: string): string => trace.replace(/^(==|=>|<=)/gm, '09:14:02.518233 [0-1] $1');
    const crlf = (trace: string): string => trace.replace(/\n/g, '\r\n');
    for (const form of [crlf, stamped, (trace: string) => crlf(stamped(trace))]) {
      const ascii = standard(form(TRACE_ASCII)).text;
      for (const part of ['YWxleGFuZHJhLms6WnE4', 'IcTR4Tjh2UnQyS3c', 'Hd5Fj7Bc0Ae']) expect(ascii).not.toContain(part);
      const hex = standard(form(TRACE_HEX)).text;
      for (const part of ['eGFuZHJhLms6WnE4', 'UnQyS3c=', '55 6e 51 79']) expect(hex).not.toContain(part);
      const login = standard(form(TRACE_LOGIN)).text;
      for (const part of ['Uo4Pa1Ls8Xc', 't71PwZr0u5Yx2Ck', 'a4Bc6De8Fg']) expect(login).not.toContain(part);
    }
  });

  it('redacts the tails of a cookie, a form token and a Set-Cookie cut across rows', () => {
    const { text } = standard(TRACE_LOGIN);
    for (const part of ['Uo4Pa1Ls8Xc', 't71PwZr0u5Yx2Ck', 'a4Bc6De8Fg', 'Hq4xN8vRt2Kw']) expect(text).not.toContain(part);
    expect(text).toContain('Path=/');
  });
});

// GIT_TRACE_CURL cuts a body at 60 characters a row
const GIT_TRACE_DATA = `09:22:53.052863 http.c:698              <= Recv data, 0000000109 bytes (0x0000006d)
09:22:53.052865 http.c:713              <= Recv data: {"access_token":"Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0UaQm9Xv2Lp8Rt
09:22:53.052865 http.c:713              <= Recv data: 4Zw6Ny1Ks3","token_type":"bearer","scope":"repo"}
09:22:53.052870 http.c:725              == Info: Connection #0 to host 127.0.0.1 left intact`;

describe("git's GIT_TRACE_CURL data rows (curl-trace.ts)", () => {
  it('joins a body cut at 60 characters and redacts a token across the cut, leaving no part behind', () => {
    const layer = withoutCurlTrace(GIT_TRACE_DATA);
    expect(layer!.decoded).toContain('"access_token":"Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0UaQm9Xv2Lp8Rt4Zw6Ny1Ks3","token_type"');
    const { text } = standard(GIT_TRACE_DATA);
    for (const part of ['Rw8Kq3Lm9Vx2Zt7Pn4', '4Zw6Ny1Ks3']) expect(text).not.toContain(part);
    expect(text).toContain('"token_type":"bearer","scope":"repo"}');
  });

  it('leaves rows shorter than 60 characters as git ended them', () => {
    expect(withoutCurlTrace('09:22:53.052865 http.c:713              <= Recv data: {"ok":true}\n09:22:53.052866 http.c:713              <= Recv data: {"ok":false}')).toBeNull();
  });
});

describe('masks programs print (program-masks.ts)', () => {
  it("leaves wget's *password* alone and still redacts the password wget echoes from its options", () => {
    const wget = '--2026-11-27 09:21:59--  http://alice:*password*@127.0.0.1:18765/files/\nConnecting to 127.0.0.1:18765... connected.';
    for (const redact of [standard, research]) expect(redact(wget)).toEqual({ text: wget, findings: 0 });
    expect(standard('Setting --password (password) to Hq4xN8vRt2Kw').text).not.toContain('Hq4xN8vRt2Kw');
    expect(standard('ftp://dave:Pw7sK3mQ9zXc@127.0.0.1:18799/x').text).not.toContain('Pw7sK3mQ9zXc');
  });
});

describe('SSH algorithm names (ssh-names.ts)', () => {
  it('takes no name@openssh.com of `ssh -G` / `ssh -v` for an e-mail address', () => {
    const ssh = [
      'ciphers chacha20-poly1305@openssh.com,aes128-ctr,aes256-gcm@openssh.com',
      'kexalgorithms sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org',
      'macs umac-64-etm@openssh.com,hmac-sha2-256-etm@openssh.com',
      'hostkeyalgorithms ssh-ed25519-cert-v01@openssh.com,rsa-sha2-512-cert-v01@openssh.com',
      'debug1: kex_input_ext_info: publickey-hostbound@openssh.com=<0>',
      'debug1: kex_input_ext_info: ping@openssh.com=<0>',
      'debug2: compression ctos: none,zlib@openssh.com',
      'debug1: client_input_global_request: rtype hostkeys-00@openssh.com want_reply 0',
      'debug2: host key algorithms: ssh-ed25519-cert-v01@openssh.com,ecdsa-sha2-nistp256-cert-v01@openssh.com,rsa-sha2-512',
      'debug1: client_input_channel_req: channel 0 rtype eow@openssh.com reply 0',
      'debug2: Server supports extension "statvfs@openssh.com" revision 2',
    ].join('\n');
    expect(research(ssh)).toEqual({ text: ssh, findings: 0 });
  });

  it("still finds a person's address at those domains", () => {
    expect(research('Reported by Damien <djm@openssh.com>').text).not.toContain('djm@openssh.com');
  });
});

describe('a token as a URL user (url-user-token)', () => {
  it('redacts it in `git remote -v` and `git config --list`, keeping user names that are names', () => {
    const git = [
      'tok\thttps://Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0Ua@git.example.net/r.git (fetch)',
      'remote.hex.url=https://9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e2b4d6f0a@github.com/acme/app.git',
      'remote.app.url=https://x-access-token@github.com/acme/app.git',
      'remote.svc.url=https://svc-deploy-prod-2024@git.example.net/r.git',
    ].join('\n');
    const { text } = standard(git);
    expect(text).not.toContain('Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0Ua');
    expect(text).not.toContain('9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e2b4d6f0a');
    expect(text).toContain('https://x-access-token@github.com/acme/app.git');
    expect(text).toContain('https://svc-deploy-prod-2024@git.example.net/r.git');
  });

  it("takes the token of `<token>:x-oauth-basic@` and leaves GitHub's fixed password word", () => {
    const { text } = standard('git clone https://Qm7vT2xK9pL4wZ8nR3sY6bC1:x-oauth-basic@github.com/acme/app.git');
    expect(text).toMatch(/^git clone https:\/\/\[REDACTED:url-token#\d+\]:x-oauth-basic@github\.com\/acme\/app\.git$/);
  });
});

describe('HTTP clients and servers print URLs whole', () => {
  it("redacts a session id, a sign-on ticket and a request signature in a server's access log", () => {
    const log = [
      '127.0.0.1 - - [27/Nov/2026 09:21:59] "GET /cas/validate?ticket=ST-4821-Hq4xN8vRt2Kw9LmZ3pQ-cas01 HTTP/1.1" 200 -',
      '127.0.0.1 - - [27/Nov/2026 09:22:03] "GET /app?sessid=9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e HTTP/1.1" 200 -',
      '127.0.0.1 - - [27/Nov/2026 09:22:07] "GET /photos?oauth_signature=tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D HTTP/1.1" 200 -',
      '127.0.0.1 - - [27/Nov/2026 09:22:09] "GET /account?reset=true&session=expired HTTP/1.1" 200 -',
    ].join('\n');
    const { text } = standard(log);
    for (const secret of ['Hq4xN8vRt2Kw9LmZ3pQ', '9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e', 'tR3%2BTy81lMeYAr']) expect(text).not.toContain(secret);
    expect(text).toContain('"GET /account?reset=true&session=expired HTTP/1.1" 200 -');
  });

  it("leaves the request line of http.client's debug output alone (`POST /login HTTP/1.1` is no user and password)", () => {
    const debug = "send: b'POST /login HTTP/1.1\\r\\nHost: 127.0.0.1:18766\\r\\nContent-Length: 36\\r\\n\\r\\n'\nsend: b'username=alice&password=Hq4xN8vRt2Kw'";
    const { text } = standard(debug);
    expect(text).toContain("send: b'POST /login HTTP/1.1\\r\\nHost: 127.0.0.1:18766\\r\\n");
    expect(text).not.toContain('Hq4xN8vRt2Kw');
  });
});
