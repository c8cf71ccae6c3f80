/**
 * People in real text nobody here wrote: does the `research` profile remove every occurrence of a
 * person that text on this machine names for sure, and what else does it change?
 *
 *   node dist/bench/redaction/people-text.js [--half tuning|held-out|both] [--mb N] [--list] [--json]
 *
 * Text: Debian packages' docs (`changelog.Debian.gz`, upstream changelogs, `copyright`, AUTHORS,
 * THANKS, NEWS, READMEs), installed npm packages (`package.json`, README, LICENSE, CHANGELOG) and
 * Python distributions' metadata and docs. Labels (`people-labels.ts`) come from the structured
 * lines only (a changelog trailer, `Author:`, a copyright line with an e-mail, `package.json`'s
 * `author`); every occurrence of a labelled person's full name or e-mail in the same half's text
 * (prose mentions, `Thanks to …`, `(Name)` credits) is then a target. Files are cut into chunks of
 * 2–16 KB as an agent's tool output (`clean-text.ts`), each chunk goes through `research`'s rules,
 * and an occurrence is caught when findings cover it whole.
 *
 * A stable hash of the package puts it in the tuning or the held-out half (labels too: a half's
 * targets are the people its own structured lines name). Findings that cover no labelled person
 * are reported per MiB: those whose text is a body's, a licence's or the package's own name are
 * false for sure (`not a person`), the rest may be people no structured line names (`unlabelled`).
 * The held-out half prints aggregates only; `--list` (misses and findings outside people, for
 * review) is refused for it. Nothing of the text is committed: it is read at run time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { builtinProfile, compileRules, rulesFor } from '../../redaction/index.js';
import { isMain, MiB } from '../util.js';
import { chunksOf, halfOf, readCleanText } from './clean-text.js';
import type { Half } from './clean-text.js';
import { ROOT } from './fixture-text.js';
import { type MinerArgs, readMinerArgs } from './miner-args.js';
import { type LabelSource, labelSourceOf, labelsOfLine, labelsOfText } from './people-labels.js';

export interface PeopleFile {
  path: string;
  /** `debian:<source package>`, `npm:<name>`, `python:<project>` */
  group: string;
  half: Half;
  rank: string;
}

const DOC_FILE = /^(?:changelog(?:\.Debian)?(?:\.gz)?|copyright|(?:authors|thanks|contributors|credits|news|readme)(?:\.Debian|\.md|\.txt|\.rst)?(?:\.gz)?)$/i;
const NPM_FILE = /^(?:package\.json|readme(?:\.md)?|license(?:\.md|\.txt)?|licence|changelog\.md|history\.md|authors(?:\.md)?|contributors(?:\.md)?)$/i;
const PYTHON_FILE = /^(?:METADATA|PKG-INFO|AUTHORS(?:\.\w+)?|LICENSE(?:\.\w+)?|COPYING|THANKS)$/;

const PYTHON_ROOTS = ['/usr/lib/python3/dist-packages', '/usr/local/lib/python3.11/dist-packages', '/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages'];

function sha(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The source package a Debian doc folder belongs to (binary packages of one source share a half). */
function debianSource(dir: string, name: string): string {
  const changelog = readCleanText(join(dir, 'changelog.Debian.gz'));
  const source = changelog ? /^([a-z0-9][a-z0-9.+-]+) \(/.exec(changelog)?.[1] : undefined;
  return source ?? name;
}

function* debianFiles(): Generator<[string, string]> {
  for (const name of entries('/usr/share/doc')) {
    const dir = join('/usr/share/doc', name);
    const files = entries(dir).filter((file) => DOC_FILE.test(file) && isFile(join(dir, file)));
    if (files.length === 0) continue;
    const group = `debian:${debianSource(dir, name)}`;
    for (const file of files) yield [join(dir, file), group];
  }
}

function* npmFiles(): Generator<[string, string]> {
  const root = join(ROOT, 'node_modules');
  const packages = entries(root).flatMap((name) => (name.startsWith('@') ? entries(join(root, name)).map((inner) => `${name}/${inner}`) : name.startsWith('.') ? [] : [name]));
  for (const name of packages) {
    const dir = join(root, name);
    for (const file of entries(dir)) if (NPM_FILE.test(file) && isFile(join(dir, file))) yield [join(dir, file), `npm:${name}`];
  }
}

function* pythonFiles(): Generator<[string, string]> {
  for (const root of PYTHON_ROOTS) {
    for (const name of entries(root)) {
      const info = /^(.+?)(?:-[\d][^-]*)?(?:-py[\d.]+)?\.(?:dist|egg)-info$/.exec(name);
      if (!info) continue;
      const dir = join(root, name);
      const group = `python:${info[1]!.toLowerCase().replace(/[-_.]+/g, '-')}`;
      const inside = existsSync(join(dir, 'licenses')) ? entries(join(dir, 'licenses')).map((file) => join('licenses', file)) : [];
      for (const file of [...entries(dir), ...inside]) if (PYTHON_FILE.test(basename(file)) && isFile(join(dir, file))) yield [join(dir, file), group];
    }
  }
}

export function listPeopleFiles(): PeopleFile[] {
  const files: PeopleFile[] = [];
  for (const source of [debianFiles(), npmFiles(), pythonFiles()]) {
    for (const [path, group] of source) files.push({ path, group, half: halfOf(group), rank: sha(`${group}/${basename(path)}`) });
  }
  return files.sort((a, b) => a.rank.localeCompare(b.rank));
}

interface Target {
  kind: 'name' | 'email';
  start: number;
  end: number;
  /** on a structured line (the label's own kind of line) or in free text */
  place: 'structured' | 'free text';
}

/** The people a half names: names indexed by their first word, e-mails lower-cased. */
export interface PeopleIndex {
  names: Map<string, string[]>;
  emails: Set<string>;
  count: number;
}

export function indexPeople(texts: Iterable<[string, LabelSource]>): PeopleIndex {
  const names = new Map<string, string[]>();
  const emails = new Set<string>();
  const seen = new Set<string>();
  for (const [text, source] of texts) {
    for (const label of labelsOfText(text, source)) {
      if (label.email) emails.add(label.email.toLowerCase());
      if (!label.name || seen.has(label.name)) continue;
      seen.add(label.name);
      const first = label.name.split(/\s+/)[0]!;
      const list = names.get(first) ?? [];
      list.push(label.name);
      // the longest name first: `Jan van der Berg` before `Jan van`
      list.sort((a, b) => b.length - a.length);
      names.set(first, list);
    }
  }
  return { names, emails, count: seen.size };
}

const WORD = /\p{Lu}[\p{L}\p{M}'’-]*/gu;
const EMAIL_IN_TEXT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const LETTER = /[\p{L}\p{M}]/u;

function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Every occurrence of a labelled person in a text. */
export function targetsIn(text: string, people: PeopleIndex, source: LabelSource): Target[] {
  const targets: Target[] = [];
  const placeOf = (index: number): Target['place'] =>
    source === 'package.json' || source === 'metadata' || labelsOfLine(lineAt(text, index), source).length > 0 ? 'structured' : 'free text';
  for (const word of text.matchAll(WORD)) {
    const index = word.index;
    if (index > 0 && LETTER.test(text[index - 1]!)) continue;
    for (const name of people.names.get(word[0].replace(/[.'’-]+$/, '')) ?? people.names.get(word[0]) ?? []) {
      if (!text.startsWith(name, index)) continue;
      const after = text[index + name.length];
      if (after !== undefined && LETTER.test(after)) continue;
      targets.push({ kind: 'name', start: index, end: index + name.length, place: placeOf(index) });
      break;
    }
  }
  for (const email of text.matchAll(EMAIL_IN_TEXT)) {
    const bare = email[0].replace(/\.+$/, '');
    if (people.emails.has(bare.toLowerCase())) targets.push({ kind: 'email', start: email.index, end: email.index + bare.length, place: placeOf(email.index) });
  }
  return targets;
}

/** Words that make a finding a body's or a licence's text, not a person's. */
const NOT_A_PERSON =
  /\b(?:Team|Project|Foundation|Inc|Ltd|LLC|GmbH|Corp(?:oration)?|Company|Group|Maintainers?|Developers?|Contributors?|Authors?|Community|Consortium|Society|Association|University|Institute|Software|Systems|Licen[cs]e|GPL|LGPL|BSD|MIT|Apache|Copyright|Debian|Ubuntu|GNU|Microsoft|Google|Python|Perl)\b/;

export interface Caught {
  total: number;
  caught: number;
  partly: number;
}

export interface PeopleReport {
  half: Half;
  files: number;
  groups: number;
  bytes: number;
  people: number;
  names: Record<Target['place'], Caught>;
  emails: Record<Target['place'], Caught>;
  notAPerson: number;
  unlabelled: number;
  notAPersonPerMiB: number;
  unlabelledPerMiB: number;
  outsideByRule: Record<string, number>;
}

export interface PeopleListing {
  misses: string[];
  outside: string[];
}

function shown(s: string): string {
  return s.replace(/\r?\n/g, '⏎').replace(/\t/g, '→');
}

function context(text: string, start: number, end: number): string {
  return `${shown(text.slice(Math.max(0, start - 50), start))}⟦${shown(text.slice(start, end))}⟧${shown(text.slice(end, end + 50))}`;
}

/** Stretches of a chunk the findings cover, merged. */
function covered(findings: readonly { start: number; end: number }[]): [number, number][] {
  const spans = findings.map((f) => [f.start, f.end] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

const emptyCaught = (): Record<Target['place'], Caught> => ({ structured: { total: 0, caught: 0, partly: 0 }, 'free text': { total: 0, caught: 0, partly: 0 } });

export function minePeopleText(options: { halves?: readonly Half[]; maxBytesPerHalf?: number; list?: boolean } = {}): { reports: PeopleReport[]; listing: PeopleListing } {
  const halves = options.halves ?? ['tuning', 'held-out'];
  const maxBytes = options.maxBytesPerHalf ?? 6 * MiB;
  const profile = builtinProfile('research');
  if (!profile) throw new Error('no research profile');
  const rules = compileRules(rulesFor(profile), { allowValues: profile.allow });
  const all = listPeopleFiles();
  const reports: PeopleReport[] = [];
  const listing: PeopleListing = { misses: [], outside: [] };
  for (const half of halves) {
    const files = all.filter((file) => file.half === half);
    const texts = new Map<string, string>();
    const seenContent = new Set<string>();
    for (const file of files) {
      // binary packages of one source carry near-copies of one changelog: read it once
      const kind = `${file.group}/${basename(file.path).replace(/\.gz$/, '')}`;
      if (seenContent.has(kind)) continue;
      const text = readCleanText(file.path);
      if (text === undefined) continue;
      const digest = sha(text);
      if (seenContent.has(digest)) continue;
      seenContent.add(digest);
      seenContent.add(kind);
      texts.set(file.path, text);
    }
    const people = indexPeople([...texts].map(([path, text]) => [text, labelSourceOf(path)] as [string, LabelSource]));
    const report: PeopleReport = { half, files: 0, groups: 0, bytes: 0, people: people.count, names: emptyCaught(), emails: emptyCaught(), notAPerson: 0, unlabelled: 0, notAPersonPerMiB: 0, unlabelledPerMiB: 0, outsideByRule: {} };
    const groups = new Set<string>();
    for (const file of files) {
      if (report.bytes >= maxBytes) break;
      const text = texts.get(file.path);
      if (text === undefined) continue;
      const source = labelSourceOf(file.path);
      const targets = targetsIn(text, people, source);
      report.files++;
      groups.add(file.group);
      report.bytes += Buffer.byteLength(text, 'utf8');
      const packageWord = file.group.slice(file.group.indexOf(':') + 1).split('/').pop()!.toLowerCase();
      let offset = 0;
      for (const chunk of chunksOf(text, file.rank)) {
        const chunkEnd = offset + chunk.length;
        const findings = rules.scan(chunk);
        const spans = covered(findings);
        const inChunk = targets.filter((t) => t.start >= offset && t.end <= chunkEnd);
        for (const target of inChunk) {
          const start = target.start - offset;
          const end = target.end - offset;
          const tally = (target.kind === 'name' ? report.names : report.emails)[target.place];
          tally.total++;
          if (spans.some(([s, e]) => s <= start && e >= end)) tally.caught++;
          else {
            if (spans.some(([s, e]) => s < end && e > start)) tally.partly++;
            if (options.list && half === 'tuning') listing.misses.push(`${target.kind} ${target.place}  ${file.path}\n      ${context(chunk, start, end)}`);
          }
        }
        for (const finding of findings) {
          const start = finding.start + offset;
          const end = finding.end + offset;
          if (targets.some((t) => t.start < end && t.end > start)) continue;
          const match = chunk.slice(finding.start, finding.end);
          const isBody = NOT_A_PERSON.test(match) || (packageWord.length > 2 && match.toLowerCase().includes(packageWord));
          if (isBody) report.notAPerson++;
          else report.unlabelled++;
          report.outsideByRule[finding.ruleId] = (report.outsideByRule[finding.ruleId] ?? 0) + 1;
          if (options.list && half === 'tuning') listing.outside.push(`${isBody ? 'not-a-person' : 'unlabelled'} ${finding.ruleId}  ${file.path}\n      ${context(chunk, finding.start, finding.end)}`);
        }
        offset = chunkEnd;
      }
    }
    report.groups = groups.size;
    report.notAPersonPerMiB = report.notAPerson / (report.bytes / MiB || 1);
    report.unlabelledPerMiB = report.unlabelled / (report.bytes / MiB || 1);
    reports.push(report);
  }
  return { reports, listing };
}

function rate(c: Caught): string {
  return `${c.caught}/${c.total} (${c.total === 0 ? '-' : (c.caught / c.total).toFixed(3)}, ${c.partly} partly)`;
}

export function formatPeopleReports(reports: readonly PeopleReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    const sum = (x: Record<Target['place'], Caught>): Caught => ({ total: x.structured.total + x['free text'].total, caught: x.structured.caught + x['free text'].caught, partly: x.structured.partly + x['free text'].partly });
    out.push(`${r.half}: ${(r.bytes / MiB).toFixed(2)} MiB, ${r.files} files, ${r.groups} groups, ${r.people} people labelled`);
    out.push(`  names:  ${rate(sum(r.names))}  structured ${rate(r.names.structured)}  free text ${rate(r.names['free text'])}`);
    out.push(`  emails: ${rate(sum(r.emails))}  structured ${rate(r.emails.structured)}  free text ${rate(r.emails['free text'])}`);
    out.push(`  outside people: not a person ${r.notAPerson} (${r.notAPersonPerMiB.toFixed(2)} / MiB), unlabelled ${r.unlabelled} (${r.unlabelledPerMiB.toFixed(2)} / MiB)`);
    for (const [rule, n] of Object.entries(r.outsideByRule).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 12)) out.push(`    ${String(n).padStart(5)}  ${rule}`);
  }
  return out.join('\n');
}

if (isMain(import.meta.url)) {
  let parsed: MinerArgs;
  try {
    parsed = readMinerArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`people-text: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const { reports, listing } = minePeopleText(parsed);
  if (parsed.json) process.stdout.write(`${JSON.stringify({ reports }, null, 2)}\n`);
  else process.stdout.write(`${formatPeopleReports(reports)}\n`);
  if (parsed.list) {
    process.stdout.write(`\nMisses (${listing.misses.length}):\n${listing.misses.map((m) => `  ${m}`).join('\n')}\n`);
    process.stdout.write(`\nFindings outside labelled people (${listing.outside.length}):\n${listing.outside.map((m) => `  ${m}`).join('\n')}\n`);
  }
}
