/** Regular expressions built from literal strings (keywords, remembered secrets, known paths). */
export function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** One pattern matching any of the literals, the longest first so one that contains another wins. */
export function literalAlternation(literals, flags = 'g') {
    return new RegExp([...literals].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), flags);
}
//# sourceMappingURL=literals.js.map