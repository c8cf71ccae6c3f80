/** A carrier's decoded layer is scanned around its changes only (redaction/layer-windows.ts). */
import { describe, expect, it } from 'vitest';
import { withoutHtmlReferences, withoutJsonEscapes } from '../redaction/carriers.js';
import { createTextRedactor } from '../redaction/index.js';
import { layerWindows } from '../redaction/layer-windows.js';

/** Lines of plain prose, `count` of them. */
function prose(count: number, word = 'lorem'): string {
  return Array.from({ length: count }, (_, i) => `${word} ipsum line ${i} of a long system prompt with nothing in it\n`).join('');
}

describe('layerWindows', () => {
  it('takes the lines around a change in a long text, and the whole text when changes are everywhere', () => {
    const text = prose(1000);
    const at = text.length / 2;
    const [window, ...rest] = layerWindows(text, [{ start: at, end: at + 1 }])!;
    expect(rest).toEqual([]);
    expect(window!.start).toBeLessThanOrEqual(at - 1024);
    expect(window!.end).toBeGreaterThanOrEqual(at + 1024);
    expect(text[window!.start - 1]).toBe('\n');
    expect(text[window!.end - 1]).toBe('\n');
    expect(window!.end - window!.start).toBeLessThan(text.length / 10);
    const everywhere = Array.from({ length: 40 }, (_, i) => ({ start: i * 1500, end: i * 1500 + 1 }));
    expect(layerWindows(text, everywhere)).toBeNull();
  });

  it('joins the windows of nearby changes', () => {
    const text = prose(1000);
    const windows = layerWindows(text, [{ start: 20_000, end: 20_006 }, { start: 20_500, end: 20_500 }, { start: 50_000, end: 50_001 }])!;
    expect(windows.map((w) => w.keep.length)).toEqual([2, 1]);
  });
});

describe('changed stretches of a decoding', () => {
  it('cover every character a JSON escape of any level wrote', () => {
    const twice = JSON.stringify(JSON.stringify(JSON.stringify({ user: 'ana', token: 'x' })));
    const layer = withoutJsonEscapes(twice)!;
    const quotes = [...layer.decoded.matchAll(/"/g)].map((m) => m.index);
    const covered = (at: number) => layer.changed.some((span) => span.start <= at && at < span.end);
    // the outermost quotes were never escaped; every other quote was
    expect(quotes.filter((at) => !covered(at))).toEqual([0, layer.decoded.length - 1]);
  });

  it('are where the references were', () => {
    const layer = withoutHtmlReferences('a &amp; b &#64; c')!;
    expect(layer.changed).toEqual([{ start: 2, end: 3 }, { start: 6, end: 7 }]);
  });
});

describe('through the engine', () => {
  const standard = createTextRedactor('standard');

  it('removes secrets behind escapes far apart in a long text, and nothing else', () => {
    const head = prose(600);
    const tail = prose(600, 'dolor');
    const text = `${head}<pre>MYSQL_PASSWORD=&quot;Pz7$kq2Vw9Lm&quot;</pre>\n${tail}<p>SMTP_PASS=&quot;Tq4!vz8Lm2Wc&quot;</p>\n${head}`;
    const out = standard(text);
    expect(out.findings).toBe(2);
    expect(out.text).not.toContain('Pz7$kq2Vw9Lm');
    expect(out.text).not.toContain('Tq4!vz8Lm2Wc');
    expect(out.text.startsWith(head)).toBe(true);
    expect(out.text.endsWith(`</p>\n${head}`)).toBe(true);
  });

  it('finds what an escape hides though the rest of its line is long', () => {
    const line = 'x'.repeat(5000);
    const text = `${line} {\\"db_password\\": \\"Gh5#tR8kLp2Q\\", \\"x\\": 1} ${line}`;
    expect(standard(text).text).not.toContain('Gh5#tR8kLp2Q');
  });
});
