/**
 * Reads the VS Code extension's task folders, read-only:
 *   <globalStorage>/<extension id>/tasks/<task id>/api_conversation_history.json   the messages the model saw
 *   <globalStorage>/<extension id>/tasks/<task id>/ui_messages.json                what the chat panel showed
 *   <globalStorage>/<extension id>/tasks/<task id>/task_metadata.json              files in context, models used
 * Cline (saoudrizwan.claude-dev), Roo Code (rooveterinaryinc.roo-cline) and Kilo Code
 * (kilocode.kilo-code) all keep them. The two message files are JSON arrays: each element is
 * handed to the converter as its own record, both files merged in time order, after one `task`
 * record naming the folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
export const API_HISTORY = 'api_conversation_history.json';
export const UI_MESSAGES = 'ui_messages.json';
const METADATA = 'task_metadata.json';
/** The agent each extension's folder belongs to. */
const EXTENSIONS = {
    'saoudrizwan.claude-dev': 'cline',
    'rooveterinaryinc.roo-cline': 'roo-code',
    'kilocode.kilo-code': 'kilo-code',
};
const isFolder = (path) => {
    try {
        return statSync(path).isDirectory();
    }
    catch {
        return false;
    }
};
const isTaskFolder = (path) => isFolder(path) && [API_HISTORY, UI_MESSAGES].some((file) => isFile(join(path, file)));
function isFile(path) {
    try {
        return statSync(path).isFile();
    }
    catch {
        return false;
    }
}
/** A file's JSON, or why it could not be read: the converter reports it instead of guessing. */
function readJson(path) {
    if (!isFile(path))
        return {};
    try {
        return { value: JSON.parse(readFileSync(path, 'utf8')) };
    }
    catch (error) {
        return { problem: error instanceof SyntaxError ? 'not valid JSON' : 'unreadable' };
    }
}
/** A task file's elements as records, or one record saying why the file could not be read. */
function elements(file, kind, path) {
    const { value, problem } = readJson(path);
    if (problem)
        return [{ unreadableTaskFile: file, problem }];
    if (value !== undefined && !Array.isArray(value))
        return [{ unreadableTaskFile: file, problem: 'not a JSON array' }];
    return (value ?? []).map((element, index) => ({ [kind]: element, index }));
}
const tsOf = (record) => {
    const element = record?.apiMessage ?? record?.uiMessage;
    const ts = element !== null && typeof element === 'object' ? element.ts : undefined;
    return typeof ts === 'number' ? ts : Number.NEGATIVE_INFINITY;
};
/** Both files in time order (each is in order already): the panel's notices land where they happened. */
function* inTimeOrder(api, ui) {
    let a = 0;
    let u = 0;
    while (a < api.length || u < ui.length) {
        if (u >= ui.length || (a < api.length && tsOf(api[a]) <= tsOf(ui[u])))
            yield api[a++];
        else
            yield ui[u++];
    }
}
function taskSession(folder) {
    const extensionId = basename(dirname(dirname(folder)));
    const agent = EXTENSIONS[extensionId];
    return {
        name: folder,
        async *records() {
            const { value: metadata, problem } = readJson(join(folder, METADATA));
            yield { clineTask: basename(folder), ...(agent ? { agent, extensionId } : {}), ...(metadata !== undefined ? { metadata } : {}) };
            if (problem)
                yield { unreadableTaskFile: METADATA, problem };
            yield* inTimeOrder(elements(API_HISTORY, 'apiMessage', join(folder, API_HISTORY)), elements(UI_MESSAGES, 'uiMessage', join(folder, UI_MESSAGES)));
        },
    };
}
/** The task folders a path names: the folder itself, one of its files, or a `tasks` folder of them. */
function taskFolders(path) {
    if (!isFolder(path))
        return isTaskFolder(dirname(path)) ? [dirname(path)] : [];
    if (isTaskFolder(path))
        return [path];
    const children = (() => {
        try {
            return readdirSync(path).sort();
        }
        catch {
            return [];
        }
    })();
    return children.map((child) => join(path, child)).filter(isTaskFolder);
}
export const taskFolderReader = {
    description: 'a VS Code task folder of Cline, Roo Code or Kilo Code (api_conversation_history.json + ui_messages.json), one of those files, or the extension\'s tasks/ folder',
    fileName: /(^|\/)api_conversation_history\.json$/,
    claims(path, head) {
        if (head === null)
            return taskFolders(path).length > 0;
        const name = basename(path);
        return (name === API_HISTORY || name === UI_MESSAGES) && head.subarray(0, 64).toString('utf8').trimStart().startsWith('[');
    },
    async sessions(path) {
        return taskFolders(path).map(taskSession);
    },
};
//# sourceMappingURL=task-folder-reader.js.map