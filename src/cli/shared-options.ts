/** Options that several commands offer with the same meaning and the same help text. */
import { Option } from 'commander';

export const prettyOption = (): Option => new Option('--pretty', 'indent the JSON document');

/** For commands that print a summary on stderr when they finish. */
export const quietSummaryOption = (): Option => new Option('-q, --quiet', 'no summary on stderr');

/** For commands that write a batch of inputs (convert, redact). */
export const jobsOption = (): Option => new Option('-j, --jobs <n>', 'worker threads for a batch written to a folder (default: one per core; 1: one input after another, in this process)');
export const verboseOption = (): Option => new Option('-v, --verbose', 'for a batch, the per-session lines too (detection, summary table)');

/**
 * `-o` of the commands that write Transcripts (convert, redact). `-o -` is stdout, as in most
 * tools; it used to write a file named `-`.
 */
export const outOption = (what: string): Option =>
  new Option('-o, --out <path>', `${what}; - for stdout (the default)`).argParser((value: string) => (value === '-' ? undefined : value));
