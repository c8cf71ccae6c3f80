import { jsonForScript } from './html/escape.js';
import { pageEnd, pageStart } from './html/page.js';
/** Events per data block are bounded by bytes: the page parses one block at a time. */
const DATA_BLOCK_BYTES = 1024 * 1024;
const BLOCK_OPEN = Buffer.from('<script type="application/json" class="atx-events">\n');
const BLOCK_CLOSE = Buffer.from('</script>\n');
const NEWLINE = Buffer.from('\n');
/** The spool's events as JSON lines in `<script type="application/json">` blocks. */
async function writeEventData(lines, output) {
    let pieces = [BLOCK_OPEN];
    let bytes = 0;
    const flush = () => {
        const pending = output.write(Buffer.concat([...pieces, BLOCK_CLOSE]));
        pieces = [BLOCK_OPEN];
        bytes = 0;
        return pending;
    };
    for await (const line of lines) {
        const safe = jsonForScript(line);
        pieces.push(safe, NEWLINE);
        bytes += safe.length + 1;
        if (bytes >= DATA_BLOCK_BYTES)
            await flush();
    }
    if (bytes > 0)
        await flush();
}
const writeHtmlPage = async (header, spool, output) => {
    await output.write(pageStart(header));
    await writeEventData(spool.lines(), output);
    await output.write(pageEnd(header));
};
export const html = {
    format: 'html',
    summary: 'one self-contained HTML page to read the session in a browser (no network request)',
    extension: '.html',
    several: 'single',
    writer: () => writeHtmlPage,
};
//# sourceMappingURL=html.js.map