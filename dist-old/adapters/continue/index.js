import { defineAdapter } from '../shared/adapter.js';
import { detectInSample } from '../shared/detect.js';
import { asRecord, nativeOf } from '../shared/json.js';
import { HeadlessConverter, WRAPPED_NOTE } from './headless-json.js';
import { isSessionDocument, SessionDocumentConverter } from './session-json.js';
import { continueStores } from './store.js';
/** `cn serve`'s state snapshot: {session, isProcessing, messageQueueLength, pendingPermission}. */
function snapshotSession(value) {
    const session = asRecord(value.session);
    return session && typeof value.isProcessing === 'boolean' && isSessionDocument(session) ? session : undefined;
}
/** Each form is proven by one record: the session document, the /state answer, or cn's wrapped answer. */
function proof(record) {
    if (isSessionDocument(record))
        return { confidence: 0.95, format: 'continue/session-json' };
    if (snapshotSession(record))
        return { confidence: 0.9, format: 'continue/session-json' };
    // cn's own words: Gemini CLI's --output-format json also has a `response` (it claims that at 0.9)
    if (record.note === WRAPPED_NOTE && 'response' in record)
        return { confidence: 0.97, format: 'continue/headless-json' };
    return null;
}
/** Headless lines without the note (notices, an answer that was JSON) prove nothing: read them with --from continue. */
const detect = (sample) => detectInSample(sample, proof, () => 0, 'continue/headless-json');
/** Reads whichever form each record is: session documents whole, headless stdout line by line. */
class ContinueConverter {
    out;
    session;
    headless;
    constructor(out) {
        this.out = out;
    }
    push(record) {
        const document = isSessionDocument(record.value) ? record.value : snapshotSession(record.value);
        if (document)
            this.sessionConverter().convert(nativeOf(document) ?? {}, record);
        else
            this.headlessConverter().push(record);
    }
    sessionConverter() {
        return (this.session ??= new SessionDocumentConverter(this.out));
    }
    headlessConverter() {
        return (this.headless ??= new HeadlessConverter(this.out));
    }
    /** Only a session can end with calls still open; a headless answer is whole when it is read. */
    flush = () => this.session?.flush();
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
//# sourceMappingURL=index.js.map