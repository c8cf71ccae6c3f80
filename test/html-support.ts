/** What the HTML tests share: reading the data back out of a page, and a session holding markup. */
import { eventsSha256, type Transcript, type TranscriptEvent, type TranscriptHeader } from '../src/transcript/index.js';

const DATA_BLOCK = /<script type="application\/json" class="atx-events">\n([\s\S]*?)<\/script>/g;
const HEADER_BLOCK = /<script type="application\/json" id="atx-header">([\s\S]*?)<\/script>/;

/** The events the page carries, parsed from its JSON-lines blocks. */
export function pageEvents(page: string): TranscriptEvent[] {
  const lines = [...page.matchAll(DATA_BLOCK)].flatMap((match) => match[1]!.split('\n').filter(Boolean));
  return lines.map((line) => JSON.parse(line) as TranscriptEvent);
}

export function pageHeader(page: string): TranscriptHeader {
  return JSON.parse(HEADER_BLOCK.exec(page)![1]!) as TranscriptHeader;
}

/** The page with its data blocks left out: the markup the browser parses as markup. */
export function pageMarkup(page: string): string {
  return page.replace(DATA_BLOCK, '').replace(HEADER_BLOCK, '');
}

export const HOSTILE_TEXT = '<img src=x onerror="window.__atxInjected = 1"><script>window.__atxInjected = 2</script></script><!-- "quoted" & \'single\'';

/** A copy of the Transcript whose title, first prompt and first tool output hold markup. */
export function withHostileText(transcript: Transcript): Transcript {
  const copy = structuredClone(transcript);
  copy.session.title = HOSTILE_TEXT;
  const prompt = copy.events.find((event) => event.type === 'user_message');
  if (prompt) prompt.text = `${HOSTILE_TEXT} (prompt)`;
  const result = copy.events.find((event) => event.type === 'tool_result' && event.tool);
  if (result?.tool) result.tool.output = `${HOSTILE_TEXT} (output)`;
  copy.metrics.eventsSha256 = eventsSha256(copy.events); // the events changed: so does their hash
  return copy;
}
