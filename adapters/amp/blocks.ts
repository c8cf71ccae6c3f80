/**
 * What Amp's two forms share: content blocks (user text, images, tool results; assistant text,
 * thinking, tool calls) and the pairing of calls with their results.
 */
import type { Attachment, Tool, ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { base64Image, contentToText, proseBlockEvent } from '../shared/content.js';
import { settle, unknown, type Origin } from '../shared/dispatch.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import type { McpTool } from '../shared/tools.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import { filesFromInput, identifyTool, type ResultPayload } from './tools.js';
import { firstEventCarries } from '../shared/usage.js';

interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: McpTool;
  path?: string;
}

export class AmpBlocks {
  private readonly calls = new CallTracker<OpenCall>();

  constructor(private readonly out: ConverterOutput) {}

  /** A call the thread says is still running: its `tool-unfinished` note stands for its result. */
  unfinished(callId: string): void {
    this.calls.answer(callId);
  }

  /** Calls no result answered by the end of the input: each gets a visible synthetic result. */
  closeUnanswered(reason: string): void {
    closeUnanswered(this.out, this.calls, reason);
  }

  /** A user message's blocks: text and images are the user's message, tool results answer calls, any other block is unparsed. */
  userBlocks(blocks: Json[], base: DraftEvent, origin: Origin, toolResult: (block: Json, base: DraftEvent) => void): void {
    let texts = 0;
    const { text, attachments } = contentToText(blocks, {
      text: (block) => {
        if (block.type !== 'text' || typeof block.text !== 'string') return undefined;
        texts += 1;
        return block.text;
      },
      attachment: (block) => (block.type === 'image' ? imageAttachment(block) : undefined),
      other: (block) => {
        if (block.type === 'tool_result') toolResult(block, base);
        else this.unknownBlock(origin, block);
        return undefined;
      },
    });
    if (texts > 0 || attachments.length > 0) {
      this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) });
    }
  }

  assistantBlocks(origin: Origin, blocks: Json[], base: DraftEvent, usage: Usage | undefined): void {
    const withUsage = firstEventCarries(usage);
    for (const block of blocks) {
      const event = this.assistantBlock(block, base);
      if (!event) {
        this.unknownBlock(origin, block);
        continue;
      }
      this.out.emit(withUsage(event));
    }
  }

  assistantBlock(block: Json, base: DraftEvent): DraftEvent | undefined {
    const prose = proseBlockEvent(block, base);
    if (prose) return prose;
    switch (block.type) {
      case 'tool_use': {
        const name = String(block.name ?? 'unknown');
        const identity = identifyTool(name);
        const input = block.input ?? {};
        const files = filesFromInput(identity.kind, input);
        const path = files?.[0]?.path;
        const callId = this.calls.openCall(typeof block.id === 'string' ? block.id : undefined, name, { name, ...identity, ...(path ? { path } : {}) }, base.timestamp);
        const tool: Tool = { name, callId, ...identity, input };
        if (files) tool.files = files;
        return { ...base, type: 'tool_call', role: 'assistant', tool };
      }
      default:
        return undefined;
    }
  }

  /** `nativeId` undefined or empty: the result answers the oldest call that came without an id. */
  emitResult(nativeId: string | undefined, payload: ResultPayload, status: ToolStatus, base: DraftEvent): void {
    const callId = this.calls.resultId(nativeId);
    const { call, elapsedMs } = this.calls.answer(callId, base.timestamp);
    const kind = call?.kind ?? 'other';
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output: payload.text, status };
    if (call?.mcp) tool.mcp = call.mcp;
    if (payload.exitCode !== undefined) tool.exitCode = payload.exitCode;
    if (call?.path && (kind === 'edit' || kind === 'write')) {
      tool.files = [{ path: call.path, action: kind, ...(payload.diff ? { diff: payload.diff } : {}) }];
    }
    if (elapsedMs !== undefined) tool.durationMs = elapsedMs;
    this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool });
  }

  /** A content block of a type this adapter does not know: visible and counted, never dropped. */
  unknownBlock(origin: Origin, block: Json): void {
    const type = typeof block.type === 'string' ? block.type : '(no type)';
    settle(origin, unknown(`unknown Amp content block type "${type}"`), `block/${type}`);
  }
}

/** Message content as blocks: a bare string is one text block. */
export function blocksOf(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.map((block) => (typeof block === 'string' ? { type: 'text', text: block } : asRecord(block) ?? { type: '(not an object)' }));
}

/** An image is described (mime, decoded size), never inlined. */
function imageAttachment(block: Json): Attachment {
  const source = asRecord(block.source);
  const attachment = base64Image(stringField(source, 'media_type') ?? stringField(source, 'mediaType'), source?.data);
  const url = stringField(source, 'url');
  if (url) attachment.path = url;
  return attachment;
}
