/** Cursor's converter: each line read as the form it is, each form with its own converter. */
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import type { Json } from '../shared/json.js';
import { CursorTranscriptConverter } from './agent-transcript.js';
import { CursorStreamConverter } from './stream-json.js';

type Form = 'cursor/agent-transcript' | 'cursor/stream-json';

/** Transcript lines have a role and no type but turn_ended; every other line is the stream's. */
const formOf = (value: Json): Form => (value.type === undefined || value.type === 'turn_ended' ? 'cursor/agent-transcript' : 'cursor/stream-json');

/** Reads each line as the form it is, each form with its own converter. */
export class CursorConverter implements Converter {
  private readonly forms = new Map<Form, CursorStreamConverter | CursorTranscriptConverter>();

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const form = formOf(record.value);
    let converter = this.forms.get(form);
    if (!converter) {
      converter = form === 'cursor/stream-json' ? new CursorStreamConverter(this.out) : new CursorTranscriptConverter(this.out);
      this.forms.set(form, converter);
      this.out.session({ format: form, ...(form === 'cursor/agent-transcript' ? sessionOfPath(record.file) : {}) });
    }
    converter.push(record);
  }

  flush(): void {
    for (const converter of this.forms.values()) converter.flush();
  }
}

/** The transcript's file name is the session (composer) id. */
function sessionOfPath(file: string): { nativeSessionId?: string } {
  const id = /([^/\\]+)\.jsonl$/.exec(file)?.[1];
  return id && file !== '-' ? { nativeSessionId: id } : {};
}
