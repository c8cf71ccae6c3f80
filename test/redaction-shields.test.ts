/**
 * isShielded remembers its answers: asked again, at another level, or after its memory was
 * emptied, it must answer as it did the first time.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { isShielded } from '../redaction/shields.js';

describe('isShielded answers', () => {
  it('keep each level apart', () => {
    const uuid = '3f2b8c1e-9d4a-4e7b-8a6f-1c2d3e4f5a6b';
    const word = 'deployment';
    for (let round = 0; round < 2; round++) {
      expect(isShielded(uuid, 'identifiers')).toBe(true);
      expect(isShielded(uuid, 'values')).toBe(false);
      expect(isShielded(uuid, undefined)).toBe(false);
      expect(isShielded(word, 'values')).toBe(true);
      expect(isShielded(word, undefined)).toBe(false);
      expect(isShielded('${API_TOKEN}', undefined)).toBe(true);
    }
  });

  it('stay the same after the memory is emptied', () => {
    const values = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? `Qz8vLm2K${i}pW9rT4yB` : `word-${'abcdefghij'[i % 10]}`));
    const first = values.map((value) => isShielded(value, 'values'));
    expect(first.filter(Boolean).length).toBe(2500);
    expect(values.map((value) => isShielded(value, 'values'))).toEqual(first);
  });
});

describe('roff markup is no value', () => {
  it('a request alone is markup; a longer word after a dot (a wrapped cell of an e-mail address) is not', () => {
    for (const request of ['.PP', '.fi', '.Nm', '.UNINDENT']) expect(isShielded(request, undefined)).toBe(true);
    for (const cell of ['.achterb', '.lindqvi', '.Brandt']) expect(isShielded(cell, undefined)).toBe(false);
  });
});

describe('a marker written with escaped angle brackets', () => {
  const MARKERS = ['<redacted>', '<sensitive>', '<unset>', '<the-deploy-key>', '<PASTE TOKEN>'];
  const ESCAPES: Array<[string, string, string]> = [
    ['JSON', '\\u003c', '\\u003e'],
    ['JSON inside JSON', '\\\\u003c', '\\\\u003e'],
    ['a string literal', '\\x3c', '\\x3e'],
    ['a URL', '%3C', '%3E'],
    ['markup', '&lt;', '&gt;'],
  ];

  it('is a marker at every level, as it is written plainly', () => {
    const missed: string[] = [];
    for (const marker of MARKERS) {
      expect(isShielded(marker, undefined)).toBe(true);
      for (const [, open, close] of ESCAPES) {
        const escaped = open + marker.slice(1, -1) + close;
        if (!isShielded(escaped, undefined)) missed.push(escaped);
      }
    }
    expect(missed).toEqual([]);
  });

  it('a password holding an escaped bracket is still one', () => {
    for (const [, open, close] of ESCAPES) expect(isShielded(`Wd5${open}kT9${close}Lq2x`, undefined)).toBe(false);
  });

  it('leaves an escaped marker in JSON output alone and removes an escaped password', () => {
    const redact = createTextRedactor('standard');
    for (const marker of ['\\u003credacted\\u003e', '\\u003cset-me\\u003e']) {
      const text = `{"smtp_password":"${marker}","port":587}`;
      expect(redact(text).text).toBe(text);
    }
    expect(redact('{"smtp_password":"Wd5\\u003ckT9\\u0026Lq2x","port":587}').text).not.toMatch(/Wd5|kT9|Lq2x/);
  });
});

describe('a URL whose credentials are templates', () => {
  it('is a template of a URL, not a secret, whatever the name it is assigned to', () => {
    for (const url of [
      'https://<public-key>@o0.ingest.sentry.io/<project-id>',
      'postgres://app:${DB_PASS}@db.internal:5432/app',
      'amqp://{{ rabbit_user }}:{{ rabbit_password }}@mq:5672/',
      'redis://:%s@cache:6379/0',
      'https://$GH_TOKEN@github.com/acme/api.git',
    ]) {
      expect(isShielded(url, undefined), url).toBe(true);
    }
  });

  it('a real password or key in the URL is still a secret, also beside a template', () => {
    for (const url of ['postgres://app:Wq7zK2pLx9@db.internal:5432/app', 'https://<user>:Wq7zK2pLx9@host.example/x', 'https://ghp_abcdefghijklmnop1234@github.com/a/b']) {
      expect(isShielded(url, undefined), url).toBe(false);
    }
    const redact = createTextRedactor('standard');
    expect(redact('SENTRY_DSN=https://<public-key>@o0.ingest.sentry.io/<project-id>\n').findings).toBe(0);
    expect(redact('DATABASE_URL=postgres://app:Wq7zK2pLx9@db.internal:5432/app\n').text).not.toContain('Wq7zK2pLx9');
  });
});
