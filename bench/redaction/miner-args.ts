/**
 * The options every real-text miner shares (`clean-text`, `people-text`): which half to read
 * (`--half tuning|held-out|both`), how much of each (`--mb N`), `--list` (the tuning half's cases
 * only: the held-out half is seen in aggregate, never case by case) and `--json`.
 */
import { parseArgs } from 'node:util';
import { MiB } from '../util.js';
import type { Half } from './clean-text.js';

export interface MinerArgs {
  halves?: Half[];
  maxBytesPerHalf?: number;
  list: boolean;
  json: boolean;
  /** the values of the miner's own string options, each possibly given several times */
  extra: Record<string, string[]>;
}

/** Throws a one-line Error for a user mistake (unknown option, missing or bad value, --list on held-out). */
export function readMinerArgs(argv: readonly string[], extraOptions: readonly string[] = []): MinerArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      half: { type: 'string' },
      mb: { type: 'string' },
      list: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      ...Object.fromEntries(extraOptions.map((name) => [name, { type: 'string' as const, multiple: true as const }])),
    },
  });
  const args: MinerArgs = { list: values.list === true, json: values.json === true, extra: {} };
  const half = values.half;
  if (half !== undefined) {
    if (half !== 'tuning' && half !== 'held-out' && half !== 'both') throw new Error(`--half: tuning, held-out or both, not ${half}`);
    args.halves = half === 'both' ? ['tuning', 'held-out'] : [half];
  }
  if (values.mb !== undefined) {
    args.maxBytesPerHalf = Number(values.mb) * MiB;
    if (!(args.maxBytesPerHalf > 0)) throw new Error('--mb needs a positive number');
  }
  for (const name of extraOptions) {
    const given = (values as Record<string, unknown>)[name] as string[] | undefined;
    if (given) args.extra[name] = given;
  }
  if (args.list && (args.halves ?? ['tuning', 'held-out']).includes('held-out')) throw new Error('--list shows the tuning half only: add --half tuning');
  return args;
}
