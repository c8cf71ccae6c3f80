/** The formats `atx scan --format` prints: a module each, and a line here. */
import { jsonReport } from './json.js';
import { markdownReport } from './markdown.js';
import { sarifReport } from './sarif.js';
import { textReport } from './text.js';
export { ruleDescriber } from './report.js';
export const SCAN_FORMATS = {
    text: textReport,
    json: jsonReport,
    sarif: sarifReport,
    markdown: markdownReport,
};
//# sourceMappingURL=index.js.map