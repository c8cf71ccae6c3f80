/** Table headers are found from the assignment rules' keyword starts (redaction/rules/header-words.ts). */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { headerWordStarts, headerWordStartsWithin, KEYWORD_HEADER_WORDS } from '../redaction/rules/header-words.js';

/** Every place one of `words` starts in `text`, in any case, in order. */
function occurrences(text: string, words: readonly string[]): number[] {
  const lower = text.toLowerCase();
  const starts: number[] = [];
  for (let at = 0; at < lower.length; at++) if (words.some((word) => lower.startsWith(word, at))) starts.push(at);
  return starts;
}

describe('header words', () => {
  it('are keywords of both assignment rules, so that the scanner reports where each starts', () => {
    for (const id of ['password-assignment', 'secret-assignment']) {
      const rule = BUILTIN_RULES.find((r) => r.id === id)!;
      expect(rule.keywordStarts).toBe(true);
      for (const word of KEYWORD_HEADER_WORDS) expect(rule.keywords, `${id}: ${word}`).toContain(word);
    }
  });

  it('picked out of keyword starts, with `pin` searched, are the places a search of the stretch finds', () => {
    const text = 'ID,Pin,Notes\n1,2,x\nuser;PASSWORD;Token\npath: /keys/SECRET.pem\ncredit Auth pwd kEy pinned\nmonkey,sPin,passpwd';
    // what the scanner gives the rules: their keywords' starts (here with other keywords' among them)
    const keywordStarts = occurrences(text, [...KEYWORD_HEADER_WORDS, 'pa', 'ke']);
    for (const [from, end] of [[0, text.length], [5, 60], [14, text.length - 3], [40, 41]] as const) {
      const searched = headerWordStarts(text.slice(from, end));
      const picked = [...new Set(headerWordStartsWithin(text, keywordStarts, from, end))];
      // a search takes each match's characters once (`passpwd`: `pass`, then `pwd`), as the picking does here
      expect(picked, `${from}-${end}`).toEqual(searched);
    }
  });

  it('find a table whose only sensitive header word is `pin`, in a long text', () => {
    const standard = createTextRedactor('standard');
    const filler = 'lorem ipsum dolor sit amet\n'.repeat(200);
    const table = 'holder,pin,salt\nann,4821,Qz8vLm2Kx7Rt9Wp3\n';
    const out = standard(`${filler}api key rotation notes below\n${table}${filler}`).text;
    expect(out).not.toContain('Qz8vLm2Kx7Rt9Wp3');
  });
});
