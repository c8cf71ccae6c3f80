/** Continue's converter: session documents whole, headless stdout line by line. */
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { nativeOf } from '../shared/json.js';
import { isSessionDocument, snapshotSession } from './detect.js';
import { HeadlessConverter } from './headless-json.js';
import type { SessionDocument } from './records.js';
import { SessionDocumentConverter } from './session-json.js';

/** Reads whichever form each record is: session documents whole, headless stdout line by line. */
export class ContinueConverter implements Converter {
  private session: SessionDocumentConverter | undefined;
  private headless: HeadlessConverter | undefined;

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const document = isSessionDocument(record.value) ? record.value : snapshotSession(record.value);
    if (document) this.sessionConverter().convert(nativeOf<SessionDocument>(document) ?? {}, record);
    else this.headlessConverter().push(record);
  }

  private sessionConverter(): SessionDocumentConverter {
    return (this.session ??= new SessionDocumentConverter(this.out));
  }

  private headlessConverter(): HeadlessConverter {
    return (this.headless ??= new HeadlessConverter(this.out));
  }

  /** Only a session can end with calls still open; a headless answer is whole when it is read. */
  flush = (): void => this.session?.flush();
}
