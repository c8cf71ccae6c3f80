import type { Adapter, ConverterFactory } from '../types.js';

/** The version every adapter reports (`source.adapterVersion`) until one of them moves on its own. */
export const ADAPTER_VERSION = '0.1.0';

/**
 * An adapter declaration: `source.agent` is its id unless it says otherwise, its version the kit's.
 * Its converter module is imported once, the first time a session needs it.
 */
export function defineAdapter(spec: Omit<Adapter, 'agent' | 'version'> & Partial<Pick<Adapter, 'agent' | 'version'>>): Adapter {
  const { id, label, loadConverter, ...rest } = spec;
  let loading: Promise<ConverterFactory> | undefined;
  return { id, agent: id, label, version: ADAPTER_VERSION, ...rest, loadConverter: () => (loading ??= loadConverter()) };
}
