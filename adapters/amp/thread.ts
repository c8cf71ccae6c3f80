/**
 * Format `amp/thread-json`: a thread file `~/.local/share/amp/threads/T-<uuid>.json`, ONE JSON document
 * holding the whole thread (messages with content blocks, per-message usage, a usage ledger, the
 * workspace). The pipeline hands it over as a single record; its messages are counted one by one.
 */
import type { Usage } from '../../src/transcript/index.js';
import { mapped, RecordDispatch, settle, unknown, type Origin, type Verdict } from '../shared/dispatch.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import { type AmpBlocks, blocksOf } from './blocks.js';
import type { AmpLine } from './stream.js';
import { errorText, ledgerUsageOf, resultPayload, toolStatus, usageOf, type ResultPayload } from './tools.js';
import { textField } from '../shared/content.js';

/** `run.status` values of a tool that has finished; others (`in-progress`, `blocked-on-user`, ...) are still running. */
const FINISHED_RUNS = new Set(['done', 'error', 'cancelled', 'rejected-by-user']);

interface ThreadMessage {
  message: Json;
  index: number;
  ledger: Map<string, Usage>;
  /** the thread's creation time, for its first message */
  fallbackTime: string | undefined;
}

export class AmpThread {
  private readonly threadMessages = new RecordDispatch<ThreadMessage>({
    user: ({ message, fallbackTime }, context) => this.threadUser(blocksOf(message.content), messageBase(message, fallbackTime), context),
    assistant: ({ message, index, ledger, fallbackTime }, context) => {
      const base = messageBase(message, fallbackTime);
      this.threadAssistant(message, blocksOf(message.content), base, context, ledger, base.nativeId ?? `#${index}`);
    },
    info: ({ message, fallbackTime }, context) => this.threadInfo(blocksOf(message.content), messageBase(message, fallbackTime), context),
  }, { unknownReason: (role) => `unknown Amp thread message role "${role}"` });

  constructor(private readonly out: ConverterOutput, private readonly blocks: AmpBlocks) {}

  read(doc: AmpLine, origin: Origin): Verdict {
    const threadId = stringField(doc, 'id');
    const title = stringField(doc, 'title');
    this.out.session({
      ...(threadId ? { nativeSessionId: threadId } : {}),
      ...(title ? { title } : {}),
      environment: threadEnvironment(doc),
    });
    const messages = doc.messages as unknown[];
    const ledger = ledgerByMessage(doc, messages);
    const created = timeOf(doc.created);
    // each message of the thread is counted as a record of its own, under thread/message/<role>
    messages.forEach((raw, index) => {
      const message = asRecord(raw);
      if (!message) {
        settle(origin, unknown(`message ${index} is not an object`), 'thread/message');
        return;
      }
      const role = stringField(message, 'role') ?? '(none)';
      const label = `thread/message/${role}`;
      if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
        settle(origin, unknown(`message ${index} has no content`), label);
        return;
      }
      const fallbackTime = index === 0 ? created : undefined;
      this.threadMessages.dispatch(this.out, origin.record, role, { message, index, ledger: ledger.byMessage, fallbackTime }, label);
    });
    // ledger entries for responses that have no message in the file still count as tokens
    for (const [key, usage] of ledger.orphans) this.out.usage(key, usage);
    return mapped('thread');
  }

  private threadUser(blocks: Json[], base: DraftEvent, origin: Origin): void {
    this.blocks.userBlocks(blocks, base, origin, (block, blockBase) => this.threadToolResult(block, blockBase));
  }

  /** `{toolUseID, run: {status, result | error | reason}}`; an older shape carries `tool_use_id`, `content`, `is_error`. */
  private threadToolResult(block: Json, base: DraftEvent): void {
    const callId = stringField(block, 'toolUseID') ?? stringField(block, 'tool_use_id') ?? '';
    const run = asRecord(block.run);
    if (!run) {
      const payload = resultPayload(block.content);
      this.blocks.emitResult(callId, payload, toolStatus({ isError: block.is_error === true, text: payload.text, exitCode: payload.exitCode }), base);
      return;
    }
    const runStatus = stringField(run, 'status') ?? '(none)';
    if (!FINISHED_RUNS.has(runStatus)) {
      // the thread was saved while the tool still ran (or waited for approval): no result yet
      this.out.emit({
        ...base, type: 'meta', role: 'system',
        text: `Tool call ${callId} had not finished when the thread was saved (status ${runStatus})`,
        meta: { kind: 'tool-unfinished', callId, runStatus },
      });
      this.blocks.unfinished(callId);
      return;
    }
    const payload: ResultPayload = runStatus === 'done'
      ? resultPayload(run.result ?? run.progress)
      : { text: errorText(run.error) ?? stringField(run, 'reason') ?? '' };
    const status = toolStatus({ runStatus, isError: runStatus === 'error', text: payload.text, exitCode: payload.exitCode });
    this.blocks.emitResult(callId, payload, status, base);
  }

  private threadAssistant(message: Json, blocks: Json[], base: DraftEvent, origin: Origin, ledger: Map<string, Usage>, key: string): void {
    const rawUsage = asRecord(message.usage);
    const usage = usageOf(rawUsage) ?? ledger.get(key);
    if (usage) this.out.usage(`message:${key}`, usage);
    const model = stringField(rawUsage, 'model') ?? stringField(message, 'model');
    const timestamp = base.timestamp ?? timeOf(rawUsage?.timestamp) ?? null;
    const withModel: DraftEvent = { ...base, timestamp, ...(model ? { model } : {}) };
    this.blocks.assistantBlocks(origin, blocks, withModel, usage);
    const state = asRecord(message.state);
    const stateType = stringField(state, 'type');
    if (stateType === 'cancelled') {
      this.out.emit({ ...withModel, type: 'meta', role: 'system', text: 'The response was cancelled', meta: { kind: 'interrupted' } });
    } else if (stateType === 'error') {
      this.out.emit({ ...withModel, type: 'system', role: 'system', text: errorText(state?.error) ?? 'The response ended with an error', meta: { kind: 'error' } });
    } else if (stateType === 'streaming') {
      this.out.emit({ ...withModel, type: 'meta', role: 'system', text: 'The thread was saved while this response was still streaming', meta: { kind: 'incomplete' } });
    }
  }

  /** `info` messages: summaries that stand in for compacted history, and other notices. */
  private threadInfo(blocks: Json[], base: DraftEvent, origin: Origin): void {
    for (const block of blocks) {
      if (block.type === 'summary') {
        const summary = asRecord(block.summary);
        const text = textField(summary, 'summary') ?? (stringField(summary, 'thread') ? `Summary thread ${stringField(summary, 'thread')}` : undefined);
        this.out.emit({ ...base, type: 'system', role: 'system', text: text ?? '', meta: { kind: 'summary', recordType: stringField(summary, 'type') ?? 'summary' } });
      } else if (block.type === 'text' && typeof block.text === 'string') {
        this.out.emit({ ...base, type: 'system', role: 'system', text: block.text, meta: { kind: 'info' } });
      } else {
        this.blocks.unknownBlock(origin, block);
      }
    }
  }
}

/** Epoch milliseconds or an RFC 3339 string → RFC 3339, or undefined. */
function timeOf(value: unknown): string | undefined {
  return isoTime(value, { checkStrings: true });
}

/** A thread message's time and id; the first message without a time of its own takes the thread's creation time. */
function messageBase(message: Json, fallbackTime: string | undefined): DraftEvent {
  const messageId = idOf(message.messageId) ?? idOf(message.id);
  return {
    timestamp: messageTime(message) ?? fallbackTime ?? null,
    ...(messageId !== undefined ? { nativeId: messageId } : {}),
  } as DraftEvent;
}

function messageTime(message: Json): string | undefined {
  return timeOf(asRecord(message.meta)?.sentAt) ?? timeOf(message.createdAt) ?? timeOf(message.timestamp);
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * `usageLedger.events` repeats the tokens of responses whose message already carries `usage`;
 * only the entries for messages without usage of their own are used, so nothing counts twice.
 */
function ledgerByMessage(doc: AmpLine, messages: unknown[]): { byMessage: Map<string, Usage>; orphans: Map<string, Usage> } {
  const byMessage = new Map<string, Usage>();
  const orphans = new Map<string, Usage>();
  const events = asRecord(doc.usageLedger)?.events;
  if (!Array.isArray(events)) return { byMessage, orphans };
  const withUsage = new Set<string>();
  const known = new Set<string>();
  messages.forEach((raw, index) => {
    const message = asRecord(raw);
    if (message?.role !== 'assistant') return;
    const key = idOf(message.messageId) ?? idOf(message.id) ?? `#${index}`;
    known.add(key);
    if (usageOf(message.usage)) withUsage.add(key);
  });
  events.forEach((raw, index) => {
    const event = asRecord(raw);
    const usage = ledgerUsageOf(event?.tokens);
    if (!event || !usage) return;
    const target = idOf(event.toMessageId);
    if (target !== undefined && withUsage.has(target)) return;
    const map = target !== undefined && known.has(target) ? byMessage : orphans;
    const key = target !== undefined && known.has(target) ? target : `ledger:${idOf(event.id) ?? index}`;
    const previous = map.get(key);
    map.set(key, previous ? { input: previous.input + usage.input, output: previous.output + usage.output } : usage);
  });
  return { byMessage, orphans };
}

/** The workspace of the thread: `env.initial.cwd`, else the first tree's `file://` URI. */
function threadEnvironment(doc: AmpLine): { cwd: string | null; repo?: { name?: string; remote?: string; commit?: string; branch?: string } } {
  const initial = asRecord(asRecord(doc.env)?.initial);
  const trees = Array.isArray(initial?.trees) ? initial.trees : [];
  const tree = asRecord(trees[0]);
  let cwd = stringField(initial, 'cwd');
  const uri = stringField(tree, 'uri');
  if (!cwd && uri) cwd = pathOfUri(uri);
  const repository = asRecord(tree?.repository);
  const remote = stringField(repository, 'url');
  const commit = stringField(repository, 'sha');
  const ref = stringField(repository, 'ref');
  const repo = remote || commit || ref
    ? {
      ...(stringField(tree, 'displayName') ? { name: stringField(tree, 'displayName') } : {}),
      ...(remote ? { remote } : {}),
      ...(commit ? { commit } : {}),
      ...(ref ? { branch: ref.replace(/^refs\/heads\//, '') } : {}),
    }
    : undefined;
  return { cwd: cwd ?? null, ...(repo ? { repo } : {}) };
}

function pathOfUri(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri.slice('file://'.length);
  }
}

