/** Options that several commands offer with the same meaning and the same help text. */
import { Option } from 'commander';
export const prettyOption = () => new Option('--pretty', 'indent the JSON document');
/** For commands that print a summary on stderr when they finish. */
export const quietSummaryOption = () => new Option('-q, --quiet', 'no summary on stderr');
/** For commands that write a batch of inputs (convert, redact). */
export const jobsOption = () => new Option('-j, --jobs <n>', 'worker threads for a batch written to a folder (default: one per core; 1: one input after another, in this process)');
export const verboseOption = () => new Option('-v, --verbose', 'for a batch, the per-session lines too (detection, summary table)');
//# sourceMappingURL=shared-options.js.map