/** The glob-like patterns of session stores: "/"-separated names with `*`, `?` and `{a,b}`; no `**`. */
/** One name of a pattern as an anchored regular expression. */
export function namePattern(glob) {
    let source = '';
    for (let at = 0; at < glob.length; at += 1) {
        const char = glob[at];
        if (char === '*')
            source += '[^/]*';
        else if (char === '?')
            source += '[^/]';
        else if (char === '{') {
            const end = glob.indexOf('}', at);
            if (end === -1)
                throw new Error(`unclosed { in pattern ${glob}`);
            source += `(?:${glob.slice(at + 1, end).split(',').map(escapeRegExp).join('|')})`;
            at = end;
        }
        else
            source += escapeRegExp(char);
    }
    return new RegExp(`^${source}$`);
}
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pattern split into its names, each compiled. */
export const compilePattern = (pattern) => pattern.split('/').filter((name) => name !== '').map(namePattern);
//# sourceMappingURL=pattern.js.map