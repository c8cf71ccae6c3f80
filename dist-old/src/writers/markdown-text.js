/**
 * Putting session text into a Markdown document without letting it change the document's
 * structure: a fence always outlasts the text inside it, HTML in prose is shown as text (so a
 * `</details>` in a message cannot close one of ours), and a fence the text leaves open is closed.
 */
/** A fence of backticks longer than any run of backticks in `body`, around it. */
export function fenced(body, info = '') {
    const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(Math.max(3, longestRun + 1));
    return `${fence}${info}\n${body.endsWith('\n') ? body : `${body}\n`}${fence}`;
}
/** One fence-opening line: its character run and whatever follows (CommonMark: up to 3 spaces of indent). */
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/**
 * Text the agent or the person wrote, kept as Markdown: outside code, `<` becomes `&lt;` (no raw
 * HTML); a code fence left open at the end is closed, so the rest of the document stays outside it.
 */
export function markdownText(text) {
    const lines = text.replace(/\r\n?/g, '\n').split('\n');
    let open;
    const out = lines.map((line) => {
        const fence = FENCE_LINE.exec(line);
        if (open !== undefined) {
            if (fence && fence[1][0] === open[0] && fence[1].length >= open.length && fence[2].trim() === '')
                open = undefined;
            return line;
        }
        if (fence && !(fence[1][0] === '`' && fence[2].includes('`'))) {
            open = fence[1];
            return line;
        }
        return escapeHtmlOutsideCode(line);
    });
    if (open !== undefined)
        out.push(open);
    return out.join('\n');
}
/** `<` → `&lt;` except inside inline code spans (where an entity would show as typed). */
function escapeHtmlOutsideCode(line) {
    if (!line.includes('<'))
        return line;
    let result = '';
    let at = 0;
    const runs = /`+/g;
    for (let run = runs.exec(line); run; run = runs.exec(line)) {
        // a code span ends at the next run of exactly as many backticks; without one, the run is text
        const closing = new RegExp(`(?<!\`)${run[0]}(?!\`)`, 'g');
        closing.lastIndex = run.index + run[0].length;
        const end = closing.exec(line);
        if (!end)
            continue;
        result += line.slice(at, run.index).replaceAll('<', '&lt;') + line.slice(run.index, end.index + run[0].length);
        at = end.index + run[0].length;
        runs.lastIndex = at;
    }
    return result + line.slice(at).replaceAll('<', '&lt;');
}
/** A short value inside a line of ours (a title, a tool name, a meta note): no Markdown of its own. */
export function inlineText(text) {
    return text.replace(/\s+/g, ' ').trim().replace(/[\\`*_[\]<>|#~]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`));
}
/** A value in inline code: backticks long enough for what it holds. */
export function inlineCode(text) {
    const flat = text.replace(/\s+/g, ' ');
    const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
    const ticks = '`'.repeat(longestRun + 1);
    const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
    return `${ticks}${pad}${flat}${pad}${ticks}`;
}
/** The first `maxLines` lines and at most `maxChars` characters of `text`, saying how much was left out. */
export function trimmed(text, maxLines, maxChars) {
    const lines = text.split('\n');
    let kept = lines.slice(0, maxLines).join('\n');
    if (kept.length > maxChars)
        kept = kept.slice(0, maxChars);
    const droppedChars = text.length - kept.length;
    if (droppedChars === 0)
        return { text, note: undefined, lines: lines.length };
    const keptLines = kept.split('\n').length;
    const droppedLines = lines.length - keptLines;
    const what = droppedLines > 0 ? `${count(droppedLines)} more line${droppedLines === 1 ? '' : 's'} (${count(droppedChars)} characters)` : `${count(droppedChars)} more characters`;
    return { text: kept, note: `… ${what} trimmed`, lines: lines.length };
}
export const count = (n) => n.toLocaleString('en-US');
/** `1 event`, `2,048 events` */
export const counted = (n, noun) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
/** Every line prefixed (a blockquote per nesting level); blank lines keep the bare marker. */
export function prefixed(text, prefix) {
    if (!prefix)
        return text;
    const bare = prefix.trimEnd();
    return text.split('\n').map((line) => (line ? prefix + line : bare)).join('\n');
}
/** Text inside HTML of ours (a `<summary>`), where Markdown is not read. */
export const htmlText = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
//# sourceMappingURL=markdown-text.js.map