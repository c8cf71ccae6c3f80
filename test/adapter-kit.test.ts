/** The adapters' shared kit (adapters/shared/): each piece on its own, with hand-written inputs. */
import { describe, expect, it } from 'vitest';
import { CallTracker, REUSED_ID_REASON } from '../adapters/shared/calls.js';
import { closeUnanswered, type NamedCall, unansweredResults } from '../adapters/shared/unanswered.js';
import { base64Image, contentToText, textField, unmappedBlockEvent, urlImage } from '../adapters/shared/content.js';
import { blockProse, proseIn, withBlockProse } from '../adapters/shared/prose.js';
import { keepingUnreadFields, unreadProse } from '../adapters/shared/unread-fields.js';
import { DEFERRED, RecordDispatch, mapped, skipped, unknown } from '../adapters/shared/dispatch.js';
import { durationMs, elapsedMs, isoTime, timeMs } from '../adapters/shared/time.js';
import { filesFromInput, identifyTool, mcpToolOf, toolLookup } from '../adapters/shared/tools.js';
import { typedRecords } from '../adapters/shared/json.js';
import { addUsage, mapUsage } from '../adapters/shared/usage.js';
import type { ConverterOutput, DraftEvent, NativeRecord, RecordOutcome, SessionGlance } from '../adapters/types.js';
import { jsonlFacts, lineCount } from '../adapters/shared/glance.js';

describe('tool identification', () => {
  const catalog = { kinds: { Bash: 'shell', Read: 'read' } as const };
  it('maps a known name to its kind and any other to "other"', () => {
    expect(identifyTool(catalog, 'Bash')).toEqual({ kind: 'shell' });
    expect(identifyTool(catalog, 'bash')).toEqual({ kind: 'other' });
    expect(identifyTool({ kinds: { bash: 'shell' }, caseInsensitive: true }, 'BASH')).toEqual({ kind: 'shell' });
  });
  it('reads MCP tools from their mcp__server__tool name, the tool part keeping its own "__"', () => {
    expect(identifyTool(catalog, 'mcp__github__create_issue')).toEqual({ kind: 'mcp', mcp: { server: 'github', tool: 'create_issue' } });
    expect(mcpToolOf('mcp__a__b__c')).toEqual({ server: 'a', tool: 'b__c' });
    expect(mcpToolOf('Bash')).toBeUndefined();
  });
  it('leaves mcp__ names alone for an agent that never names MCP tools so', () => {
    expect(identifyTool({ kinds: {}, mcpNames: false }, 'mcp__a__b')).toEqual({ kind: 'other' });
  });
  it('answers kind and input files from one catalog', () => {
    const tools = toolLookup({ kinds: { edit: 'edit' }, pathKeys: ['filePath'] });
    expect(tools.kind('edit')).toBe('edit');
    expect(tools.kind('mcp__s__t')).toBe('mcp');
    expect(tools.files('edit', { filePath: 'x' })).toEqual([{ path: 'x', action: 'edit' }]);
  });
  it('yields the typed records of a detection sample', () => {
    expect([...typedRecords([{ type: 'a', n: 1 }, { type: '' }, 'x', null, { n: 2 }, { type: 'b' }])].map((r) => r.type)).toEqual(['a', 'b']);
  });
  it('takes the files a call names from the first path key that holds one, for file kinds only', () => {
    expect(filesFromInput('edit', { path: 'a.ts' }, ['file_path', 'path'])).toEqual([{ path: 'a.ts', action: 'edit' }]);
    expect(filesFromInput('read', { file_path: 'b', path: 'c' }, ['file_path', 'path'])).toEqual([{ path: 'b', action: 'read' }]);
    expect(filesFromInput('shell', { path: 'a.ts' }, ['path'])).toBeUndefined();
    expect(filesFromInput('write', { path: 42 }, ['path'])).toBeUndefined();
  });
});

describe('content blocks to text', () => {
  it('keeps a string as it is and joins text blocks, other blocks standing as placeholders', () => {
    expect(contentToText('hi')).toEqual({ text: 'hi', attachments: [] });
    expect(contentToText([{ type: 'text', text: 'a' }, { type: 'tool_use' }, 7, { type: 'text', text: 'b' }])).toEqual({
      text: 'a\n[tool_use block]\nb', attachments: [],
    });
    expect(contentToText(undefined)).toEqual({ text: '', attachments: [] });
  });
  it('follows the rules given: separator, what counts as text, attachments, what stands for the rest', () => {
    const result = contentToText(
      [{ type: 'output_text', text: 'x' }, { type: 'image', data: 'aGVsbG8=', mime: 'image/png' }, { type: 'weird' }, { type: 'refusal', refusal: 'no' }],
      {
        separator: '',
        text: (b) => (typeof b.text === 'string' ? b.text : typeof b.refusal === 'string' ? b.refusal : undefined),
        attachment: (b) => (b.type === 'image' ? base64Image(b.mime as string, b.data) : undefined),
        other: () => undefined,
      },
    );
    expect(result).toEqual({ text: 'xno', attachments: [{ kind: 'image', mime: 'image/png', bytes: 5 }] });
  });
  it('describes images by mime and size, never copying the data', () => {
    expect(urlImage('data:image/jpeg;base64,aGVsbG8=')).toEqual({ kind: 'image', mime: 'image/jpeg', bytes: 5 });
    expect(urlImage('https://x/y.png')).toEqual({ kind: 'image', path: 'https://x/y.png' });
    expect(base64Image(undefined, undefined, 'file')).toEqual({ kind: 'file' });
  });
});

describe('what a converter does not know keeps its prose', () => {
  it('finds prose (text with whitespace) in a block, leaving ids, payloads and short words out', () => {
    const block = { type: 'citation', id: 'cit_0123456789abcdef', cited_text: 'the sky is blue', source: { title: 'A book about skies', url: 'https://x/y' }, data: 'aGVs bG8=', n: 3 };
    expect(blockProse(block)).toEqual(['the sky is blue', 'A book about skies']);
    expect(proseIn({ a: 'two words here', deep: { deeper: { deepest: 'too far down to look' } } }, 8)).toEqual(['two words here']);
    expect(proseIn({ status: 'in progress' }, 16)).toEqual([]);
  });
  it('puts an unknown block\'s prose after its placeholder, unless the placeholder holds it', () => {
    expect(withBlockProse('[note block]', { type: 'note', body: 'remember the milk' })).toBe('[note block]\nremember the milk');
    expect(withBlockProse('{"body":"remember the milk"}', { body: 'remember the milk' })).toBe('{"body":"remember the milk"}');
    expect(contentToText([{ type: 'text', text: 'a' }, { type: 'server_tool_use', input: { query: 'weather in Paris today' } }]).text)
      .toBe('a\n[server_tool_use block]\nweather in Paris today');
    expect(unmappedBlockEvent({ type: 'document', title: 'Quarterly report draft' }, { role: 'assistant' } as never)).toMatchObject({
      type: 'meta', text: 'Block of type document\nQuarterly report draft', meta: { kind: 'unmapped-block', recordType: 'document' },
    });
  });
  it('reads a text field given as a string or as text blocks', () => {
    expect(textField({ text: 'plain' }, 'text')).toBe('plain');
    expect(textField({ text: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }, 'text')).toBe('one\ntwo');
    expect(textField({ text: '' }, 'text')).toBeUndefined();
    expect(textField({ text: 3 }, 'text')).toBeUndefined();
  });
  it('finds prose in fields it does not know, at the top level and one level down in known objects', () => {
    const known = new Set(['type', 'message', 'content', 'id']);
    const record = {
      type: 'assistant', id: 'x', sessionHint: 'short', reasoning_summary: 'The model weighed two options first',
      message: { content: 'hi', annotations: [{ type: 'note', text: 'a remark about the answer' }], stop: 'end_turn' },
      extra: { inner: 'prose inside an unknown object is found too' },
    };
    expect(unreadProse(record, known)).toEqual([
      { field: 'reasoning_summary', text: 'The model weighed two options first' },
      { field: 'message.annotations', text: 'a remark about the answer' },
      { field: 'extra', text: 'prose inside an unknown object is found too' },
    ]);
  });
  it('emits the unread prose of each record after its own events', () => {
    const events: unknown[] = [];
    const out = { emit: (event: unknown) => events.push(event) } as unknown as ConverterOutput;
    const factory = keepingUnreadFields((o) => ({ push: () => o.emit({ type: 'assistant_message', role: 'assistant', text: 'hi' }), flush: () => {} }), ['type']);
    factory(out).push({ line: 4, file: '-', value: { type: 'x', summary: 'A summary a newer release wrote' } });
    expect(events).toEqual([
      { type: 'assistant_message', role: 'assistant', text: 'hi' },
      { type: 'meta', role: 'system', text: 'A summary a newer release wrote', timestamp: null, meta: { kind: 'unread-field', field: 'summary', line: 4, reason: 'a field this converter does not know held text' } },
    ]);
  });
});

describe('timestamps', () => {
  it('turns epoch numbers into RFC 3339 and keeps date strings as written', () => {
    expect(isoTime(1767225600000)).toBe('2026-01-01T00:00:00.000Z');
    expect(isoTime(1767225600, { epoch: 's' })).toBe('2026-01-01T00:00:00.000Z');
    expect(isoTime('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00Z');
    expect(isoTime('yesterday')).toBe('yesterday');
    expect(isoTime('yesterday', { checkStrings: true })).toBeUndefined();
  });
  it('treats zero, negatives, NaN and out-of-range numbers as no time unless told', () => {
    expect(isoTime(0)).toBeUndefined();
    expect(isoTime(-5)).toBeUndefined();
    expect(isoTime(0, { anyNumber: true })).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(Number.NaN)).toBeUndefined();
    expect(isoTime(9e18)).toBeUndefined();
    expect(isoTime('')).toBeUndefined();
    expect(isoTime({})).toBeUndefined();
  });
  it('measures elapsed time only when both ends are known and in order', () => {
    expect(timeMs('2026-01-01T00:00:01.000Z')).toBe(1767225601000);
    expect(timeMs('nope')).toBeNull();
    expect(elapsedMs(1767225600000, '2026-01-01T00:00:01.250Z')).toBe(1250);
    expect(elapsedMs(1767225602000, '2026-01-01T00:00:01.000Z')).toBeUndefined();
    expect(elapsedMs(null, '2026-01-01T00:00:01.000Z')).toBeUndefined();
    expect(durationMs(12.6)).toBe(13);
    expect(durationMs(Number.NaN)).toBeUndefined();
  });
});

describe('call tracker', () => {
  it('pairs a result with its call and times it', () => {
    const calls = new CallTracker<{ name: string }>();
    calls.call('c1', { name: 'Bash' }, '2026-01-01T00:00:00.000Z');
    expect(calls.has('c1')).toBe(true);
    expect(calls.answer('c1', '2026-01-01T00:00:02.000Z')).toEqual({ call: { name: 'Bash' }, elapsedMs: 2000 });
    expect(calls.size).toBe(0);
  });
  it('reports orphans: calls left unanswered and results that answer no call, saying which', () => {
    const calls = new CallTracker<string>();
    calls.call('a', 'first');
    calls.call('b', 'second', null);
    expect(calls.answer('zzz')).toEqual({ call: undefined, elapsedMs: undefined, unmatched: 'no-call' });
    calls.answer('b');
    expect(calls.answer('b')).toEqual({ call: undefined, elapsedMs: undefined, unmatched: 'answered-before' }); // answered once only
    expect(calls.seen('b')).toBe(true);
    expect(calls.seen('never')).toBe(false);
    expect(calls.drain()).toEqual({ unanswered: [{ callId: 'a', call: 'first' }], unmatched: ['zzz', 'b'] });
    expect(calls.orphans()).toEqual({ unanswered: [], unmatched: [] });
  });
  it('a call reopened under an open id replaces the first, which stays among the unanswered with its reason', () => {
    const calls = new CallTracker<number>();
    expect(calls.call('x', 1, 'not a time')).toBe('opened');
    expect(calls.call('x', 2, '2026-01-01T00:00:00.000Z')).toBe('reused-id');
    expect(calls.peek('x')).toBe(2);
    expect(calls.startedAt('x')).toBe(1767225600000);
    expect(calls.orphans().unanswered).toEqual([{ callId: 'x', call: 1, reason: REUSED_ID_REASON }, { callId: 'x', call: 2 }]);
    expect(calls.answer('x').elapsedMs).toBeUndefined();
    expect(calls.drain().unanswered).toEqual([{ callId: 'x', call: 1, reason: REUSED_ID_REASON }]);
  });
  it('drain(reason) gives every unanswered call a reason, a reused id keeping its own', () => {
    const calls = new CallTracker<{ name: string; state: string }>();
    calls.call('x', { name: 'one', state: 'queued' });
    calls.call('x', { name: 'two', state: 'running' });
    calls.call('y', { name: 'three', state: 'generated' });
    expect(calls.drain((call) => `still ${call.state}`).unanswered.map((u) => u.reason)).toEqual([REUSED_ID_REASON, 'still running', 'still generated']);
    expect(calls.size).toBe(0);
  });
  it('closeUnanswered emits one synthetic result per open call, with the MCP server, the extra fields and a status only when the log can tell', () => {
    const calls = new CallTracker<NamedCall>();
    calls.call('a', { name: 'Bash', kind: 'shell' });
    calls.call('b', { name: 'search', kind: 'mcp', mcp: { server: 'docs', tool: 'search' } });
    const events: DraftEvent[] = [];
    const out = { emit: (event: DraftEvent) => events.push(event) } as unknown as ConverterOutput;
    closeUnanswered(out, calls, 'the log ends first', { extra: { parentId: 'sub-1' } });
    expect(events).toEqual([
      { timestamp: null, type: 'tool_result', role: 'tool', synthetic: true, parentId: 'sub-1', tool: { name: 'Bash', callId: 'a', kind: 'shell', output: '', status: 'error' }, meta: { kind: 'missing-tool-result', reason: 'the log ends first' } },
      { timestamp: null, type: 'tool_result', role: 'tool', synthetic: true, parentId: 'sub-1', tool: { name: 'search', callId: 'b', kind: 'mcp', mcp: { server: 'docs', tool: 'search' }, output: '', status: 'error' }, meta: { kind: 'missing-tool-result', reason: 'the log ends first' } },
    ]);
    calls.call('c', { name: 'Read', kind: 'read' });
    expect(unansweredResults(calls, 'shown as a request only', { failed: false })[0]?.tool).toEqual({ name: 'Read', callId: 'c', kind: 'read', output: '' });
  });
  it('calls without an id get ids of their own; a result without one answers the oldest unclaimed id-less call of its tool, even one already answered', () => {
    const calls = new CallTracker<string>();
    const shell = calls.openCall(undefined, 'shell', 'ls');
    const read = calls.openCall('', 'read', 'cat a');
    const placed = calls.callWithoutId('read', 'cat b', null, 'msg-1#0');
    expect(calls.openCall('real', 'read', 'cat c')).toBe('real');
    expect(new Set([shell, read, placed]).size).toBe(3);
    expect(placed).toBe('msg-1#0');
    expect(calls.answer(read).call).toBe('cat a'); // answered under its made-up id (a toolCalls entry)
    expect(calls.resultId(undefined, 'read')).toBe(read); // its id-less copy still finds it
    expect(calls.resultId('', 'read')).toBe(placed);
    expect(calls.resultId(undefined)).toBe(shell); // no name: the oldest left
    const orphan = calls.resultId(undefined, 'read');
    expect([shell, read, placed, 'real']).not.toContain(orphan);
    expect(calls.resultId('own-id', 'read')).toBe('own-id');
  });
  it('a call whose result came first is answered when it comes, not left open', () => {
    const calls = new CallTracker<string>();
    expect(calls.answer('early').unmatched).toBe('no-call');
    expect(calls.seen('early')).toBe(true);
    expect(calls.call('early', 'late call')).toBe('answered-before');
    expect(calls.has('early')).toBe(false);
    expect(calls.call('early', 'a new call under the same id')).toBe('opened');
    expect(calls.drain().unanswered).toEqual([{ callId: 'early', call: 'a new call under the same id' }]);
  });
});

describe('usage mapping', () => {
  it('reads counters from the paths given, taking cached tokens out of an input that includes them', () => {
    const openai = { input: ['input_tokens'], output: ['output_tokens'], cacheRead: ['cached_input_tokens', 'input_tokens_details.cached_tokens'], reasoning: ['output_tokens_details.reasoning_tokens'], inputIncludesCache: true };
    expect(mapUsage({ input_tokens: 100, output_tokens: 20, input_tokens_details: { cached_tokens: 60 }, output_tokens_details: { reasoning_tokens: 5 } }, openai))
      .toEqual({ input: 40, output: 20, cacheRead: 60, reasoning: 5 });
    expect(mapUsage({ input: 10, output: 2, thoughts: 3 }, { input: ['input'], output: ['output'], reasoning: ['thoughts'], outputExcludesReasoning: true }))
      .toEqual({ input: 10, output: 5, reasoning: 3 });
  });
  it('gives nothing without both input and output, and leaves zero counters out', () => {
    expect(mapUsage({ input_tokens: 1 }, { input: ['input_tokens'], output: ['output_tokens'] })).toBeUndefined();
    expect(mapUsage('x', { input: ['a'], output: ['b'] })).toBeUndefined();
    expect(mapUsage({ a: 1, b: 2, c: 0 }, { input: ['a'], output: ['b'], cacheRead: ['c'] })).toEqual({ input: 1, output: 2 });
    expect(addUsage({ input: 1, output: 1 }, { input: 2, output: 3, cacheRead: 4 })).toEqual({ input: 3, output: 4, cacheRead: 4 });
  });
  it('with whole counts, rounds fractions and passes over negative numbers to the next spelling', () => {
    expect(mapUsage({ a: -1, b: 2.6, c: 3 }, { input: ['a', 'c'], output: ['b'], wholeCounts: true })).toEqual({ input: 3, output: 3 });
  });
});

describe('record dispatch', () => {
  function recorder() {
    const counts: Array<[string, RecordOutcome, string?]> = [];
    const out = {
      emit() {}, session() {}, usage() {},
      count: (type: string, outcome: RecordOutcome) => counts.push([type, outcome]),
      unknown: (_record: NativeRecord, type: string, reason: string) => counts.push([type, 'unknown', reason]),
    } as ConverterOutput;
    return { out, counts };
  }
  const record: NativeRecord = { line: 1, file: 'f', value: {} };

  it('counts every record once: mapped by default, or what the handler says', () => {
    const { out, counts } = recorder();
    const table = new RecordDispatch<number>({
      a: () => {},
      b: () => 'skipped',
      c: () => mapped('c/renamed'),
      d: () => unknown('no shape'),
    }, { unknownReason: (type) => `no handler for ${type}`, skip: new Set(['e']) });
    for (const type of ['a', 'b', 'c', 'd', 'e', 'f']) table.dispatch(out, record, type, 0);
    expect(counts).toEqual([
      ['a', 'mapped'], ['b', 'skipped'], ['c/renamed', 'mapped'], ['d', 'unknown', 'no shape'], ['e', 'skipped'], ['f', 'unknown', 'no handler for f'],
    ]);
    expect(table.knows('e') && table.knows('a') && !table.knows('f') && !table.knows('toString')).toBe(true);
  });

  it('lets a nested table decide the label and the outcome, counted by the outer one', () => {
    const { out, counts } = recorder();
    const inner = new RecordDispatch<string>({ x: () => skipped() }, { unknownReason: (type) => `inner ${type}` });
    const outer = new RecordDispatch<string>({
      wrap: (value, context) => inner.route(`wrap/${value}`.slice(5), value, context),
    }, { unknownReason: () => 'outer' });
    outer.dispatch(out, record, 'wrap', 'x');
    outer.dispatch(out, record, 'wrap', 'y');
    expect(counts).toEqual([['x', 'skipped'], ['y', 'unknown', 'inner y']]);
  });

  it('sends other types to the fallback, and runs what must follow a record after its count', () => {
    const { out, counts } = recorder();
    const order: string[] = [];
    const table = new RecordDispatch<string>({
      known: () => ({ outcome: 'mapped', after: () => order.push(`after ${counts.length}`) }),
    }, {
      unknownReason: () => 'unused',
      fallback: (value, context) => unknown(`no ${value}`, `other/${context.type}`),
    });
    table.dispatch(out, record, 'known', 'x');
    table.dispatch(out, record, 'strange', 'y');
    expect(counts).toEqual([['known', 'mapped'], ['other/strange', 'unknown', 'no y']]);
    expect(order).toEqual(['after 1']);
  });

  it('counts a deferred record when it settles, once', () => {
    const { out, counts } = recorder();
    let settle: ((outcome: 'mapped' | 'skipped') => void) | undefined;
    const table = new RecordDispatch<null>({
      later: (_value, context) => {
        settle = context.defer();
        return DEFERRED;
      },
    }, { unknownReason: () => '' });
    table.dispatch(out, record, 'later', null);
    expect(counts).toEqual([]);
    settle!('skipped');
    settle!('mapped');
    expect(counts).toEqual([['later', 'skipped']]);
  });
});

describe('glance: facts from the head and tail of a JSONL session', () => {
  const pick = { sessionId: (r: Record<string, unknown>) => r.id, time: (r: Record<string, unknown>) => r.t, finished: (r: Record<string, unknown>) => (r.done === undefined ? undefined : r.done === true) };
  const glance = (head: string, tail: string, whole: boolean): SessionGlance => ({ path: 'x', relativePath: 'x', size: head.length, mtimeMs: 0, head, tail, whole });

  it('reads a whole file: blank and CRLF lines are not records, the last record decides the end', () => {
    const text = '{"id":"s1","t":"2026-01-01T00:00:00Z"}\r\n\n  \n{"t":"2026-01-01T00:05:00Z","done":true}\r\n';
    expect(jsonlFacts(glance(text, text, true), pick)).toEqual({ sessionId: 's1', startedAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:05:00Z', finished: true, events: 2 });
    expect(lineCount(glance('', '', true))).toBe(0);
  });

  it('leaves out the line the head ends in and the line the tail starts in', () => {
    const head = '{"id":"s2","t":"2026-01-01T00:00:00Z"}\n{"id":"cut","t":"2026-01-0';
    const tail = '0:00Z","done":false}\n{"t":"2026-01-01T09:00:00Z","done":false}\n';
    expect(jsonlFacts(glance(head, tail, false), pick)).toEqual({ sessionId: 's2', startedAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T09:00:00Z', finished: false });
    // a tail without a single whole line gives nothing, rather than a cut record
    expect(jsonlFacts(glance(head, 'T09:00:00Z","done":true}', false), pick)).toEqual({ sessionId: 's2', startedAt: '2026-01-01T00:00:00Z' });
  });
});
