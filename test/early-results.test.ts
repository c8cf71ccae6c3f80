/** pairingEarlyResults (adapters/shared/early-results.ts): a result read before its call, for every adapter. */
import { describe, expect, it } from 'vitest';
import { pairingEarlyResults } from '../adapters/shared/early-results.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../adapters/types.js';

/** A converter that emits what each record lists, then counts the record. */
const scripted = (out: ConverterOutput): Converter => ({
  push: (record) => {
    for (const event of record.value.events as DraftEvent[]) out.emit(event);
    out.count('line', 'mapped');
  },
  flush: () => out.emit({ timestamp: null, type: 'meta', role: 'system', text: 'end' }),
});
const call = (callId: string, name = 'Bash'): DraftEvent => ({ timestamp: null, type: 'tool_call', role: 'assistant', tool: { name, callId, kind: 'shell' } });
const result = (callId: string, output: string): DraftEvent => ({ timestamp: null, type: 'tool_result', role: 'tool', tool: { name: 'unknown', callId, kind: 'other', output } });
const say = (text: string): DraftEvent => ({ timestamp: null, type: 'assistant_message', role: 'assistant', text });

function run(lines: DraftEvent[][], window?: number): string[] {
  const seen: string[] = [];
  const out: ConverterOutput = {
    emit: (e) => seen.push(`${e.type}${e.tool ? `:${e.tool.callId}:${e.tool.name}` : ''}${e.text ? `:${e.text}` : ''}`),
    session: () => {}, usage: () => {}, count: () => {}, unknown: () => {},
  };
  const converter = pairingEarlyResults(scripted, window)(out);
  lines.forEach((events, index) => converter.push({ file: 'x', line: index + 1, value: { events } } as unknown as NativeRecord));
  converter.flush();
  return seen;
}

describe('pairingEarlyResults', () => {
  it('a result whose call comes a record later follows its call, told the tool by the call', () => {
    expect(run([[result('a', 'done')], [say('running it'), call('a')]])).toEqual(['assistant_message:running it', 'tool_call:a:Bash', 'tool_result:a:Bash', 'meta:end']);
  });
  it('a result whose call never comes is let go after the window, in order, and at the end at the latest', () => {
    expect(run([[result('gone', 'x')], [say('one')], [say('two')], [say('three')]], 2)).toEqual(['assistant_message:one', 'assistant_message:two', 'tool_result:gone:unknown', 'assistant_message:three', 'meta:end']);
    expect(run([[result('gone', 'x')], [say('one')]])).toEqual(['assistant_message:one', 'meta:end', 'tool_result:gone:unknown']);
  });
  it('results after their calls, and events without a tool, pass in order untouched', () => {
    expect(run([[call('a'), say('between')], [result('a', 'ok'), result('a', 'again')]])).toEqual(['tool_call:a:Bash', 'assistant_message:between', 'tool_result:a:unknown', 'tool_result:a:unknown', 'meta:end']);
  });
  it('two early results under one id both follow the call', () => {
    expect(run([[result('a', '1'), result('a', '2')], [call('a', 'Read')]])).toEqual(['tool_call:a:Read', 'tool_result:a:Read', 'tool_result:a:Read', 'meta:end']);
  });
});
