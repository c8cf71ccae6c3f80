import { describe, expect, it } from 'vitest';
import { AtxError, ExitCode } from '../src/errors.js';
import { describeEndpoint, isLoopbackHost, parseEndpoint, transcriptsUrl } from '../src/upload/endpoint.js';

function refusal(text: string): AtxError {
  try {
    parseEndpoint(text, '--endpoint');
  } catch (error) {
    expect(error).toBeInstanceOf(AtxError);
    return error as AtxError;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe('parseEndpoint', () => {
  it.each([
    'http://localhost:8787',
    'http://127.0.0.1:8787',
    'http://127.1.2.3',
    'http://[::1]:8787',
    'http://LOCALHOST',
    'http://127.1', // the URL parser normalizes short IPv4 forms to 127.0.0.1
  ])('accepts plain http to loopback: %s', (text) => {
    expect(parseEndpoint(text, '--endpoint').protocol).toBe('http:');
  });

  it.each(['https://collector.example.com', 'https://10.0.0.5:8443/api', 'https://[2001:db8::1]/'])('accepts https anywhere: %s', (text) => {
    expect(parseEndpoint(text, '--endpoint').protocol).toBe('https:');
  });

  it.each([
    'http://collector.example.com',
    'http://10.0.0.5',
    'http://128.0.0.1',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'http://[::2]',
    'http://0.0.0.0:8787',
  ])('refuses plain http to anything else: %s', (text) => {
    const error = refusal(text);
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toMatch(/^--endpoint: plain http:\/\/ is only allowed to this machine .*use https:\/\//);
  });

  it('refuses credentials in the URL without echoing them', () => {
    for (const text of ['https://user:hunter2secret@host.example', 'https://atx_k123_secretsecretsecret@host.example', 'http://u@127.0.0.1']) {
      const error = refusal(text);
      expect(error.message).toMatch(/user name or password/);
      expect(error.message).not.toMatch(/hunter2|secretsecret/);
      expect(error.message.split('\n')).toHaveLength(1);
    }
  });

  it('refuses other schemes, garbage, queries, and never echoes the text', () => {
    expect(refusal('ftp://host.example').message).toMatch(/unsupported scheme ftp/);
    expect(refusal('file:///etc/passwd').message).toMatch(/unsupported scheme file/);
    expect(refusal('atx_k123_abcdefghijklmnop0123').message).toMatch(/not a URL; the scheme is missing/);
    expect(refusal('atx_k123_abcdefghijklmnop0123').message).not.toMatch(/abcdefghijklmnop/);
    expect(refusal('host.example:8787').message).toMatch(/unsupported scheme|not a URL/);
    expect(refusal('').message).toMatch(/empty endpoint/);
    expect(refusal('https://host.example/api?token=x').message).toMatch(/query or fragment/);
    expect(refusal('https://host.example/#x').message).toMatch(/query or fragment/);
  });

  it('strips a trailing slash and keeps a path prefix', () => {
    const url = parseEndpoint('https://host.example/api/', '--endpoint');
    expect(url.pathname).toBe('/api');
    expect(transcriptsUrl(url).href).toBe('https://host.example/api/v1/transcripts');
    expect(transcriptsUrl(parseEndpoint('https://host.example/', 'x')).href).toBe('https://host.example/v1/transcripts');
    expect(transcriptsUrl(parseEndpoint('http://127.0.0.1:8787', 'x')).href).toBe('http://127.0.0.1:8787/v1/transcripts');
    expect(transcriptsUrl(parseEndpoint('https://host.example/a/b//', 'x')).href).toBe('https://host.example/a/b/v1/transcripts');
    expect(describeEndpoint(url)).toBe('https://host.example/api');
    expect(describeEndpoint(parseEndpoint('https://host.example', 'x'))).toBe('https://host.example');
  });

  it('isLoopbackHost takes parsed host names', () => {
    expect(isLoopbackHost('127.255.255.254')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('::1x')).toBe(false);
    expect(isLoopbackHost('localhost.')).toBe(false);
  });
});
