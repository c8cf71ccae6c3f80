/** Hex dumps of a settings file read back into its text (redaction/hexdump.ts), and redacted row by row. */
import { describe, expect, it } from 'vitest';
import { withoutHexDump } from '../redaction/hexdump.js';
import { createTextRedactor } from '../redaction/index.js';

// An .env of three lines; the password's bytes are 0x21..0x31 of the file (rows 0x20 and 0x30).
const FILE = 'APP_ENV=production\nSMTP_PASSWORD=Vq3!nR8sLw2Kt9zM\nLOG_LEVEL=info\n';
const SECRET = 'Vq3!nR8sLw2Kt9zM';

// What the tools print for FILE (recorded with xxd 2024-09, util-linux hexdump and GNU od).
const DUMPS: Record<string, string> = {
  xxd: `00000000: 4150 505f 454e 563d 7072 6f64 7563 7469  APP_ENV=producti
00000010: 6f6e 0a53 4d54 505f 5041 5353 574f 5244  on.SMTP_PASSWORD
00000020: 3d56 7133 216e 5238 734c 7732 4b74 397a  =Vq3!nR8sLw2Kt9z
00000030: 4d0a 4c4f 475f 4c45 5645 4c3d 696e 666f  M.LOG_LEVEL=info
00000040: 0a                                       .`,
  'hexdump -C': `00000000  41 50 50 5f 45 4e 56 3d  70 72 6f 64 75 63 74 69  |APP_ENV=producti|
00000010  6f 6e 0a 53 4d 54 50 5f  50 41 53 53 57 4f 52 44  |on.SMTP_PASSWORD|
00000020  3d 56 71 33 21 6e 52 38  73 4c 77 32 4b 74 39 7a  |=Vq3!nR8sLw2Kt9z|
00000030  4d 0a 4c 4f 47 5f 4c 45  56 45 4c 3d 69 6e 66 6f  |M.LOG_LEVEL=info|
00000040  0a                                                |.|
00000041`,
  'od -A x -t x1z': `000000 41 50 50 5f 45 4e 56 3d 70 72 6f 64 75 63 74 69  >APP_ENV=producti<
000010 6f 6e 0a 53 4d 54 50 5f 50 41 53 53 57 4f 52 44  >on.SMTP_PASSWORD<
000020 3d 56 71 33 21 6e 52 38 73 4c 77 32 4b 74 39 7a  >=Vq3!nR8sLw2Kt9z<
000030 4d 0a 4c 4f 47 5f 4c 45 56 45 4c 3d 69 6e 66 6f  >M.LOG_LEVEL=info<
000040 0a                                               >.<
000041`,
  'od -c': `0000000   A   P   P   _   E   N   V   =   p   r   o   d   u   c   t   i
0000020   o   n  \\n   S   M   T   P   _   P   A   S   S   W   O   R   D
0000040   =   V   q   3   !   n   R   8   s   L   w   2   K   t   9   z
0000060   M  \\n   L   O   G   _   L   E   V   E   L   =   i   n   f   o
0000100  \\n
0000101`,
  // 16-bit words, low byte first, and no text column to check them against
  'od -x': `0000000 5041 5f50 4e45 3d56 7270 646f 6375 6974
0000020 6e6f 530a 544d 5f50 4150 5353 4f57 4452
0000040 563d 3371 6e21 3852 4c73 3277 744b 7a39
0000060 0a4d 4f4c 5f47 454c 4556 3d4c 6e69 6f66
0000100 000a
0000101`,
};

/** The rows (by their first line) that hold a byte of SECRET: the dumps above have 16 bytes a row. */
function rowsOfSecret(dump: string): { holding: string[]; others: string[] } {
  const first = FILE.indexOf(SECRET);
  const last = first + SECRET.length - 1;
  const rows = dump.split('\n').filter((line) => / \S/.test(line));
  const holds = (index: number) => index >= Math.floor(first / 16) && index <= Math.floor(last / 16);
  return { holding: rows.filter((_, index) => holds(index)), others: rows.filter((_, index) => !holds(index)) };
}

describe('withoutHexDump', () => {
  it.each(Object.entries(DUMPS))('reads %s back into the file', (_tool, dump) => {
    const layer = withoutHexDump(`$ cat .env | tool\n${dump}\n$ echo done`)!;
    expect(layer.decoded.replace(/\0$/, '')).toBe(FILE);
  });

  it('maps a span of the file to its first hex byte and its last character in the text column', () => {
    const dump = DUMPS['hexdump -C']!;
    const layer = withoutHexDump(dump)!;
    const at = layer.decoded.indexOf('Kt9zM');
    const span = layer.toOriginal(at, at + 5)!;
    expect(dump.slice(span.start, span.end)).toBe('4b 74 39 7a  |=Vq3!nR8sLw2Kt9z|\n00000030  4d 0a 4c 4f 47 5f 4c 45  56 45 4c 3d 69 6e 66 6f  |M');
  });

  it('reads dumps of other widths and groupings, each row checked against its text column', () => {
    const narrow = '00000000: 41 50 50 5f 45 4e 56 3d  APP_ENV=\n00000008: 70 72 6f 64 75 63 74 69  producti\n';
    expect(withoutHexDump(narrow)!.decoded).toBe('APP_ENV=producti');
    // a text column that starts with what reads as hex (`cafe`) is not taken for a group
    const cafe = '00000000: 6361 6665 2062 6162 6520 3d20 3132 3334  cafe babe = 1234\n';
    expect(withoutHexDump(cafe)!.decoded).toBe('cafe babe = 1234');
  });

  it('leaves alone what only looks like rows: short hashes, tables of numbers, binaries, a broken count', () => {
    expect(withoutHexDump('0004a1f fix the build\n000b3c2 add tests for the parser\n')).toBeNull();
    expect(withoutHexDump('000123 45 67 89\n')).toBeNull();
    const binary = '00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000  .ELF............\n00000010: 0300 3e00 0100 0000 1011 0000 0000 0000  ..>.............\n';
    expect(withoutHexDump(binary)).toBeNull();
    // a text column that does not show the row's bytes is not a dump's
    expect(withoutHexDump('00000000: 4150 505f 454e 563d 7072 6f64 7563 7469  not the bytes...\n')).toBeNull();
  });
});

describe('through the engine', () => {
  const standard = createTextRedactor('standard');

  it.each(Object.entries(DUMPS))('%s: every row holding a byte of the password loses it, in both columns; the other rows stay', (_tool, dump) => {
    const out = standard(`$ dump .env\n${dump}\n`).text;
    expect(out).toMatch(/\[REDACTED:/);
    const { holding, others } = rowsOfSecret(dump);
    for (const row of holding) expect(out, row).not.toContain(row);
    for (const row of others) expect(out, row).toContain(row);
    for (const piece of ['Vq3!', 'Kt9z', '71 33 21', '7133 216e', '3371 6e21']) expect(out).not.toContain(piece);
  });
});
