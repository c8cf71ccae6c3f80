import { describe, expect, it } from 'vitest';
import { wantsColor } from '../src/cli/io.js';

const on = (env: Record<string, string>, isTTY: boolean) => wantsColor({ env, stderr: { isTTY } as never });

describe('colour follows NO_COLOR, FORCE_COLOR, then the terminal', () => {
  it('is on a terminal only, when nothing is set', () => {
    expect(on({}, true)).toBe(true);
    expect(on({}, false)).toBe(false);
    expect(on({ TERM: 'dumb' }, true)).toBe(false);
  });

  it('is off with NO_COLOR, even when forced or on a terminal', () => {
    expect(on({ NO_COLOR: '1' }, true)).toBe(false);
    expect(on({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
  });

  it('is on with FORCE_COLOR away from a terminal, and off with FORCE_COLOR=0 or false on one', () => {
    expect(on({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(on({ FORCE_COLOR: '' }, false)).toBe(true);
    expect(on({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(on({ FORCE_COLOR: 'false' }, true)).toBe(false);
  });

  it('an empty NO_COLOR does not count', () => {
    expect(on({ NO_COLOR: '' }, true)).toBe(true);
  });
});
