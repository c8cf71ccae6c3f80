/**
 * The real fixtures' text, for measuring the redaction engine on what agents actually write:
 * every recorded (not `handmade-*`) fixture session converted with `--profile none` by the CLI,
 * as Transcripts in memory. Used by the engine-speed bench and the reviewed-findings check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
/** The repository root, whether this module runs compiled (`dist/bench/redaction`) or from source (vitest). */
function repositoryRoot() {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(dir, 'package.json'))) {
        const parent = dirname(dir);
        if (parent === dir)
            throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
        dir = parent;
    }
    return dir;
}
export const ROOT = repositoryRoot();
const CLI = join(ROOT, 'dist', 'bin', 'atx.js');
/** Recorded fixture inputs: `fixtures/<agent>/<scenario>/*.jsonl`, scenarios not named `handmade-*`. */
export function recordedFixtureInputs() {
    const fixtures = join(ROOT, 'fixtures');
    const inputs = [];
    for (const agent of readdirSync(fixtures, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
        for (const scenario of readdirSync(join(fixtures, agent), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
            if (scenario.startsWith('handmade-'))
                continue;
            for (const file of readdirSync(join(fixtures, agent, scenario)).filter((f) => f.endsWith('.jsonl')).sort()) {
                inputs.push(join('fixtures', agent, scenario, file));
            }
        }
    }
    return inputs;
}
/** Converts every recorded fixture (one CLI run, Transcript JSONL out). */
export function loadFixtureTranscripts() {
    const inputs = recordedFixtureInputs();
    const out = execFileSync(process.execPath, [CLI, 'convert', ...inputs, '--profile', 'none', '--format', 'jsonl', '-q'], {
        cwd: ROOT, maxBuffer: 1 << 30, env: { ...process.env, ATX_CLOCK: '2026-01-01T00:00:00Z', NO_COLOR: '1' },
    }).toString('utf8');
    const lines = out.split('\n').filter(Boolean);
    if (lines.length !== inputs.length)
        throw new Error(`expected ${inputs.length} transcripts, got ${lines.length}`);
    return lines.map((line, index) => ({ name: inputs[index].slice('fixtures/'.length), events: JSON.parse(line).events }));
}
/** Every string the redactor would scan in an event, with its field path. */
export function* eventStrings(value, field = '') {
    if (typeof value === 'string') {
        yield [field, value];
    }
    else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++)
            yield* eventStrings(value[i], `${field}[${i}]`);
    }
    else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value))
            yield* eventStrings(item, field ? `${field}.${key}` : key);
    }
}
export function lineCount(transcripts) {
    let lines = 0;
    for (const t of transcripts)
        for (const event of t.events)
            for (const [, text] of eventStrings(event))
                lines += text.split('\n').length;
    return lines;
}
//# sourceMappingURL=fixture-text.js.map