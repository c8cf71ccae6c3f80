/**
 * Every finding the engine makes on the real fixtures' text and on the tuning corpus
 * (bench/redaction-eval), with the `standard` and `research` profiles, one line per scanned
 * string that has findings: for checking that a speed change finds exactly what it found before.
 *
 *   node dist/bench/redaction/findings-snapshot.js --write <file>   record the current findings
 *   node dist/bench/redaction/findings-snapshot.js --check <file>   compare with a record (exit 1 on a difference)
 *
 * The strings are those of each fixture event (as the transcript redactor meets them) and each
 * corpus case's text; each line names its source, the rule ids and the offsets. Each fixture
 * transcript redacted whole with `standard` (as `atx convert` does) adds a line with its digest.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { builtinProfile, compileRules, rulesFor, TranscriptRedactor } from '../../redaction/index.js';
import { generateEvalCorpus } from '../redaction-eval/corpus.js';
import { isMain } from '../util.js';
import { eventStrings, loadFixtureTranscripts } from './fixture-text.js';
const PROFILES = ['standard', 'research'];
function scannedStrings(transcripts) {
    const strings = [];
    for (const transcript of transcripts) {
        transcript.events.forEach((event, index) => {
            for (const [field, text] of eventStrings(event))
                strings.push([`${transcript.name}#${index}.${field}`, text]);
        });
    }
    for (const c of generateEvalCorpus())
        strings.push([`eval:${c.id}`, c.text]);
    return strings;
}
function redactedDigest(transcript) {
    const redactor = new TranscriptRedactor(builtinProfile('standard'), { salt: Buffer.from('atx-snapshot'), saltSource: 'per-transcript' });
    const hash = createHash('sha256');
    for (const event of transcript.events)
        hash.update(JSON.stringify(redactor.event(event)) + '\n');
    return hash.digest('hex');
}
export function findingsSnapshot() {
    const transcripts = loadFixtureTranscripts();
    const strings = scannedStrings(transcripts);
    const lines = [];
    for (const name of PROFILES) {
        const profile = builtinProfile(name);
        const rules = compileRules(rulesFor(profile), { allowValues: profile.allow });
        for (const [source, text] of strings) {
            const found = rules.scan(text);
            if (found.length > 0)
                lines.push(`${name} ${source} ${found.map((f) => `${f.ruleId}@${f.start}-${f.end}:${f.label}`).join(' ')}`);
        }
    }
    for (const transcript of transcripts)
        lines.push(`redacted ${transcript.name} ${redactedDigest(transcript)}`);
    return lines;
}
if (isMain(import.meta.url)) {
    const [mode, file] = process.argv.slice(2);
    if ((mode !== '--write' && mode !== '--check') || !file) {
        console.error('usage: findings-snapshot.js --write|--check <file>');
        process.exit(2);
    }
    const lines = findingsSnapshot();
    if (mode === '--write') {
        writeFileSync(file, lines.join('\n') + '\n');
        console.log(`${lines.length} strings with findings written to ${file}`);
    }
    else {
        const recorded = readFileSync(file, 'utf8').split('\n').filter(Boolean);
        const now = new Set(lines);
        const before = new Set(recorded);
        const lost = recorded.filter((line) => !now.has(line));
        const gained = lines.filter((line) => !before.has(line));
        for (const line of lost)
            console.log(`- ${line}`);
        for (const line of gained)
            console.log(`+ ${line}`);
        console.log(`${lines.length} strings with findings; ${lost.length} lines differ from the record, ${gained.length} new`);
        process.exit(lost.length + gained.length > 0 ? 1 : 0);
    }
}
//# sourceMappingURL=findings-snapshot.js.map