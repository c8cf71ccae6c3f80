/**
 * Whether a profile redacts enough to be uploaded without --allow-unredacted. Read from the rule
 * data, not from a list of profile names: the secret classes (rule families) that `standard`
 * redacts, and which of them the profile's own effective rules still cover. A profile that covers
 * none of them (`none`, `secrets: false`, or a custom profile that disables every rule) sends
 * secrets as they are, whatever its name.
 */
import { builtinProfile, DEFAULT_PROFILE, familyOf, rulesFor } from '../../redaction/index.js';
const REFERENCE_PROFILE = 'standard';
/** The built-in families of the secret rules a profile runs (a custom rule is no class of standard). */
export function secretClassesOf(profile) {
    return new Set(rulesFor(profile).filter((rule) => rule.type === 'secret').map(familyOf).filter((family) => family !== 'custom'));
}
export function uploadRedactionVerdict(profile) {
    const reference = [...secretClassesOf(builtinProfile(REFERENCE_PROFILE) ?? builtinProfile(DEFAULT_PROFILE))];
    const own = secretClassesOf(profile);
    const kept = reference.filter((family) => own.has(family));
    return { allowed: profile.uploadAllowed && kept.length > 0, kept, reference };
}
/** Why upload refuses the profile, in one line. */
export function refusalText(profile, verdict) {
    const what = profile.secrets
        ? `removes none of the secret classes ${REFERENCE_PROFILE} removes (${verdict.reference.join(', ')})`
        : 'does not redact secrets';
    return `profile ${profile.name} ${what}, so upload refuses it; use --profile standard (or research, public), or add --allow-unredacted if you mean it`;
}
//# sourceMappingURL=redaction-policy.js.map