/**
 * One input of a batch written into an output folder, by a worker thread or the main thread:
 * each Transcript it holds goes to a pending file in the folder, which the main thread then
 * renames to its final name in input order. Names and ids therefore do not depend on which
 * thread finished first, and what crosses threads is plain data (outcomes, not objects).
 */
import { join } from 'node:path';
import { findAdapter } from '../../adapters/index.js';
import { AtxError } from '../errors.js';
import { produceUnit, type UnitResult } from '../input/produce.js';
import { unitsOf } from '../input/reader.js';
import { ownerTag } from '../lifecycle/temp.js';
import type { ConvertOptions, EventTransform } from '../pipeline/convert.js';
import type { IdFactory, RunContext } from '../pipeline/context.js';
import { fileInput, type SessionInput } from '../pipeline/sources.js';
import { atomicFileOutput, type Output } from '../sinks/output.js';
import type { EventSink } from '../sinks/transcript-sinks.js';

/** An input a worker thread can open by itself: files, not stdin nor a store's records. */
export interface PortableSource {
  main: { path: string; size?: number };
  companions: 'discover' | { path: string; size?: number }[];
  fromFolder: boolean;
}

export interface SourceTask {
  index: number;
  source: PortableSource;
  folder: string;
}

export interface PortableError {
  exitCode: number;
  message: string;
  code: string;
  details: readonly string[];
  input?: string;
  line?: number;
}

export type PortableResult = Omit<UnitResult, 'adapter'>;

export interface UnitOutcome {
  name: string;
  /** `<adapter label> (<format>)` when the adapter was detected */
  detected?: string;
  written?: { pending: string; result: PortableResult; redactionsByRule: [string, number][] };
  error?: PortableError;
}

/** What a thread needs to write sessions: built once per thread from the run's flags. */
export interface SessionSetup {
  options: Omit<ConvertOptions, 'context' | 'transform' | 'onDetected'>;
  context: RunContext;
  makeTransform: ((ids: IdFactory) => EventTransform) | undefined;
  sink: (output: Output) => Promise<EventSink>;
}

export function portableSource(source: SessionInput): PortableSource | undefined {
  const file = (input: SessionInput['main']) => (input.path === undefined || input.records ? undefined : { path: input.path, ...(input.size === undefined ? {} : { size: input.size }) });
  const main = file(source.main);
  if (!main || source.adapter) return undefined;
  const companions = source.companions === 'discover' ? 'discover' : source.companions.map(file);
  if (companions !== 'discover' && companions.some((companion) => companion === undefined)) return undefined;
  return { main, companions: companions as PortableSource['companions'], fromFolder: Boolean(source.fromFolder) };
}

export function sessionInputOf(source: PortableSource): SessionInput {
  return {
    main: fileInput(source.main.path, source.main.size),
    companions: source.companions === 'discover' ? 'discover' : source.companions.map((file) => fileInput(file.path, file.size)),
    ...(source.fromFolder ? { fromFolder: true } : {}),
  };
}

/** Writes every Transcript of one input to pending files; an input that cannot be read is an outcome, not a throw. */
export async function writeSourceToFolder(setup: SessionSetup, source: SessionInput, index: number, folder: string): Promise<UnitOutcome[]> {
  const ids = setup.context.ids.forInput(index);
  const outcomes: UnitOutcome[] = [];
  let current: UnitOutcome | undefined;
  let counts: ReadonlyMap<string, number> | undefined;
  const makeTransform = setup.makeTransform;
  const options: ConvertOptions = {
    ...setup.options,
    context: { clock: setup.context.clock, ids },
    onDetected: (adapter, format) => {
      if (current) current.detected = `${adapter.label} (${format})`;
    },
    ...(makeTransform ? {
      transform: () => {
        const made = makeTransform(ids);
        counts = (made as { counts?: ReadonlyMap<string, number> }).counts;
        return made;
      },
    } : {}),
  };
  for await (const unit of unitsOf(source, options)) {
    current = { name: unit.name };
    counts = undefined;
    outcomes.push(current);
    const pending = join(folder, `.atx-pending-${index}-${outcomes.length}.${ownerTag()}.0.tmp`);
    try {
      const { adapter: _adapter, ...result } = await produceUnit(unit, () => setup.sink(atomicFileOutput(pending, folder)), options);
      current.written = { pending, result, redactionsByRule: [...(counts ?? [])] };
    } catch (error) {
      if (unit.kind === 'native') await unit.opened.items.return(undefined);
      if (!(error instanceof AtxError)) throw error;
      current.error = { exitCode: error.exitCode, message: error.message, code: error.code, details: error.details, ...(error.input === undefined ? {} : { input: error.input }), ...(error.line === undefined ? {} : { line: error.line }) };
    }
  }
  return outcomes;
}

export const errorOf = (error: PortableError): AtxError =>
  new AtxError(error.exitCode, error.message, { code: error.code, details: error.details, input: error.input, line: error.line });

export const resultOf = (result: PortableResult): UnitResult => ({ ...result, adapter: findAdapter(result.header.source.adapter) });
