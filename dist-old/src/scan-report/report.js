/**
 * What `atx scan` found, as every report format reads it. A finding names a rule, a field and a
 * place, never the secret (nor a hash of it): no format can print what the scan never kept.
 */
import { familyOf } from '../../redaction/index.js';
/**
 * Receipts that no rule of the table makes: the redactor names these itself (a value under a
 * key such as `password` in a tool's JSON input is removed whole).
 */
const RECEIPT_ONLY_RULES = {
    'sensitive-field': { family: 'generic', summary: 'a value under a sensitive key name (password, token, secret, ...) in structured tool input' },
};
/** Looks a rule id up among the rules the profile ran. */
export function ruleDescriber(rules) {
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    return (ruleId) => {
        const rule = byId.get(ruleId);
        if (rule)
            return { family: familyOf(rule), summary: shortDescription(rule.description) };
        return RECEIPT_ONLY_RULES[ruleId] ?? { family: 'custom', summary: `rule ${ruleId}` };
    };
}
/**
 * A description up to its first `: ` or `; `, without parentheses: those hold the format
 * ("sk_live_/sk_test_", "ghp_ + 36"), and a vendor prefix is the start of every real value.
 */
export function shortDescription(description) {
    let text = description;
    for (let previous = ''; previous !== text;) {
        previous = text;
        text = text.replace(/\s*\([^()]*\)/g, '');
    }
    return text.split(/: |; /)[0].replace(/\s+/g, ' ').trim();
}
//# sourceMappingURL=report.js.map