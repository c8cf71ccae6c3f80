/**
 * Format `amp/stream-json`: the stdout of `amp --execute --stream-json`, JSON lines shaped like
 * Claude Code's stream-json (system/init, user, assistant, result; content is a block array).
 */
import { mapped, RecordDispatch, unknown, type HandlerResult, type Origin, type Verdict } from '../shared/dispatch.js';
import { asRecord, stringField, type Json, type Native } from '../shared/json.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import { type AmpBlocks, blocksOf } from './blocks.js';
import type { Line } from './records.js';
import { resultPayload, toolStatus, usageOf } from './tools.js';
import { textField } from '../shared/content.js';

export type AmpLine = Native<Line>;

export class AmpStream {
  private lastMessageId: string | undefined;
  /** stream responses without a message id, numbered so each is counted once */
  private anonymousResponses = 0;
  private durationMs = 0;

  readonly table = new RecordDispatch<AmpLine>({
    system: (value) => this.system(value),
    user: (value, context) => this.streamUser(value, context),
    assistant: (value, context) => this.streamAssistant(value, context),
    result: (value) => this.result(value),
  }, { unknownReason: (type) => `unknown Amp stream record type "${type}"` });

  constructor(private readonly out: ConverterOutput, private readonly blocks: AmpBlocks) {}

  private system(value: AmpLine): Verdict {
    const subtype = stringField(value, 'subtype') ?? '(none)';
    if (subtype !== 'init') return unknown(`unknown Amp system record subtype "${subtype}"`, `system/${subtype}`);
    const cwd = stringField(value, 'cwd');
    this.out.session({ nativeSessionId: stringField(value, 'session_id'), environment: { cwd: cwd ?? null } });
    const tools = Array.isArray(value.tools) ? value.tools : [];
    const servers = Array.isArray(value.mcp_servers) ? value.mcp_servers : [];
    const serverNames = servers.map((server) => stringField(asRecord(server), 'name')).filter((name): name is string => name !== undefined);
    this.out.emit({
      ...this.streamEnvelope(value), type: 'system', role: 'system',
      text: `Session started${cwd ? ` in ${cwd}` : ''}, ${tools.length} tools, ${serverNames.length > 0 ? `MCP servers: ${serverNames.join(', ')}` : 'no MCP servers'}`,
      meta: { kind: 'init', tools, mcpServers: servers },
    });
    return mapped('system/init');
  }

  private streamUser(value: AmpLine, origin: Origin): HandlerResult {
    const content = asRecord(value.message)?.content;
    if (typeof content !== 'string' && !Array.isArray(content)) return unknown('user record without message content');
    this.blocks.userBlocks(blocksOf(content), this.streamEnvelope(value), origin, (block, base) => this.streamToolResult(block, base));
  }

  private streamToolResult(block: Json, base: DraftEvent): void {
    const callId = stringField(block, 'tool_use_id') ?? stringField(block, 'toolUseID');
    const payload = resultPayload(block.content);
    const status = toolStatus({ isError: block.is_error === true, text: payload.text, exitCode: payload.exitCode });
    this.blocks.emitResult(callId, payload, status, base);
  }

  private streamAssistant(value: AmpLine, origin: Origin): HandlerResult {
    const message = asRecord(value.message);
    const content = message?.content;
    if (!message || (typeof content !== 'string' && !Array.isArray(content))) return unknown('assistant record without message content');
    const messageId = stringField(message, 'id');
    const firstOfMessage = messageId === undefined || messageId !== this.lastMessageId;
    this.lastMessageId = messageId;
    // Amp prints each response whole, with its final usage; a repeated id replaces, never adds.
    const usage = usageOf(message.usage);
    if (usage) this.out.usage(messageId ?? `response-${++this.anonymousResponses}`, usage);
    const model = stringField(message, 'model');
    const base: DraftEvent = { ...this.streamEnvelope(value), ...(messageId ? { nativeId: messageId } : {}), ...(model ? { model } : {}) };
    this.blocks.assistantBlocks(origin, blocksOf(content), base, firstOfMessage ? usage : undefined);
  }

  private result(value: AmpLine): Verdict {
    const subtype = stringField(value, 'subtype') ?? (value.is_error === true ? 'error' : 'success');
    if (typeof value.duration_ms === 'number' && value.duration_ms >= 0) {
      // one result per run of the agent loop; each reports its own duration
      this.durationMs += value.duration_ms;
      this.out.session({ durationMs: Math.round(this.durationMs) });
    }
    const base = this.streamEnvelope(value);
    if (value.is_error === true || subtype.startsWith('error')) {
      const text = [stringField(value, 'error'), textField(value, 'result')].filter(Boolean).join('\n') || subtype;
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${subtype}` } });
    }
    const denials = Array.isArray(value.permission_denials) ? value.permission_denials : [];
    if (denials.length > 0) {
      const names = denials.map((d) => (typeof d === 'string' ? d : stringField(asRecord(d), 'tool_name') ?? JSON.stringify(d)));
      this.out.emit({
        ...base, type: 'system', role: 'system',
        text: `Permission denied for: ${names.join(', ')}`,
        meta: { kind: 'permission-denials', denials },
      });
    }
    return mapped(`result/${subtype}`);
  }

  private streamEnvelope(value: AmpLine): DraftEvent {
    const base = { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent;
    const parentId = stringField(value, 'parent_tool_use_id');
    if (parentId) base.parentId = parentId;
    return base;
  }
}
