import { count, counted, fenced, inlineCode, inlineText, markdownText, trimmed } from './markdown-text.js';
/** How much of a tool's output, arguments and diffs is shown before the rest is trimmed. */
const OUTPUT_LINES = 40;
const OUTPUT_CHARS = 4000;
const ARGUMENT_CHARS = 2000;
const DIFF_LINES = 200;
const DIFF_CHARS = 20_000;
/** longer outputs and system texts are folded in a <details> block */
const FOLD_LINES = 12;
export function eventBlock(event) {
    const notes = [...(event.withheld ?? []).map(withheldNote), ...(event.attachments ?? []).map(attachmentNote)];
    const body = bodyOf(event);
    return [body, ...notes].filter(Boolean).join('\n\n');
}
function bodyOf(event) {
    switch (event.type) {
        case 'user_message':
        case 'assistant_message':
            return event.text ? markdownText(event.text) : '';
        case 'reasoning':
            return event.text ? folded('Reasoning', markdownText(event.text)) : '';
        case 'tool_call':
            return toolCallBlock(event);
        case 'tool_result':
            return toolResultBlock(event);
        case 'system':
            return systemBlock(event.text ?? '');
        case 'meta':
            return `_${metaLine(event)}_`;
        default:
            return event.text ? markdownText(event.text) : '';
    }
}
export function folded(summary, body) {
    return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}
/** System text (instructions, reminders, runtime notes) is rarely what a reader is after: folded. */
function systemBlock(text) {
    const lines = text.split('\n').length;
    return folded(`System: ${counted(lines, 'line')}`, markdownText(text));
}
function metaLine(event) {
    const meta = event.meta;
    const where = [meta.file, meta.line === undefined ? undefined : `line ${meta.line}`].filter(Boolean).join(' ');
    const parts = [meta.kind.replaceAll('_', ' '), meta.recordType, where, meta.reason, event.text].filter((part) => Boolean(part));
    return inlineText(parts.join(' · ').slice(0, 500));
}
function toolCallBlock(event) {
    const tool = event.tool;
    const what = [tool.kind && tool.kind !== 'other' ? tool.kind : undefined, tool.mcp ? `MCP ${tool.mcp.server}/${tool.mcp.tool}` : undefined].filter(Boolean).join(', ');
    const lines = [`**Tool call** ${inlineCode(tool.name)}${what ? ` (${inlineText(what)})` : ''}`];
    const args = argumentsBlock(tool.input, tool.kind);
    if (args)
        lines.push(args);
    for (const file of tool.files ?? []) {
        if (file.diff)
            lines.push(`${inlineCode(file.path)} (${file.action})`, trimmedFence(file.diff, 'diff', DIFF_LINES, DIFF_CHARS));
    }
    const plain = (tool.files ?? []).filter((file) => !file.diff);
    if (plain.length > 0)
        lines.push(`Files: ${plain.map((file) => `${inlineCode(file.path)} (${file.action})`).join(', ')}`);
    return lines.join('\n\n');
}
/** A shell command as a command (its description before it, other arguments after); anything else as compact JSON. */
function argumentsBlock(input, kind) {
    if (input === undefined || input === null)
        return undefined;
    if (typeof input !== 'object')
        return trimmedFence(String(input), '', OUTPUT_LINES, ARGUMENT_CHARS);
    const { command, description, ...rest } = input;
    if (kind === 'shell' && typeof command === 'string') {
        const said = typeof description === 'string' ? `_${inlineText(description)}_\n\n` : '';
        const others = description === undefined || typeof description === 'string' ? rest : { description, ...rest };
        const shell = `${said}${trimmedFence(command, 'sh', OUTPUT_LINES, ARGUMENT_CHARS)}`;
        return Object.keys(others).length === 0 ? shell : `${shell}\n\n${argumentsBlock(others, undefined)}`;
    }
    if (Object.keys(input).length === 0)
        return undefined;
    return trimmedFence(JSON.stringify(input), 'json', OUTPUT_LINES, ARGUMENT_CHARS);
}
const STATUS_MARK = { ok: 'ok', error: '**✗ error**', denied: '**✗ denied**', timeout: '**✗ timed out**' };
function toolResultBlock(event) {
    const tool = event.tool;
    const facts = [
        tool.status ? STATUS_MARK[tool.status] : undefined,
        tool.exitCode === undefined ? undefined : `exit ${tool.exitCode}`,
        tool.durationMs === undefined ? undefined : duration(tool.durationMs),
    ].filter(Boolean);
    const head = `**Result** ${inlineCode(tool.name)}${facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}`;
    if (!tool.output)
        return head;
    const shown = trimmedFence(tool.output, '', OUTPUT_LINES, OUTPUT_CHARS);
    const lines = tool.output.split('\n').length;
    // an error stays in sight; a long output is folded
    if (lines <= FOLD_LINES || tool.status === 'error')
        return `${head}\n\n${shown}`;
    return `${head}\n\n${folded(`Output: ${count(lines)} lines`, shown)}`;
}
/** A fence with at most `maxLines`/`maxChars` of `text`, and a line saying how much was trimmed. */
function trimmedFence(text, info, maxLines, maxChars) {
    const shown = trimmed(text, maxLines, maxChars);
    return shown.note ? `${fenced(shown.text, info)}\n\n_${shown.note}_` : fenced(shown.text, info);
}
function withheldNote(withheld) {
    const size = withheld.chars === undefined ? '' : `${count(withheld.chars)} characters`;
    if (withheld.reason === 'truncated') {
        const kept = withheld.keptChars === undefined ? '' : `: ${count(withheld.keptChars)}${size ? ` of ${size}` : ''} kept`;
        return `_${inlineCode(withheld.field)} truncated by the redaction profile${kept}_`;
    }
    const what = withheld.items === undefined ? size : `${count(withheld.items)} item(s)`;
    return `_${inlineCode(withheld.field)} withheld by the redaction profile (${withheld.reason}${what ? `, ${what}` : ''})_`;
}
function attachmentNote(attachment) {
    const facts = [attachment.mime, attachment.bytes === undefined ? undefined : `${count(attachment.bytes)} bytes`].filter(Boolean).join(', ');
    return `_Attachment: ${attachment.kind}${attachment.path ? ` ${inlineCode(attachment.path)}` : ''}${facts ? ` (${facts})` : ''}_`;
}
export function duration(ms) {
    if (ms < 1000)
        return `${ms} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1)} s`;
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 60)
        return `${minutes} min ${Math.floor((ms % 60_000) / 1000)} s`;
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
//# sourceMappingURL=markdown-events.js.map