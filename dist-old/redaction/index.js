/** The redaction module's public face: profiles, rules, the string redactor and the transcript transform. */
import { builtinProfile } from './profiles.js';
import { Redactor } from './redactor.js';
export { BUILTIN_PROFILES, DEFAULT_PROFILE, builtinProfile } from './profiles.js';
export { BUILTIN_RULES, familiesOf, familyOf, RULE_FAMILIES, RULESET_VERSION } from './rules/index.js';
export { Redactor, ResidueError, rulesFor } from './redactor.js';
export { compileRules } from './scanner.js';
export { TranscriptRedactor, mergePrivacy } from './transcript-redactor.js';
/**
 * Redacts free text with a built-in profile, as the engine would redact a transcript's `text`
 * (used by the scoring script and `atx rules test`). One redactor per call of the factory, so
 * placeholders are numbered across the texts given to it.
 */
export function createTextRedactor(profileName, salt = Buffer.from('atx-text')) {
    const profile = builtinProfile(profileName);
    if (!profile)
        throw new Error(`unknown profile ${profileName}`);
    const redactor = new Redactor(profile, salt);
    return (text) => {
        const result = redactor.redact(text, 'text');
        return { text: result.value, findings: result.redactions.length };
    };
}
//# sourceMappingURL=index.js.map