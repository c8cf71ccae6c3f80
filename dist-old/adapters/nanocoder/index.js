import { defineAdapter } from '../shared/adapter.js';
import { detectInSample } from '../shared/detect.js';
import { isRunReport, REPORT_KINDS, RunReportConverter } from './run-json.js';
import { isSessionDocument, SessionDocumentConverter } from './session-json.js';
import { nanocoderStore } from './store.js';
/** `<folder>/sessions/<uuid>.json` beside the index `<folder>/sessions/sessions.json`: [1] the sessions folder with its slash */
const SESSION_FILE = /^(.*\/|)(sessions\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/;
/** Each form is one whole document: its own fields prove it. */
function proof(record) {
    if (isSessionDocument(record))
        return { confidence: 0.95, format: 'nanocoder/session-json' };
    if (isRunReport(record) && REPORT_KINDS.has(String(record.kind)))
        return { confidence: 0.9, format: 'nanocoder/run-json' };
    return null;
}
const detect = (sample) => detectInSample(sample, proof, () => 0, 'nanocoder/session-json');
const FORMS = [
    { claims: isSessionDocument, create: (out) => new SessionDocumentConverter(out) },
    { claims: isRunReport, create: (out) => new RunReportConverter(out) },
];
function createConverter(out) {
    const converters = new Map();
    return {
        push(record) {
            const form = FORMS.findIndex(({ claims }) => claims(record.value));
            if (form < 0)
                return out.unknown(record, 'record', 'neither a Nanocoder session document nor a `run --json` report');
            if (!converters.has(form))
                converters.set(form, FORMS[form].create(out));
            converters.get(form).convert(record.value, record);
        },
        flush: () => converters.forEach((converter) => converter.flush()),
    };
}
export const nanocoder = defineAdapter({
    id: 'nanocoder',
    label: 'Nanocoder',
    formats: [
        {
            id: 'nanocoder/session-json',
            description: 'saved session: one JSON document {id, title, createdAt, lastAccessedAt, messageCount, provider, model, workingDirectory, messages: [OpenAI-shaped user/assistant/tool/system messages, no times]}',
            where: '~/.local/share/nanocoder/sessions/<uuid>.json (macOS ~/Library/Application Support/nanocoder/sessions, Windows %APPDATA%\\nanocoder\\sessions; $NANOCODER_DATA_DIR/sessions or $XDG_DATA_HOME/nanocoder/sessions when set; `sessions.directory` in nanocoder-preferences.json), indexed in sessions.json beside them',
        },
        {
            id: 'nanocoder/run-json',
            description: 'headless report: one JSON document {kind, exitCode, finalText, reasoning, toolCalls: [{name, arguments, result, error}], filesChanged, usage?, message?, toolNames?}',
            where: 'nanocoder --plain --json run "<prompt>" (stdout)',
        },
    ],
    detectionHint: 'a document with id, messageCount, lastAccessedAt, workingDirectory and messages (session); kind, exitCode, finalText, toolCalls and filesChanged (run --json report)',
    detect,
    createConverter,
    stores: [nanocoderStore],
    groupSessionFiles(paths) {
        const present = new Set(paths);
        return paths.filter((path) => {
            const match = SESSION_FILE.exec(path);
            return match !== null && present.has(`${match[1]}${match[2]}sessions.json`);
        }).map((path) => [path]);
    },
    bookkeepingFiles: /(^|\/)sessions\/sessions\.json$/,
});
//# sourceMappingURL=index.js.map