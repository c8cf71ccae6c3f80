/**
 * False findings on clean text nobody here wrote: files already on this machine that an agent
 * reads with `cat`, `grep` or `sed -n` (installed packages' sources, type declarations, READMEs
 * and changelogs; Debian's docs, man pages, Python, Perl and Ruby libraries; C headers; shell
 * completions; /etc config samples).
 *
 *   node dist/bench/redaction/clean-text.js [--half tuning|held-out|both] [--profile standard|research|both]
 *        [--mb N] [--root DIR]... [--list] [--json]
 *
 * Each root is split into groups (an npm package, a Debian package's doc folder, a Python module,
 * a man page...). A stable hash of the group's name puts it in the **tuning** or the **held-out**
 * half. Files are cut into chunks of 2–16 KB at line boundaries (the size of one tool output) and
 * each chunk goes through the profile's rules. Up to `--mb` MiB per half are read, chosen by the
 * same hash, so a run is repeatable on one machine.
 *
 * The held-out half only ever reports aggregate counts (findings per MiB and per rule): `--list`
 * (every finding with its context, for review) is refused for it. Fix what the tuning half shows,
 * then compare the held-out half's counts before and after.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { builtinProfile, compileRules, rulesFor } from '../../redaction/index.js';
import { isMain, MiB } from '../util.js';
import { ROOT } from './fixture-text.js';
import { readMinerArgs } from './miner-args.js';

export type Half = 'tuning' | 'held-out';

/** A folder to mine and how its files are grouped: by the first `depth` path parts below it. */
export interface CleanRoot {
  dir: string;
  depth: number;
}

export const DEFAULT_ROOTS: readonly CleanRoot[] = [
  { dir: join(ROOT, 'node_modules'), depth: 1 },
  { dir: '/usr/share/doc', depth: 1 },
  { dir: '/usr/share/man', depth: 2 },
  { dir: '/usr/lib/python3', depth: 2 },
  { dir: '/usr/lib/python3.11', depth: 1 },
  { dir: '/usr/share/perl', depth: 2 },
  { dir: '/usr/share/perl5', depth: 1 },
  { dir: '/etc', depth: 1 },
  // more of what agents read: C headers, global npm packages, Ruby gems, shell completions and
  // functions, editor runtime files, info manuals, Perl's own config, systemd units
  { dir: '/usr/include', depth: 1 },
  { dir: '/usr/lib/node_modules', depth: 1 },
  { dir: '/usr/lib/ruby', depth: 2 },
  { dir: '/usr/share/zsh', depth: 2 },
  { dir: '/usr/share/fish', depth: 1 },
  { dir: '/usr/share/bash-completion', depth: 1 },
  { dir: '/usr/share/vim', depth: 2 },
  { dir: '/usr/share/info', depth: 1 },
  { dir: '/usr/share/tcltk', depth: 1 },
  { dir: '/usr/share/postgresql', depth: 1 },
  { dir: '/usr/lib/x86_64-linux-gnu/perl', depth: 1 },
  { dir: '/usr/lib/systemd', depth: 1 },
  { dir: '/usr/lib/git-core', depth: 1 },
];

/** Read at most this much of one file: an agent's `cat` of a larger one is cut anyway. */
const MAX_FILE_BYTES = 256 * 1024;
const MIN_CHUNK = 2 * 1024;
const MAX_CHUNK = 16 * 1024;
const CONTEXT_CHARS = 40;

export interface CleanFile {
  path: string;
  /** `root-name:group`, e.g. `node_modules:typescript` */
  group: string;
  half: Half;
  /** stable order within a half */
  rank: string;
}

function sha(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The half a group belongs to: one bit of the hash of its name, the same on every machine. */
export function halfOf(group: string): Half {
  return Number.parseInt(sha(group).slice(0, 2), 16) % 2 === 0 ? 'tuning' : 'held-out';
}

function groupOf(root: CleanRoot, path: string): string {
  const parts = relative(root.dir, path).split(sep);
  let depth = root.depth;
  if (parts[0]?.startsWith('@')) depth++;
  const head = parts.slice(0, Math.min(depth, parts.length - 1));
  // a file directly in the root (a man page section's page, /etc/foo.conf) is its own group
  const name = head.length > 0 ? head.join('/') : basename(path).replace(/\.gz$/, '').replace(/\.\w+$/, '');
  return `${basename(root.dir)}:${name}`;
}

function* walk(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '.bin' || entry.name === '__pycache__' || entry.name === '.cache') continue;
      yield* walk(path);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      yield path;
    }
  }
}

export function listCleanFiles(roots: readonly CleanRoot[]): CleanFile[] {
  const files: CleanFile[] = [];
  for (const root of roots) {
    for (const path of walk(root.dir)) {
      const group = groupOf(root, path);
      // ranked by the path below the root's name: the same sample from any checkout
      files.push({ path, group, half: halfOf(group), rank: sha(`${basename(root.dir)}/${relative(root.dir, path)}`) });
    }
  }
  return files.sort((a, b) => a.rank.localeCompare(b.rank));
}

function readHead(path: string): Buffer | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(MAX_FILE_BYTES);
      const n = readSync(fd, buffer, 0, buffer.length, 0);
      return buffer.subarray(0, n);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** The file's text as an agent would see it, or undefined for binary or unreadable files. */
export function readCleanText(path: string): string | undefined {
  let bytes = readHead(path);
  if (!bytes || bytes.length === 0) return undefined;
  if (path.endsWith('.gz')) {
    try {
      bytes = gunzipSync(bytes, { finishFlush: 2 }).subarray(0, MAX_FILE_BYTES);
    } catch {
      return undefined;
    }
  }
  if (bytes.includes(0)) return undefined;
  const text = bytes.toString('utf8');
  // mostly undecodable: not text
  const bad = text.split('\uFFFD').length - 1;
  return bad > text.length / 100 ? undefined : text;
}

/** Cuts text at line boundaries into chunks of 2–16 KB, sizes drawn from a seed (the path's hash). */
export function chunksOf(text: string, seed: string): string[] {
  const chunks: string[] = [];
  let state = Number.parseInt(seed.slice(0, 8), 16) >>> 0;
  let start = 0;
  while (start < text.length) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const size = MIN_CHUNK + (state % (MAX_CHUNK - MIN_CHUNK));
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end);
      end = newline > start ? newline + 1 : end;
    }
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

export interface CleanFinding {
  half: Half;
  profile: string;
  group: string;
  path: string;
  rule: string;
  match: string;
  context: string;
}

export interface HalfReport {
  half: Half;
  profile: string;
  files: number;
  groups: number;
  bytes: number;
  findings: number;
  perMiB: number;
  byRule: Record<string, number>;
}

function contextAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  const shown = (s: string) => s.replace(/\r?\n/g, '⏎').replace(/\t/g, '→');
  return `${shown(text.slice(from, start))}⟦${shown(text.slice(start, end))}⟧${shown(text.slice(end, to))}`;
}

export interface MineOptions {
  roots?: readonly CleanRoot[];
  halves?: readonly Half[];
  profiles?: readonly string[];
  maxBytesPerHalf?: number;
  /** collect every finding (tuning half only) */
  keepFindings?: boolean;
}

export function mineCleanText(options: MineOptions = {}): { reports: HalfReport[]; findings: CleanFinding[] } {
  const halves = options.halves ?? ['tuning', 'held-out'];
  const profiles = options.profiles ?? ['standard', 'research'];
  const maxBytes = options.maxBytesPerHalf ?? 8 * MiB;
  const files = listCleanFiles(options.roots ?? DEFAULT_ROOTS);
  const ruleSets = profiles.map((name) => {
    const profile = builtinProfile(name);
    if (!profile) throw new Error(`unknown profile ${name}`);
    return { name, rules: compileRules(rulesFor(profile), { allowValues: profile.allow }) };
  });
  const reports: HalfReport[] = [];
  const findings: CleanFinding[] = [];
  for (const half of halves) {
    const perProfile = ruleSets.map(({ name }) => ({ half, profile: name, files: 0, groups: 0, bytes: 0, findings: 0, perMiB: 0, byRule: {} as Record<string, number> }));
    const groups = new Set<string>();
    let bytes = 0;
    let fileCount = 0;
    for (const file of files) {
      if (file.half !== half) continue;
      if (bytes >= maxBytes) break;
      const text = readCleanText(file.path);
      if (text === undefined) continue;
      fileCount++;
      groups.add(file.group);
      bytes += Buffer.byteLength(text, 'utf8');
      for (const chunk of chunksOf(text, file.rank)) {
        ruleSets.forEach(({ name, rules }, i) => {
          const report = perProfile[i]!;
          for (const finding of rules.scan(chunk)) {
            report.findings++;
            report.byRule[finding.ruleId] = (report.byRule[finding.ruleId] ?? 0) + 1;
            if (options.keepFindings && half === 'tuning') {
              findings.push({ half, profile: name, group: file.group, path: file.path, rule: finding.ruleId, match: chunk.slice(finding.start, finding.end), context: contextAround(chunk, finding.start, finding.end) });
            }
          }
        });
      }
    }
    for (const report of perProfile) {
      report.files = fileCount;
      report.groups = groups.size;
      report.bytes = bytes;
      report.perMiB = bytes === 0 ? 0 : report.findings / (bytes / MiB);
      reports.push(report);
    }
  }
  return { reports, findings };
}

export function formatReports(reports: readonly HalfReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    out.push(`${r.half} ${r.profile}: ${(r.bytes / MiB).toFixed(2)} MiB, ${r.files} files, ${r.groups} groups, ${r.findings} findings, ${r.perMiB.toFixed(2)} / MiB`);
    for (const [rule, n] of Object.entries(r.byRule).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) out.push(`    ${String(n).padStart(5)}  ${rule}`);
  }
  return out.join('\n');
}

function parseArgs(argv: readonly string[]): { options: MineOptions; list: boolean; json: boolean } {
  const args = readMinerArgs(argv, ['profile', 'root']);
  const options: MineOptions = { keepFindings: args.list };
  if (args.halves) options.halves = args.halves;
  if (args.maxBytesPerHalf !== undefined) options.maxBytesPerHalf = args.maxBytesPerHalf;
  const profile = args.extra.profile?.at(-1);
  if (profile !== undefined) options.profiles = profile === 'both' ? ['standard', 'research'] : [profile];
  if (args.extra.root) options.roots = args.extra.root.map((dir): CleanRoot => ({ dir, depth: 1 }));
  return { options, list: args.list, json: args.json };
}

if (isMain(import.meta.url)) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`clean-text: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const { reports, findings } = mineCleanText(parsed.options);
  if (parsed.json) {
    process.stdout.write(`${JSON.stringify({ reports, findings }, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatReports(reports)}\n`);
    if (parsed.list) {
      process.stdout.write('\nFindings (profile rule group path, context):\n');
      for (const f of findings) process.stdout.write(`  ${f.profile} ${f.rule}  ${f.group}  ${f.path}\n      ${f.context}\n`);
    }
  }
}
