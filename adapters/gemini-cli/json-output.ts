/**
 * Format `gemini-cli/json`: `gemini -p … --output-format json` prints one `{session_id, response,
 * stats, error?, warnings?}` object: the final answer and counts, never the prompt or the calls.
 */
import type { Usage } from '../../src/transcript/index.js';
import { mapped, type Verdict } from '../shared/dispatch.js';
import { asRecord, stringField } from '../shared/json.js';
import { addUsage } from '../shared/usage.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import type { GeminiLine } from './converter.js';
import { num } from './tools.js';
import { textField } from '../shared/content.js';

/** Tools Qwen Code 0.1.x had under names Gemini CLI never used (Gemini: `replace`, `write_todos`, no `task`). */
const QWEN_ONLY_TOOLS = new Set(['edit', 'task', 'todo_write']);

/**
 * Qwen Code 0.1.x (a Gemini CLI fork) printed this same `{response, stats}` object, without Gemini's
 * `session_id`. Without it, what tells them apart is a tool only Qwen named so, or a model that is
 * not Gemini's (Gemini CLI talks only to Gemini models); an object with neither stays Gemini's.
 */
export function printedByQwenCode(record: Record<string, unknown>): boolean {
  if ('type' in record || 'session_id' in record) return false;
  const stats = asRecord(record.stats);
  const models = asRecord(stats?.models);
  if (!models || (typeof record.response !== 'string' && !asRecord(record.error))) return false;
  const tools = Object.keys(asRecord(asRecord(stats?.tools)?.byName) ?? {});
  return tools.some((name) => QWEN_ONLY_TOOLS.has(name)) || Object.keys(models).some((model) => !model.startsWith('gemini-'));
}

export function readJsonOutput(out: ConverterOutput, emit: (event: DraftEvent) => void, value: GeminiLine): Verdict {
  const stats = asRecord(value.stats);
  const models = asRecord(stats?.models) ?? {};
  out.session({ nativeSessionId: stringField(value, 'session_id') });
  for (const model of Object.keys(models)) out.session({ model });
  emit({
    timestamp: null, type: 'meta', role: 'system', synthetic: true,
    text: 'The user prompt is not in --output-format json output.',
    meta: { kind: 'missing-user-prompt' },
  });
  if (typeof value.response === 'string' && value.response.length > 0) {
    const onlyModel = Object.keys(models).length === 1 ? Object.keys(models)[0] : undefined;
    emit({ timestamp: null, type: 'assistant_message', role: 'assistant', text: value.response, ...(onlyModel ? { model: onlyModel } : {}) });
  }
  const tools = asRecord(stats?.tools);
  if (tools && num(tools.totalCalls) > 0) {
    const byName = asRecord(tools.byName) ?? {};
    const names = Object.entries(byName).map(([name, v]) => `${name} ×${num(asRecord(v)?.count)}`);
    emit({
      timestamp: null, type: 'meta', role: 'system',
      text: `${num(tools.totalCalls)} tool call(s) (${names.join(', ')}; ${num(tools.totalSuccess)} succeeded, ${num(tools.totalFail)} failed): --output-format json reports only these counts and the final answer`,
      meta: { kind: 'tool-summary', totalCalls: num(tools.totalCalls), totalSuccess: num(tools.totalSuccess), totalFail: num(tools.totalFail), byName: Object.fromEntries(Object.entries(byName).map(([name, v]) => [name, num(asRecord(v)?.count)])) },
    });
  }
  const error = asRecord(value.error);
  if (error) {
    emit({ timestamp: null, type: 'system', role: 'system', text: textField(error, 'message') ?? 'error', meta: { kind: 'error', recordType: `error/${stringField(error, 'type') ?? 'unknown'}`, ...(error.code !== undefined ? { code: error.code } : {}) } });
  }
  if (Array.isArray(value.warnings)) {
    for (const warning of value.warnings) if (typeof warning === 'string') emit({ timestamp: null, type: 'system', role: 'system', text: warning, meta: { kind: 'warning' } });
  }
  if (Object.keys(models).length > 0) {
    let usage: Usage = { input: 0, output: 0 };
    for (const metrics of Object.values(models)) {
      const tokens = asRecord(asRecord(metrics)?.tokens);
      if (!tokens) continue;
      const cached = num(tokens.cached);
      const input = typeof tokens.input === 'number' ? tokens.input : Math.max(0, num(tokens.prompt) - cached);
      const thoughts = num(tokens.thoughts);
      usage = addUsage(usage, { input, output: num(tokens.candidates) + thoughts, ...(cached ? { cacheRead: cached } : {}), ...(thoughts ? { reasoning: thoughts } : {}) });
    }
    out.session({ totalUsage: usage });
  }
  return mapped('json-output');
}
