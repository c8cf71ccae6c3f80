/** Options that several commands offer with the same meaning and the same help text. */
import { Option } from 'commander';

export const prettyOption = (): Option => new Option('--pretty', 'indent the JSON document');

/** For commands that print a summary on stderr when they finish. */
export const quietSummaryOption = (): Option => new Option('-q, --quiet', 'no summary on stderr');
