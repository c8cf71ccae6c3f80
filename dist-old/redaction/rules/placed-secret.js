/** A secret found by its place: by a pattern whose `secret` group is the value, or by a detector. */
export function placedSecret(id, description, facts, locate, examples) {
    const { shield = 'values', ...rest } = facts;
    const how = locate instanceof RegExp ? { pattern: locate } : { detector: locate };
    return { id, type: 'secret', description, ...rest, ...how, shield, examples };
}
//# sourceMappingURL=placed-secret.js.map