/**
 * The page around the events: head (with a Content-Security-Policy that allows nothing but this
 * page's own style and script, by hash), the session header, the toolbar, and the footer.
 */
import { createHash } from 'node:crypto';
import { escapeHtml, jsonTextForScript } from './escape.js';
import { pageTitle, privacyReceiptMarkup, sessionHeaderMarkup } from './facts.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';
const sourceHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** No fetch, image, font, frame or form of any kind: the page reads only what it holds. */
export const CONTENT_SECURITY_POLICY = [
    "default-src 'none'",
    `style-src ${sourceHash(PAGE_STYLE)}`,
    `script-src ${sourceHash(PAGE_SCRIPT)}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
].join('; ');
/** The type filters: a label and the event types it shows. */
const TYPE_FILTERS = [
    ['Prompts', 'user_message'],
    ['Answers', 'assistant_message'],
    ['Reasoning', 'reasoning'],
    ['Tools', 'tool_call tool_result'],
    ['System', 'system'],
    ['Meta', 'meta'],
];
function toolbarMarkup() {
    const filters = TYPE_FILTERS.map(([label, types]) => `<label><input type="checkbox" data-types="${types}" checked> ${label}</label>`);
    return ('<nav class="toolbar" aria-label="Search and filters"><div class="toolbar-inner">' +
        '<input type="search" id="search" placeholder="Search this session" aria-label="Search this session" autocomplete="off">' +
        filters.join('') +
        '<label><input type="checkbox" id="errors-only"> Errors only</label>' +
        '<span class="status" id="status" role="status"></span></div></nav>');
}
/** Everything before the event data. */
export function pageStart(header) {
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
        `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">\n` +
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="color-scheme" content="light dark">\n' +
        '<meta name="referrer" content="no-referrer">\n<meta name="generator" content="agent-transcript">\n' +
        `<title>${escapeHtml(pageTitle(header))}</title>\n<style>${PAGE_STYLE}</style>\n</head>\n<body>\n` +
        `${sessionHeaderMarkup(header)}\n${toolbarMarkup()}\n` +
        '<main><div class="timeline" id="timeline"><noscript>The timeline needs JavaScript; the events are in this file as JSON lines.</noscript></div></main>\n');
}
/** Everything after the event data: the receipt, the header as data, and the script. */
export function pageEnd(header) {
    return (`${privacyReceiptMarkup(header)}\n` +
        `<script type="application/json" id="atx-header">${jsonTextForScript(JSON.stringify(header))}</script>\n` +
        `<script>${PAGE_SCRIPT}</script>\n</body>\n</html>\n`);
}
//# sourceMappingURL=page.js.map