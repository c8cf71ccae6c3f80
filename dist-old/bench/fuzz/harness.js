/**
 * Fuzzing atx on real input: the recorded fixtures, mutated (cut at a byte, lines dropped or
 * repeated, fields deleted or retyped, binary junk, other encodings, a huge line, a store with a
 * table missing, a folder mixing good and bad files), run through the CLI's own entry point
 * in-process. Every case must keep the promises atx makes to scripts:
 *   - exit code 0, 1 or 3; never 5, never a stack trace;
 *   - every Transcript it prints is valid and consistent (atx validate says so);
 *   - every native record is accounted for: a session's unknown records are its unparsed events;
 *   - a single input refused with 3 prints nothing on stdout;
 *   - no temporary file is left behind.
 * Used by test/fuzz.test.ts (a fixed seed, few cases) and `npm run fuzz` (many, any seed).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { main } from '../../src/cli/main.js';
/** The project folder, from the source (tests) or from dist/ (npm run fuzz). */
export const ROOT = (() => {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'fixtures')))
        dir = dirname(dir);
    return dir;
})();
/** Every line-based native fixture (goldens, recordings and notes left out). */
export function nativeFixtures() {
    const found = [];
    const fixtures = join(ROOT, 'fixtures');
    for (const agent of readdirSync(fixtures, { withFileTypes: true }).filter((d) => d.isDirectory())) {
        for (const scenario of readdirSync(join(fixtures, agent.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
            const dir = join(fixtures, agent.name, scenario.name);
            for (const file of readdirSync(dir)) {
                if (/\.(jsonl|json)$/.test(file) && !/expected|recording/.test(file))
                    found.push(join(dir, file));
            }
        }
    }
    return found.sort();
}
export function caseArbitrary(fixtureCount, heavy) {
    const index = fc.nat({ max: 10_000 });
    const mutations = [
        fc.constant({ kind: 'none' }),
        fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'truncate', at })),
        fc.array(index, { minLength: 1, maxLength: 4 }).map((picks) => ({ kind: 'drop-lines', picks })),
        fc.array(index, { minLength: 1, maxLength: 4 }).map((picks) => ({ kind: 'duplicate-lines', picks })),
        fc.record({ line: index, field: index }).map((m) => ({ kind: 'delete-field', ...m })),
        fc.record({ line: index, field: index, as: fc.nat({ max: 5 }) }).map((m) => ({ kind: 'retype-field', ...m })),
        fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), bytes: fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 64 }) }).map((m) => ({ kind: 'junk', ...m })),
        fc.constantFrom('utf16le-bom', 'utf16be-bom', 'utf8-bom', 'latin1', 'utf16le-no-bom').map((as) => ({ kind: 'encoding', as: as })),
        fc.constant({ kind: 'empty' }),
    ];
    // a 50 MB line costs a second or two: about one case in a hundred
    const weighted = mutations.map((arbitrary) => ({ arbitrary, weight: 12 }));
    if (heavy)
        weighted.push({ arbitrary: fc.constant({ kind: 'huge-line', megabytes: 50 }), weight: 1 });
    return fc.record({
        fixture: fc.nat({ max: fixtureCount - 1 }),
        mutation: fc.oneof(...weighted),
        command: fc.constantFrom('convert', 'convert-stdin', 'convert-stream', 'scan', 'redact-after', 'validate-after', 'folder', 'broken-store'),
        profile: fc.constantFrom('none', 'standard', 'research'),
    });
}
/** The fixture's bytes with the mutation applied. */
export function mutate(original, mutation) {
    const text = original.toString('utf8');
    const lines = text.split('\n');
    const pick = (n) => n % Math.max(lines.length, 1);
    switch (mutation.kind) {
        case 'none': return original;
        case 'truncate': return original.subarray(0, Math.floor(original.length * mutation.at));
        case 'drop-lines': {
            const dropped = new Set(mutation.picks.map(pick));
            return Buffer.from(lines.filter((_, i) => !dropped.has(i)).join('\n'));
        }
        case 'duplicate-lines': {
            const doubled = new Set(mutation.picks.map(pick));
            return Buffer.from(lines.flatMap((line, i) => (doubled.has(i) ? [line, line] : [line])).join('\n'));
        }
        case 'delete-field':
        case 'retype-field': {
            const document = wholeDocument(text);
            if (document)
                return Buffer.from(JSON.stringify(mutateDocument(document, mutation), null, 2));
            const at = pick(mutation.line);
            let record;
            try {
                record = JSON.parse(lines[at] ?? '');
            }
            catch {
                return original;
            }
            if (typeof record !== 'object' || record === null || Array.isArray(record))
                return original;
            const keys = Object.keys(record);
            if (keys.length === 0)
                return original;
            const key = keys[mutation.field % keys.length];
            const fields = record;
            if (mutation.kind === 'delete-field')
                delete fields[key];
            else
                fields[key] = [42, 'text', null, [], {}, true][mutation.as % 6];
            lines[at] = JSON.stringify(fields);
            return Buffer.from(lines.join('\n'));
        }
        case 'junk': {
            const at = Math.floor(original.length * mutation.at);
            return Buffer.concat([original.subarray(0, at), Buffer.from(mutation.bytes), original.subarray(at)]);
        }
        case 'encoding':
            switch (mutation.as) {
                case 'utf16le-bom': return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
                case 'utf16be-bom': return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
                case 'utf8-bom': return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), original]);
                case 'latin1': return Buffer.from(text, 'latin1');
                case 'utf16le-no-bom': return Buffer.from(text, 'utf16le');
            }
            return original;
        case 'empty': return Buffer.alloc(0);
        case 'huge-line': return Buffer.concat([original, Buffer.from(`\n{"type":"user","text":"${'x'.repeat(mutation.megabytes * 1024 * 1024)}"}\n`)]);
    }
}
/** A pretty-printed document (a legacy Gemini chat, an Amp thread, an export) is one record, not lines. */
function wholeDocument(text) {
    if (!text.trimStart().startsWith('{') || !text.includes('\n'))
        return undefined;
    try {
        const value = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
/** Deletes or retypes one field of a document: a top-level one, or one of an element of its lists (messages, parts). */
function mutateDocument(document, mutation) {
    const targets = [document];
    for (const value of Object.values(document)) {
        if (Array.isArray(value))
            targets.push(...value.filter((item) => typeof item === 'object' && item !== null && !Array.isArray(item)));
    }
    const target = targets[mutation.line % targets.length];
    const keys = Object.keys(target);
    if (keys.length === 0)
        return document;
    const key = keys[mutation.field % keys.length];
    if (mutation.kind === 'delete-field')
        delete target[key];
    else
        target[key] = [42, 'text', null, [], {}, true][mutation.as % 6];
    return document;
}
function sink() {
    const chunks = [];
    const stream = new Writable({
        write(chunk, _encoding, done) {
            chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
            done();
        },
    });
    return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') });
}
/** Runs atx in-process, as bin/atx.js would (with a fixed clock and ids). */
export async function runAtx(args, stdin = Buffer.alloc(0)) {
    const stdout = sink();
    const stderr = sink();
    const input = new PassThrough();
    input.end(stdin);
    const env = { ...process.env, NO_COLOR: '1', ATX_CLOCK: '2026-01-01T00:00:00Z', ATX_ID_SEED: 'fuzz' };
    delete env.ATX_CONFIG;
    const code = await main(args, { stdin: input, stdout, stderr, env });
    return { args, code, stdout: stdout.text(), stderr: stderr.text() };
}
/** A store with one table dropped, for the "missing table" case (made once per table). */
export function brokenStores(into) {
    const sqlite = createRequire(import.meta.url)('node-sqlite3-wasm');
    return ['part', 'message', 'session'].map((table) => {
        const dir = join(into, `store-without-${table}`);
        mkdirSync(dir, { recursive: true });
        const path = join(dir, 'opencode.db');
        copyFileSync(join(ROOT, 'fixtures/opencode/store/opencode.db'), path);
        const db = new sqlite.Database(path);
        db.exec('PRAGMA locking_mode=EXCLUSIVE'); // the WebAssembly build has no shared memory for a WAL index
        db.exec(`DROP TABLE IF EXISTS "${table}"`);
        db.close();
        return path;
    });
}
/** Runs one case and returns every broken promise (none: the case passed). */
export async function runCase(fuzzCase, fixtures, work, tempRoot, stores) {
    const fixture = fixtures[fuzzCase.fixture % fixtures.length];
    const dir = mkdtempSync(join(work, 'case-'));
    try {
        const name = fixture.endsWith('.json') ? 'input.json' : 'input.jsonl';
        const bytes = mutate(readFileSync(fixture), fuzzCase.mutation);
        const input = join(dir, name);
        writeFileSync(input, bytes);
        const profile = ['--profile', fuzzCase.profile];
        const runs = [];
        const single = fuzzCase.command !== 'folder' && fuzzCase.command !== 'broken-store';
        switch (fuzzCase.command) {
            case 'convert':
                runs.push(await runAtx(['convert', input, '--format', 'jsonl', '--json', ...profile]));
                break;
            case 'convert-stdin':
                runs.push(await runAtx(['convert', '-', '--format', 'jsonl', '--json', ...profile], bytes));
                break;
            case 'convert-stream':
                runs.push(await runAtx(['convert', input, '--stream', '--json', ...profile]));
                break;
            case 'scan':
                runs.push(await runAtx(['scan', input, '--json', ...profile]));
                break;
            case 'redact-after':
            case 'validate-after': {
                const converted = await runAtx(['convert', input, '--format', 'jsonl', '--json', '--profile', 'none']);
                runs.push(converted);
                if (converted.code === 0 || converted.code === 1) {
                    const written = join(dir, 'converted.jsonl');
                    writeFileSync(written, converted.stdout);
                    runs.push(await runAtx(fuzzCase.command === 'redact-after' ? ['redact', written, '--format', 'jsonl', '--json', ...profile] : ['validate', written, '--json']));
                }
                break;
            }
            case 'broken-store':
                runs.push(await runAtx(['convert', stores[fuzzCase.fixture % stores.length], '--format', 'jsonl', '--json', ...profile]));
                break;
            case 'folder': {
                const folder = join(dir, 'folder');
                mkdirSync(folder);
                writeFileSync(join(folder, name), bytes);
                copyFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), join(folder, 'good.jsonl'));
                writeFileSync(join(folder, 'bad.jsonl'), '{"not": "a session"}\n');
                runs.push(await runAtx(['convert', folder, '--format', 'jsonl', '--json', ...profile]));
                break;
            }
        }
        const problems = [];
        for (const run of runs)
            problems.push(...await brokenPromises(run, single));
        const left = filesUnder(tempRoot);
        if (left.length > 0)
            problems.push(`temporary files left: ${left.slice(0, 3).join(', ')}`);
        return problems;
    }
    finally {
        rmSync(dir, { recursive: true, force: true });
    }
}
async function brokenPromises(run, single) {
    const what = `atx ${run.args.map((arg) => (arg.includes('/') ? arg.replace(/^.*\//, '…/') : arg)).join(' ')}`;
    const problems = [];
    if (![0, 1, 3].includes(run.code))
        problems.push(`${what}: exit ${run.code}: ${run.stderr.split('\n')[0]}`);
    if (/^\s+at .+\(.*:\d+:\d+\)$/m.test(run.stderr) || /internal error/.test(run.stderr))
        problems.push(`${what}: stack trace or internal error on stderr`);
    const jsonLines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    if (run.args.includes('--json') && jsonLines.some((line) => !isJson(line)))
        problems.push(`${what}: --json, but stderr has a line that is not JSON`);
    if (single && run.code === 3 && (run.args[0] === 'convert' || run.args[0] === 'redact') && run.stdout !== '')
        problems.push(`${what}: refused with exit 3 but printed on stdout`);
    if (run.args[0] === 'convert' || run.args[0] === 'redact') {
        if (run.stdout.trim() !== '') {
            const check = await runAtx(['validate', '-', '--json'], Buffer.from(run.stdout));
            if (check.code !== 0)
                problems.push(`${what}: printed a Transcript that atx validate refuses: ${check.stdout.split('\n').find((l) => l.includes('"valid":false'))?.slice(0, 300) ?? check.stderr.split('\n')[0]}`);
        }
        const summary = jsonLines.map((line) => (isJson(line) ? JSON.parse(line) : {})).find((entry) => entry.sessions);
        for (const session of summary?.sessions ?? []) {
            if (session.kind !== 'native')
                continue;
            const unknown = Object.values(session.recordTypes).reduce((sum, counts) => sum + counts.unknown, 0);
            if (unknown !== session.unparsedCount)
                problems.push(`${what}: ${unknown} records counted unknown but ${session.unparsedCount} unparsed events`);
        }
    }
    return problems;
}
function isJson(line) {
    try {
        JSON.parse(line);
        return true;
    }
    catch {
        return false;
    }
}
export function filesUnder(dir) {
    try {
        return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name));
    }
    catch {
        return [];
    }
}
/** A private temp root for the whole fuzz run: os.tmpdir() follows TMPDIR, so atx's run folder lands there. */
export function privateTempRoot() {
    const root = mkdtempSync(join(tmpdir(), 'atx-fuzz-tmp-'));
    process.env.TMPDIR = root;
    return root;
}
//# sourceMappingURL=harness.js.map