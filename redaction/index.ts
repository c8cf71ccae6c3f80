/** The redaction module's public face: profiles, rules, the string redactor and the transcript transform. */
import { builtinProfile } from './profiles.js';
import { Redactor } from './redactor.js';

export { BUILTIN_PROFILES, DEFAULT_PROFILE, builtinProfile, type Profile, type ToolOutputPolicy } from './profiles.js';
export { BUILTIN_RULES, familiesOf, familyOf, RULE_FAMILIES, RULESET_VERSION, type RuleFamily } from './rules/index.js';
export { Redactor, ResidueError, rulesFor, type RedactedString } from './redactor.js';
export { compileRules, type RuleSet } from './scanner.js';
export { TranscriptRedactor, mergePrivacy, type TranscriptRedactorOptions } from './transcript-redactor.js';
export type { Privacy, RedactableEvent, RedactableHeader, Redaction, Withheld } from './transcript-shape.js';
export type { Finding, FindingType, Rule } from './types.js';

/**
 * Redacts free text with a built-in profile, as the engine would redact a transcript's `text`
 * (used by the scoring script and `atx rules test`). One redactor per call of the factory, so
 * placeholders are numbered across the texts given to it.
 */
export function createTextRedactor(profileName: string, salt: Buffer = Buffer.from('atx-text')): (text: string) => { text: string; findings: number } {
  const profile = builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const redactor = new Redactor(profile, salt);
  return (text) => {
    const result = redactor.redact(text, 'text');
    return { text: result.value, findings: result.redactions.length };
  };
}
