/**
 * A secret printed by a program that wraps long lines (`fold -w 40`, `base64 -w 64`, a hard wrap)
 * goes on over the next lines. When a secret found by a rule runs to the end of its line, and the
 * lines right after it are exactly as long as that line and hold nothing but a token's characters,
 * they are the rest of the value; so is a last, shorter line that looks drawn (digits, both cases).
 */
import type { Finding } from './types.js';

const TOKEN_LINE = /^[A-Za-z0-9+/_-]+={0,2}$/;
const MIN_WIDTH = 20;
const MAX_WIDTH = 200;
const MIN_VALUE = 8;

/** The findings, each secret that a wrapped printout continues reaching over its continuation lines. */
export function withWrappedContinuations(text: string, findings: readonly Finding[]): readonly Finding[] {
  let extended: Finding[] | null = null;
  for (let i = 0; i < findings.length; i += 1) {
    const finding = findings[i]!;
    if (finding.type !== 'secret') continue;
    const end = continuationEnd(text, finding);
    const next = findings[i + 1];
    if (end === finding.end || (next !== undefined && next.start < end)) continue;
    (extended ??= [...findings])[i] = { ...finding, end };
  }
  return extended ?? findings;
}

/** Digits and letters of both cases, not words joined into a name (`BUILD_NUMBER_main_42`). */
function looksDrawn(line: string): boolean {
  return /\d/.test(line) && /[a-z]/.test(line) && /[A-Z]/.test(line) && !/(?:[A-Za-z]{3,}[_-]){2}/.test(line);
}

function lineBreakLength(text: string, at: number): number {
  if (text.charCodeAt(at) === 10) return 1;
  return text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 0;
}

function continuationEnd(text: string, finding: Finding): number {
  if (lineBreakLength(text, finding.end) === 0 || finding.end - finding.start < MIN_VALUE) return finding.end;
  const lineStart = text.lastIndexOf('\n', finding.start - 1) + 1;
  const width = finding.end - lineStart;
  if (width < MIN_WIDTH || width > MAX_WIDTH || !TOKEN_LINE.test(text.slice(finding.start, finding.end))) return finding.end;
  let end = finding.end;
  for (let breakLength = lineBreakLength(text, end); breakLength !== 0; breakLength = lineBreakLength(text, end)) {
    const from = end + breakLength;
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    if (text.charCodeAt(to - 1) === 13) to -= 1;
    const line = text.slice(from, to);
    if (line.length > width || !TOKEN_LINE.test(line)) break;
    if (line.length === width) {
      end = to;
      continue;
    }
    if (line.length >= 4 && looksDrawn(line)) end = to;
    break;
  }
  return end;
}
