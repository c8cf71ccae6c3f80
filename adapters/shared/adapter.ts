import type { Adapter, ConverterFactory } from '../types.js';
import { pairingEarlyResults } from './early-results.js';
import { keepingUnreadFields, type CopyOfRead } from './unread-fields.js';
import type { Json } from './json.js';

/** The version every adapter reports (`source.adapterVersion`) until one of them moves on its own. */
export const ADAPTER_VERSION = '0.1.0';

export interface AdapterFields {
  /**
   * Every field name the agent's records are known to hold, at their top level and one level down
   * (adapters/shared/unread-fields.ts): prose in any other field is kept as a `meta` event. A module
   * of its own, loaded with the converter.
   */
  knownFields?: () => Promise<{ KNOWN_FIELDS: readonly string[]; isTransientRecord?: (value: Json) => boolean; isCopyOfRead?: CopyOfRead }>;
}

/**
 * An adapter declaration: `source.agent` is its id unless it says otherwise, its version the kit's.
 * Its converter module is imported once, the first time a session needs it; every converter pairs
 * a result written before its call with that call (`pairingEarlyResults`).
 */
export function defineAdapter(spec: Omit<Adapter, 'agent' | 'version'> & Partial<Pick<Adapter, 'agent' | 'version'>> & AdapterFields): Adapter {
  const { id, label, loadConverter, knownFields, ...rest } = spec;
  let loading: Promise<ConverterFactory> | undefined;
  const load = knownFields
    ? () => Promise.all([loadConverter(), knownFields()]).then(([factory, { KNOWN_FIELDS, isTransientRecord, isCopyOfRead }]) => keepingUnreadFields(factory, KNOWN_FIELDS, isTransientRecord, isCopyOfRead))
    : loadConverter;
  return { id, agent: id, label, version: ADAPTER_VERSION, ...rest, loadConverter: () => (loading ??= load().then((factory) => pairingEarlyResults(factory))) };
}
