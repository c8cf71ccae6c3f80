/**
 * `--format html`: one self-contained page to read a session in a browser. The events travel in
 * the page as JSON lines (copied from the spool, never held in memory together) and the page's
 * own script renders them; see html/page-script.ts.
 */
import type { FinishFromSpool } from '../sinks/transcript-sinks.js';
import type { Output } from '../sinks/output.js';
import { jsonForScript } from './html/escape.js';
import { pageEnd, pageStart } from './html/page.js';
import type { TranscriptWriter } from './types.js';

/** Events per data block are bounded by bytes: the page parses one block at a time. */
const DATA_BLOCK_BYTES = 1024 * 1024;
const BLOCK_OPEN = Buffer.from('<script type="application/json" class="atx-events">\n');
const BLOCK_CLOSE = Buffer.from('</script>\n');
const NEWLINE = Buffer.from('\n');

/** The spool's events as JSON lines in `<script type="application/json">` blocks. */
async function writeEventData(lines: AsyncIterable<Buffer>, output: Output): Promise<void> {
  let pieces: Buffer[] = [BLOCK_OPEN];
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
    if (bytes >= DATA_BLOCK_BYTES) await flush();
  }
  if (bytes > 0) await flush();
}

const writeHtmlPage: FinishFromSpool = async (header, spool, output) => {
  await output.write(pageStart(header));
  await writeEventData(spool.lines(), output);
  await output.write(pageEnd(header));
};

export const htmlWriter: TranscriptWriter['writer'] = () => writeHtmlPage;
