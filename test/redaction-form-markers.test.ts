/** The assignment family's gates (redaction/rules/form-markers.ts, assignment.ts): markers, `pin` and closing tags found in one search; the line forms' first characters. */
import { describe, expect, it } from 'vitest';
import { ANCHOR_AT, anchorCanEnd, blanksInARowAhead, cellCount, classifyName, LINE_FORMS, NAME_VALUE_PAIRS, SETTER_CALLS, setterNamesASecret, splitCells } from '../redaction/rules/assignment.js';
import { FORM_MARKERS, formMarkersIn, MARKER_OF_MATCH, PIN } from '../redaction/rules/form-markers.js';

/** What the two searches find on their own, and every place `</` starts. */
function searched(text: string): { markers: number; pins: number[]; closings: number[]; values: number[]; declarations: number[] } {
  let markers = 0;
  for (const match of text.matchAll(new RegExp(FORM_MARKERS.source, 'g'))) {
    const found = match[0].length === 5 && match[0].toLowerCase() === 'value' ? 'value' : match[0];
    // `var` and `const` before a tab: a place, no marker
    if (found === 'var\t' || found === 'const\t') continue;
    const bit = MARKER_OF_MATCH[found];
    if (bit === undefined) throw new Error(`no bit for ${found}`);
    markers |= bit;
  }
  const pins = [...text.matchAll(new RegExp(PIN.source, 'g'))].map((match) => match.index);
  const closings: number[] = [];
  for (let at = text.indexOf('</'); at !== -1; at = text.indexOf('</', at + 1)) closings.push(at);
  const values = [...text.matchAll(/value/gi)].map((match) => match.index);
  const declarations = [...text.matchAll(/(?:var|const)[ \t]/g)].map((match) => match.index);
  return { markers, pins, closings, values, declarations };
}

const PIECES = [
  '<', '/', '<!', '[CDATA[', '<![CDATA[', 'key>', '<key', 'ENV', 'EN', 'ARG', 'AR', '#define', '#defin', '-Item ', '-Item', 'Item ',
  'ENVALUE', 'ENVvalue:', '{', ' ', '\t', "'", '"', '\\', '\\"', ',', 'a', '_', 'Z9', '@', '.', '-', '(', ')', ']', '=', 'value', 'VaLuE', 'valu', 'v',
  'var ', 'variable', 'var', 'va', 'var\t', 'const', 'const\t', 'content=', 'const ', 'con', 'setx ', 'set', 'set -', 'set -Item ', 'machine', 'machin',
  'pin', 'PiN', 'p', 'P', 'i', 'n', 'x'.repeat(60), 'y'.repeat(61), '\n', 'é', '</', '<</', '</a>',
];

describe('form markers', () => {
  it('are what FORM_MARKERS and PIN find, searched apart, with every place a closing tag can start', () => {
    const texts = [
      'set -Item Env:X "y"',
      '{"name": "db_password", "value": "x"}\n<entry key="a">b</entry><![CDATA[x]]> <key>K</key>',
      'ENV DB_PASSWORD x\nARG TOKEN\n#define API_KEY "x"\nconst char kToken[] = "x";\nvar apiToken string = "x"',
      'setx API_KEY x\nset -gx TOKEN x\nmachine h login u password p\nmeta content="x"\nvariable "db" { default = "x" }',
      'holder,PIN,salt\nspinning pins: Pinned',
      "{ 'db_password' , <<\"x\">>}\n{\\\"api_key\\\", \\\"x\\\"}\n{ " + 'n'.repeat(61) + ', 1}',
    ];
    for (const text of texts) expect(formMarkersIn(text), text).toEqual(searched(text));
  });

  it('are what the two searches find on strings made of the markers’ pieces', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 20000; i++) {
      let text = '';
      for (let pieces = 1 + next(12); pieces > 0; pieces--) text += PIECES[next(PIECES.length)];
      expect(formMarkersIn(text), JSON.stringify(text)).toEqual(searched(text));
    }
  });
});

describe('the assignment line forms', () => {
  it('are tried only where the first character after blanks can start them', () => {
    // each form but the one of spaced fields (which opens with any character) opens with blanks, then one class of character
    const opening = /^\[ \\t\]\*(\\\||\(\[A-Za-z\]|\(\[a-z\]|\(\[A-Z\])/;
    for (const { pattern, opens } of LINE_FORMS) {
      const head = opening.exec(pattern.source);
      if (!head) {
        expect(pattern.source.startsWith('[^\\n]{1,200}?'), pattern.source).toBe(true);
        for (let code = 0; code < 0x10000; code++) expect(opens(code)).toBe(true);
        continue;
      }
      const first = new RegExp(`^${head[1]!.replace(/^\(/, '')}$`);
      for (let code = 0; code < 0x10000; code++) {
        if (opens(code) !== first.test(String.fromCharCode(code))) expect(`${pattern.source} at ${code}: ${opens(code)}`).toBe('agreed');
      }
    }
  });
});

describe('the name/value lists\u2019 markers', () => {
  // what each list searched the text for before its marker was read where `value` starts
  const SEARCHED = [/value:/i, /value\\?["'][ \t]*:/i, /["']value\\?["'][ \t]*:/i, /--value/, /value[ \t]*=/i];
  const PARTS = ['value', 'Value', 'VALUE', 'ENV', 'valu', 'vALue', ':', '"', "'", '\\', ' ', '\t', '=', '-', '--', 'x', '\n', '{', ',', '"value"', "'value':"];

  it('are read at each place `value` starts as a search finds them', () => {
    expect(NAME_VALUE_PAIRS.length).toBe(SEARCHED.length);
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n); // the high bits: an LCG's low bits repeat too soon
    };
    const found = SEARCHED.map(() => 0);
    for (let i = 0; i < 20000; i++) {
      let text = '';
      for (let parts = 1 + next(10); parts > 0; parts--) text += PARTS[next(PARTS.length)];
      const values = formMarkersIn(text).values;
      NAME_VALUE_PAIRS.forEach(({ marker }, index) => {
        const expected = SEARCHED[index]!.test(text);
        if (expected) found[index] = found[index]! + 1;
        expect(values.some((at) => marker(text, at)), `${index} ${JSON.stringify(text)}`).toBe(expected);
      });
    }
    // every marker was there in some of the strings
    expect(found.every((count) => count > 20), String(found)).toBe(true);
  });
});

describe('the assignment anchor’s gate', () => {
  const PARTS = [
    'password', 'pass', 'Passphrase', 'token', 'KEY', 'key', 'pw', 'sk', '_sk', 'api-key', 'hasło', 'HASŁO', 'lösenord', 'şifre', 'Şifre', 'contraseña', 'salt', 'pin',
    '_', '__', '**', ' ', '  ', '\t', '(', ')', 'for', 'on', 'FOR', 'On', ' the ', ':', '=', '==', '|', '||=', '?', '??=', '<', '<-', '=>', '"', "'", '\\', ']', ',',
    'x', 'A1', '.', '-', '/', '\n', 'é', 'x'.repeat(45), '://', '::',
  ];

  it('passes wherever the anchor matches', () => {
    let seed = 5;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    let matched = 0;
    let refused = 0;
    for (let i = 0; i < 20000; i++) {
      let text = '';
      for (let parts = 1 + next(8); parts > 0; parts--) text += PARTS[next(PARTS.length)];
      for (let at = 0; at < text.length; at++) {
        ANCHOR_AT.lastIndex = at;
        const matches = ANCHOR_AT.test(text);
        const passes = anchorCanEnd(text, at);
        if (matches) {
          matched += 1;
          expect(passes, `${at} ${JSON.stringify(text)}`).toBe(true);
        } else if (!passes) refused += 1;
      }
    }
    // the anchor matched often, and the gate refused many places it does not match at
    expect(matched).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(5000);
  });
});

describe('the count of a table row’s cells', () => {
  const PARTS = ['"', '""', ',', ';', '\t', ' ', '\u00a0', '\u3000', '\ufeff', '\u200b', 'a', 'b c', '|', '\r', 'é'];

  it('is the number of cells splitCells reads', () => {
    let seed = 3;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    for (let i = 0; i < 20000; i++) {
      let line = '';
      for (let parts = 1 + next(12); parts > 0; parts--) line += PARTS[next(PARTS.length)];
      for (const separator of [',', ';', '\t', '|']) expect(cellCount(line, separator), `${JSON.stringify(separator)} ${JSON.stringify(line)}`).toBe(splitCells(line, separator).length);
    }
  });
});

describe('the setter calls’ gate', () => {
  const PARTS = ['.setPassword(', '.withApiKey(', 'setToken(', '.password(', 'x.setFoo(', '.Pin(', 'setx(', '.', 'set', 'with', 'Password', 'password', 'Token', 'ApiKey', 'Pin', 'x', 'Foo', '_', '1', 'A'.repeat(30), '(', ' ', '\t', '"', "'", '\\', ')', '\n'];

  it('passes wherever a setter call names a secret', () => {
    let seed = 9;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    let named = 0;
    let refused = 0;
    for (let i = 0; i < 20000; i++) {
      let text = '';
      for (let parts = 1 + next(9); parts > 0; parts--) text += PARTS[next(PARTS.length)];
      const names = SETTER_CALLS.some((pattern) => [...text.matchAll(new RegExp(pattern.source, 'g'))].some((match) => classifyName(match[1]!) !== null));
      const passes = setterNamesASecret(text);
      if (names) {
        named += 1;
        expect(passes, JSON.stringify(text)).toBe(true);
      } else if (!passes) refused += 1;
    }
    expect(named).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(5000);
  });
});

describe('two blanks in a row ahead on the line', () => {
  it('are what a look at the line’s next 202 characters finds', () => {
    const PARTS = [' ', '  ', '\t', '\n', 'x', 'yy', '\r', 'z'.repeat(100)];
    let seed = 13;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    for (let i = 0; i < 5000; i++) {
      let text = '';
      for (let parts = 1 + next(10); parts > 0; parts--) text += PARTS[next(PARTS.length)];
      for (let from = 0; from <= text.length; from++) {
        const stretch = text.slice(from, Math.min(text.length, from + 202));
        const line = stretch.includes('\n') ? stretch.slice(0, stretch.indexOf('\n')) : stretch;
        expect(blanksInARowAhead(text, from), `${from} ${JSON.stringify(text)}`).toBe(line.includes('  ') || line.includes('\t'));
      }
    }
  });
});
