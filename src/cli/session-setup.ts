/** What writing a session needs from the run's flags, built the same way by the main thread and each worker. */
import { ADAPTERS, findAdapter } from '../../adapters/index.js';
import { usageError } from '../errors.js';
import type { RunContext } from '../pipeline/context.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import type { SessionSetup } from './folder-sessions.js';
import { sinkFor } from './output-format.js';
import type { ProfileSetup } from './redaction-options.js';
import type { WriteFlags } from './write-transcripts.js';

export function maxLineBytesOf(flags: WriteFlags): number {
  const maxLineMb = Number(flags.maxLineMb ?? '256');
  if (!Number.isFinite(maxLineMb) || maxLineMb <= 0) throw usageError(`--max-line-mb must be a positive number, got "${flags.maxLineMb}"`);
  return Math.floor(maxLineMb * 1024 * 1024);
}

export const forcedAdapterOf = (flags: WriteFlags) => (!flags.from || flags.from === 'auto' ? undefined : findAdapter(flags.from));

export function sessionSetupFor(flags: WriteFlags, context: RunContext, redaction: ProfileSetup): SessionSetup {
  const forced = forcedAdapterOf(flags);
  return {
    options: {
      adapters: ADAPTERS,
      ...(forced ? { forced } : {}),
      idFromContent: Boolean(flags.idFromContent),
      maxLineBytes: maxLineBytesOf(flags),
      memory: new MemoryGovernor(),
    },
    context,
    makeTransform: redaction.transformIfAny,
    sink: sinkFor(flags),
  };
}
