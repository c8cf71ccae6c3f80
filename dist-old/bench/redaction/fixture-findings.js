/**
 * False findings of the redaction engine on real sessions: the `standard` profile's rules run over
 * every string of every recorded fixture (see fixture-text.ts), and each finding is looked up in
 * the hand-made review file `bench/redaction/fixture-review.json` (verdict true = a real or
 * deliberately planted secret, false = a false finding).
 *
 *   npm run build && node dist/bench/redaction/fixture-findings.js [--json] [--list] [--strict]
 *
 * `--list` prints every finding with its verdict and context, for a reviewer. The target is at
 * most one false finding per 10,000 lines of fixture text. Exit code 0 unless --strict and the
 * target fails or a finding is unreviewed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinProfile, compileRules, rulesFor } from '../../redaction/index.js';
import { isMain } from '../util.js';
import { eventStrings, lineCount, loadFixtureTranscripts, ROOT } from './fixture-text.js';
export const FIXTURE_REVIEW_FILE = join(ROOT, 'bench', 'redaction', 'fixture-review.json');
/** The target: false findings per 10,000 lines of fixture text. */
export const FALSE_PER_10K_LINES_TARGET = 1;
const CONTEXT_CHARS = 30;
export function matchHash(match) {
    return createHash('sha256').update(match, 'utf8').digest('hex').slice(0, 16);
}
export function reviewKey(entry) {
    return `${entry.fixture}\u0000${entry.rule}\u0000${entry.matchSha256}`;
}
function contextAround(text, start, end) {
    const from = Math.max(0, start - CONTEXT_CHARS);
    const to = Math.min(text.length, end + CONTEXT_CHARS);
    const shown = (s) => s.replace(/\r?\n/g, '⏎').replace(/\t/g, '→');
    return `${from > 0 ? '…' : ''}${shown(text.slice(from, start))}⟦${shown(text.slice(start, end))}⟧${shown(text.slice(end, to))}${to < text.length ? '…' : ''}`;
}
/** Every finding of the `standard` profile's rules in the given (or all recorded) fixture transcripts. */
export function collectFixtureFindings(transcripts = loadFixtureTranscripts()) {
    const profile = builtinProfile('standard');
    const rules = compileRules(rulesFor(profile), { allowValues: profile.allow });
    const byKey = new Map();
    for (const transcript of transcripts) {
        for (const event of transcript.events) {
            for (const [field, text] of eventStrings(event)) {
                for (const finding of rules.scan(text)) {
                    const match = text.slice(finding.start, finding.end);
                    const key = `${transcript.name}\u0000${finding.ruleId}\u0000${match}`;
                    const seen = byKey.get(key);
                    if (seen) {
                        seen.occurrences++;
                        continue;
                    }
                    byKey.set(key, { fixture: transcript.name, field, rule: finding.ruleId, match, context: contextAround(text, finding.start, finding.end), occurrences: 1 });
                }
            }
        }
    }
    return [...byKey.values()];
}
export function loadReviewFile(path = FIXTURE_REVIEW_FILE) {
    return JSON.parse(readFileSync(path, 'utf8'));
}
function compareEntries(a, b) {
    return a.fixture.localeCompare(b.fixture) || a.rule.localeCompare(b.rule) || a.matchSha256.localeCompare(b.matchSha256);
}
/** Matches findings against review entries (pure, for the test and the CLI). */
export function reviewFindings(findings, entries, lines, fixtures = 0) {
    const byKey = new Map(entries.map((entry) => [reviewKey(entry), entry]));
    const used = new Set();
    const all = findings.map((finding) => {
        const matchSha256 = matchHash(finding.match);
        const key = reviewKey({ ...finding, matchSha256 });
        const entry = byKey.get(key);
        if (!entry)
            return { ...finding, matchSha256 };
        used.add(key);
        return { ...finding, matchSha256, verdict: entry.verdict, why: entry.why };
    }).sort(compareEntries);
    const falses = all.filter((f) => f.verdict === 'false');
    const reviewedFalse = falses.length;
    const falsePer10kLines = lines === 0 ? 0 : (reviewedFalse * 10_000) / lines;
    const unreviewed = all.filter((f) => f.verdict === undefined);
    return {
        fixtures,
        lines,
        findings: all.length,
        occurrences: all.reduce((sum, f) => sum + f.occurrences, 0),
        reviewedTrue: all.filter((f) => f.verdict === 'true').length,
        reviewedFalse,
        falseOccurrences: falses.reduce((sum, f) => sum + f.occurrences, 0),
        unreviewed,
        stale: entries.filter((entry) => !used.has(reviewKey(entry))),
        falsePer10kLines,
        pass: falsePer10kLines <= FALSE_PER_10K_LINES_TARGET && unreviewed.length === 0,
        all,
    };
}
/** Converts the recorded fixtures, scans them and applies the review file. */
export function reviewFixtureFindings(transcripts = loadFixtureTranscripts(), entries = loadReviewFile()) {
    return reviewFindings(collectFixtureFindings(transcripts), entries, lineCount(transcripts), transcripts.length);
}
/** Review entries for the given findings: existing verdicts kept, new ones left for a reviewer to fill in. */
export function reviewSkeleton(review, entries) {
    const byKey = new Map(entries.map((entry) => [reviewKey(entry), entry]));
    return review.all.map((f) => {
        const entry = byKey.get(reviewKey(f));
        return entry ?? { fixture: f.fixture, rule: f.rule, matchSha256: f.matchSha256, verdict: '', why: '' };
    });
}
export function formatFixtureReview(review, options = {}) {
    const out = [];
    out.push(`Redaction findings on recorded fixtures (standard profile)`);
    out.push(`  fixtures          ${review.fixtures}`);
    out.push(`  lines             ${review.lines}`);
    out.push(`  findings          ${review.findings} distinct (${review.occurrences} occurrences)`);
    out.push(`  reviewed true     ${review.reviewedTrue}`);
    out.push(`  reviewed false    ${review.reviewedFalse} (${review.falseOccurrences} occurrences)`);
    out.push(`  unreviewed        ${review.unreviewed.length}`);
    out.push(`  stale entries     ${review.stale.length}`);
    const verdict = review.falsePer10kLines <= FALSE_PER_10K_LINES_TARGET ? 'PASS' : 'FAIL';
    out.push(`  false / 10k lines ${review.falsePer10kLines.toFixed(2)}  (target ≤ ${FALSE_PER_10K_LINES_TARGET})  ${verdict}`);
    if (review.unreviewed.length > 0)
        out.push(`  ${review.unreviewed.length} finding(s) have no verdict: run with --list and add them to bench/redaction/fixture-review.json`);
    const falses = review.all.filter((f) => f.verdict === 'false');
    if (falses.length > 0 && !options.list) {
        out.push('', 'False findings (rule | fixture | why):');
        for (const f of falses)
            out.push(`  ${f.rule} | ${f.fixture} | ${f.why ?? ''}`);
    }
    if (options.list) {
        out.push('', 'Every finding (verdict rule fixture field ×occurrences, sha, context):');
        for (const f of review.all) {
            out.push(`  [${f.verdict ?? 'UNREVIEWED'}] ${f.rule}  ${f.fixture}  ${f.field}  ×${f.occurrences}  sha ${f.matchSha256}`);
            out.push(`      ${f.context}`);
            if (f.why)
                out.push(`      why: ${f.why}`);
        }
    }
    if (review.stale.length > 0) {
        out.push('', 'Stale review entries (no such finding any more):');
        for (const e of review.stale)
            out.push(`  ${e.rule} | ${e.fixture} | ${e.matchSha256} | ${e.verdict}`);
    }
    return out.join('\n');
}
function main() {
    const args = process.argv.slice(2);
    const known = new Set(['--json', '--list', '--strict', '--skeleton']);
    const unknown = args.filter((a) => !known.has(a));
    if (unknown.length > 0) {
        process.stderr.write(`usage: node dist/bench/redaction/fixture-findings.js [--json] [--list] [--strict] [--skeleton]\n`);
        process.exit(2);
    }
    let entries = [];
    try {
        entries = loadReviewFile();
    }
    catch (err) {
        if (err.code !== 'ENOENT')
            throw err;
    }
    const review = reviewFixtureFindings(loadFixtureTranscripts(), entries);
    if (args.includes('--skeleton')) {
        // The review file with every current finding: existing verdicts kept, new ones empty.
        process.stdout.write(JSON.stringify(reviewSkeleton(review, entries), null, 2) + '\n');
        return;
    }
    if (args.includes('--json')) {
        const { all, ...summary } = review;
        const json = { ...summary, ...(args.includes('--list') ? { all } : {}) };
        process.stdout.write(JSON.stringify(json, null, 2) + '\n');
    }
    else {
        process.stdout.write(formatFixtureReview(review, { list: args.includes('--list') }) + '\n');
    }
    if (args.includes('--strict') && !review.pass)
        process.exitCode = 1;
}
if (isMain(import.meta.url))
    main();
//# sourceMappingURL=fixture-findings.js.map