/**
 * Session entries only oh-my-pi (a Pi fork) writes, in the same tree as Pi's (`id`, `parentId`,
 * `timestamp`): what the session recorded about itself. Each keeps its place in the tree; none is
 * a message of the conversation. Entry shapes from oh-my-pi's session-entries (its tree selector
 * labels every one of them).
 */
import type { HandlerTable, Verdict } from '../shared/dispatch.js';
import { asRecord, stringField } from '../shared/json.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import type { Base, PiLine } from './converter.js';
import { costOf, usageOf } from './tools.js';

export interface EntryPlace {
  session: ConverterOutput['session'];
  usage: ConverterOutput['usage'];
  base(value: PiLine): Base;
  entry(value: PiLine, type: string, drafts: DraftEvent[], outcome?: 'mapped' | 'skipped'): Verdict;
}

const system = (base: Base, text: string, meta: { kind: string } & Record<string, unknown>): DraftEvent => ({ ...base, type: 'system', role: 'system', text, meta });

export function ohMyPiEntries({ session, usage: addUsage, base, entry }: EntryPlace): HandlerTable<PiLine> {
  return {
    title_change: (value, { type }) => {
      const title = stringField(value, 'title');
      if (title) session({ title });
      return entry(value, type, []);
    },
    mode_change: (value, { type }) => {
      const mode = stringField(value, 'mode') ?? 'unknown';
      return entry(value, type, [system(base(value), `Mode set to ${mode}`, { kind: 'mode-change', mode })]);
    },
    service_tier_change: (value, { type }) => {
      const tiers = asRecord(value.serviceTier);
      const text = tiers ? Object.entries(tiers).map(([provider, tier]) => `${provider}: ${String(tier)}`).join(', ') : 'default';
      return entry(value, type, [system(base(value), `Service tier set to ${text}`, { kind: 'service-tier', serviceTier: tiers ?? null })]);
    },
    ttsr_injection: (value, { type }) => {
      const rules = Array.isArray(value.injectedRules) ? value.injectedRules.filter((rule: unknown): rule is string => typeof rule === 'string') : [];
      return entry(value, type, [system(base(value), `Rules injected: ${rules.join(', ') || 'none named'}`, { kind: 'rules-injected', rules })]);
    },
    reset_boundary: (value, { type }) => entry(value, type, [{ ...base(value), type: 'meta', role: 'system', text: 'Context reset: later turns start from here', meta: { kind: 'reset-boundary' } }]),
    session_init: (value, { type }) => {
      const tools = Array.isArray(value.tools) ? value.tools.filter((tool: unknown): tool is string => typeof tool === 'string') : [];
      const task = stringField(value, 'task');
      return entry(value, type, [system(base(value), stringField(value, 'systemPrompt') ?? '', { kind: 'session-init', task: task ?? null, tools })]);
    },
    // a side request (title, auto thinking, …) and what it used; its tokens are the session's too
    model_usage: (value, { type }) => {
      const usage = usageOf(value.usage);
      const id = stringField(value, 'id');
      if (usage && id) addUsage(`model-usage-${id}`, usage);
      const model = [stringField(value, 'provider'), stringField(value, 'model')].filter(Boolean).join('/');
      return entry(value, type, [system(base(value), `Side request${stringField(value, 'purpose') ? ` (${stringField(value, 'purpose')})` : ''} to ${model || 'a model'}`, {
        kind: 'model-usage', purpose: stringField(value, 'purpose') ?? null, role: stringField(value, 'role') ?? null, ...(costOf(value.usage) !== undefined ? { costUsd: costOf(value.usage) } : {}),
      })]);
    },
    // which stored credential the session used: bookkeeping, and not the model's business
    credential_pin: (value, { type }) => entry(value, type, [], 'skipped'),
  };
}
