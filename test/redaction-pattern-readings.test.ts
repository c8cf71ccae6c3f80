/**
 * The readings of the rules' patterns the build writes (redaction/pattern-readings.ts): each is
 * what pattern-start.ts reads from that pattern, the file is looked up when it has the name of
 * this reader, and a pattern it does not hold (or a file of another name, or garbled) is read anew.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readingsFileName, readPattern } from '../redaction/pattern-readings.js';
import { keywordReach, literalStarts, startsAtKeyword } from '../redaction/pattern-start.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-pattern-readings-');

const PLANTED = { starts: ['planted'], atKeyword: true, reach: { min: 7, max: 9 } };

/** What pattern-start reads from `pattern` now. */
function readNow(pattern: RegExp, keywords: string[]) {
  const starts = literalStarts(pattern);
  return { starts, atKeyword: starts !== null && startsAtKeyword(pattern, keywords, starts), reach: keywordReach(pattern, keywords) };
}

/** A file of the readings' format holding one made-up reading of `pattern`. */
function plantedFile(folder: string, name: string, pattern: RegExp, keywords: string[]): void {
  writeFileSync(join(folder, name), JSON.stringify([[JSON.stringify([pattern.source, pattern.flags, keywords]), PLANTED]]));
}

describe('the pattern readings the build writes (their content: redaction-keyword-tables.test.ts)', () => {
  it('is looked up under its own name only, and a pattern it does not hold is read', () => {
    const pattern = /zq_plant_[a-z]{12}/;
    const keywords = ['zq_plant_'];
    const named = scratch();
    plantedFile(named, readingsFileName(), pattern, keywords);
    expect(readPattern(pattern, keywords, named)).toEqual(PLANTED);
    const other = /zq_other_[a-z]{12}/;
    expect(readPattern(other, ['zq_other_'], named)).toEqual(readNow(other, ['zq_other_']));
    expect(readNow(other, ['zq_other_']).starts).toEqual(['zq_other_']);

    const otherName = scratch();
    const unnamed = /zq_unnamed_[a-z]{12}/;
    const name = readingsFileName();
    plantedFile(otherName, `${name[0] === '0' ? '1' : '0'}${name.slice(1)}`, unnamed, ['zq_unnamed_']);
    expect(readPattern(unnamed, ['zq_unnamed_'], otherName)).toEqual(readNow(unnamed, ['zq_unnamed_']));

    const garbled = scratch();
    writeFileSync(join(garbled, readingsFileName()), '[["x", {"starts": 3}]');
    const garbledPattern = /zq_garbled_\d+/;
    expect(readPattern(garbledPattern, ['zq_garbled_'], garbled)).toEqual(readNow(garbledPattern, ['zq_garbled_']));
  });
});
