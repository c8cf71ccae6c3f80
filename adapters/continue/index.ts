/**
 * Continue CLI (`cn`, npm `@continuedev/cli`). Two native forms: the saved session
 * `~/.continue/sessions/<id>.json` (shared with Continue's IDE extensions; `cn serve`'s `/state`
 * answer holds the same session) and `cn -p --format json` stdout.
 */
import type { Converter, ConverterOutput, Detection, NativeRecord } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';
import { detectInSample } from '../shared/detect.js';
import { asRecord, nativeOf } from '../shared/json.js';
import { HeadlessConverter, WRAPPED_NOTE } from './headless-json.js';
import type { SessionDocument } from './records.js';
import { isSessionDocument, SessionDocumentConverter } from './session-json.js';
import { continueStores } from './store.js';

/** `cn serve`'s state snapshot: {session, isProcessing, messageQueueLength, pendingPermission}. */
function snapshotSession(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const session = asRecord(value.session);
  return session && typeof value.isProcessing === 'boolean' && isSessionDocument(session) ? session : undefined;
}

/** Each form is proven by one record: the session document, the /state answer, or cn's wrapped answer. */
function proof(record: Record<string, unknown>): Detection | null {
  if (isSessionDocument(record)) return { confidence: 0.95, format: 'continue/session-json' };
  if (snapshotSession(record)) return { confidence: 0.9, format: 'continue/session-json' };
  // cn's own words: Gemini CLI's --output-format json also has a `response` (it claims that at 0.9)
  if (record.note === WRAPPED_NOTE && 'response' in record) return { confidence: 0.97, format: 'continue/headless-json' };
  return null;
}

/** Headless lines without the note (notices, an answer that was JSON) prove nothing: read them with --from continue. */
const detect = (sample: readonly unknown[]): Detection | null => detectInSample(sample, proof, () => 0, 'continue/headless-json');

/** Reads whichever form each record is: session documents whole, headless stdout line by line. */
class ContinueConverter implements Converter {
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

export const continueCli = defineAdapter({
  id: 'continue',
  label: 'Continue CLI',
  formats: [
    {
      id: 'continue/session-json',
      description: 'saved session: one JSON document {sessionId, title, workspaceDirectory, history: [{message, contextItems, toolCallStates, ...}], usage}; also `cn serve` /state {session, isProcessing}',
      where: '~/.continue/sessions/<id>.json ($CONTINUE_GLOBAL_DIR/sessions/ when set; indexed in sessions.json)',
    },
    {
      id: 'continue/headless-json',
      description: 'headless stdout: the final answer as {response, status, note} (or the answer itself when it is JSON) and compaction {status, message} lines',
      where: 'cn -p --format json "<prompt>"',
    },
  ],
  detectionHint: 'a document with sessionId, title, workspaceDirectory and a history array (or {session: that, isProcessing}); a line whose note is cn\'s "Response was not valid JSON..." (headless stdout)',
  detect,
  createConverter: (out) => new ContinueConverter(out),
  stores: continueStores,
  bookkeepingFiles: /(^|\/)sessions\/sessions\.json$/,
});
