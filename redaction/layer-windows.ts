/**
 * Where a decoded layer is worth scanning. A carrier (carriers.ts) decodes a whole text, but the
 * decoded text differs from the original only around its escapes: elsewhere it is the original,
 * which the scanner has read already. A long tool output or system prompt with one `&apos;` in it
 * is then scanned around that escape, not twice whole.
 *
 * A window reaches REACH characters beyond the changes it holds, then on to the ends of the lines
 * there (at most LINE_REACH further), so that what a rule reads around a change (a name before
 * its value, the rest of a line) is inside it. Only findings that come near a change (within
 * KEEP_REACH) are kept: one further out is the original's own, and the original's scan has it.
 */
import type { Span } from './types.js';
import { lineBreakAfter, lineBreakBefore } from './line-bounds.js';

const REACH = 1024;
const LINE_REACH = 1024;
const KEEP_REACH = REACH / 2;
/** Windows that would cover more than this share of the text: the whole text is scanned instead. */
const MAX_WINDOWED_SHARE = 0.5;
/** A finding this close to a window's cut may have been cut short or made up by the cut. */
const CUT_MARGIN = 8;

export interface LayerWindow extends Span {
  /** findings must overlap one of these (decoded offsets) to be kept */
  readonly keep: readonly Span[];
}

/**
 * The stretches of `decoded` to scan around `changed` (its sorted changed stretches, possibly
 * empty where an escape decoded to nothing), or null when the whole text should be scanned.
 */
export function layerWindows(decoded: string, changed: readonly Span[]): LayerWindow[] | null {
  const windows: Array<{ start: number; end: number; keep: Span[] }> = [];
  let covered = 0;
  for (const change of changed) {
    const start = lineStartBefore(decoded, Math.max(0, change.start - REACH));
    const end = lineEndAfter(decoded, Math.min(decoded.length, change.end + REACH));
    const keep = { start: Math.max(0, change.start - KEEP_REACH), end: Math.min(decoded.length, change.end + KEEP_REACH) };
    const last = windows[windows.length - 1];
    if (last && start <= last.end) {
      covered += Math.max(0, end - last.end);
      last.end = Math.max(last.end, end);
      last.keep.push(keep);
    } else {
      covered += end - start;
      windows.push({ start, end, keep: [keep] });
    }
    if (covered > decoded.length * MAX_WINDOWED_SHARE) return null;
  }
  return windows;
}

/** The start of the line `at` is on, if it is at most LINE_REACH back; else `at`. */
function lineStartBefore(text: string, at: number): number {
  const lineStart = at === 0 ? 0 : lineBreakBefore(text, at - 1) + 1;
  return lineStart >= at - LINE_REACH ? lineStart : at;
}

/** Just past the end of the line `at` is on (its line break included), if at most LINE_REACH on; else `at`. */
function lineEndAfter(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const newline = lineBreakAfter(text, at);
  if (newline < 0) return text.length - at <= LINE_REACH ? text.length : at;
  return newline < at + LINE_REACH ? newline + 1 : at;
}

/** Whether a finding in a window's text is whole: it does not come within CUT_MARGIN of a side the window cut. */
export function clearOfCuts(window: Span, textLength: number, finding: Span): boolean {
  return (window.start === 0 || finding.start >= window.start + CUT_MARGIN)
    && (window.end === textLength || finding.end <= window.end - CUT_MARGIN);
}

/** Whether a finding comes near a change of its window. */
export function nearChange(window: LayerWindow, finding: Span): boolean {
  return window.keep.some((keep) => finding.start < keep.end && keep.start < finding.end);
}
