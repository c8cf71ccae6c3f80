/**
 * Amp records → normalized events. Each native form has its module: `stream.ts` (the stdout of
 * `amp --execute --stream-json`) and `thread.ts` (a thread file, one document); `blocks.ts` reads
 * the content blocks both share and pairs calls with results. A record is routed by its shape and
 * counted once, by the dispatch tables.
 */
import { settle, unknown } from '../shared/dispatch.js';
import { stringField } from '../shared/json.js';
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { AmpBlocks } from './blocks.js';
import { AmpStream } from './stream.js';
import { AmpThread } from './thread.js';

export class AmpConverter implements Converter {
  private haveSessionId = false;
  private readonly stream: AmpStream;
  private readonly thread: AmpThread;

  private readonly blocks: AmpBlocks;

  constructor(private readonly out: ConverterOutput) {
    const blocks = new AmpBlocks(out);
    this.blocks = blocks;
    this.stream = new AmpStream(out, blocks);
    this.thread = new AmpThread(out, blocks);
  }

  push(record: NativeRecord): void {
    const value = record.value;
    const type = stringField(value, 'type');
    if (type && !this.haveSessionId) {
      const sessionId = stringField(value, 'session_id');
      if (sessionId) {
        this.out.session({ nativeSessionId: sessionId });
        this.haveSessionId = true;
      }
    }
    if (type) {
      this.stream.table.dispatch(this.out, record, type, value);
      return;
    }
    // a line without a type is a thread document, or nothing Amp writes
    const origin = { out: this.out, record };
    settle(origin, Array.isArray(value.messages) ? this.thread.read(value, origin) : unknown('record has no "type" field and is not an Amp thread'), '(no type)');
  }

  flush(): void {
    // Events are emitted as soon as their record is read: only calls never answered are left to close.
    this.blocks.closeUnanswered('the log ends before this call was answered');
  }
}
