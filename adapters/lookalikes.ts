/**
 * Formats atx does not read yet, recognised by fields their programs really write (see
 * LOOKALIKES.md for where each fact comes from). Several look like a format atx does read
 * (Cursor's stream JSON opens like Claude Code's): recognising them is what keeps them from being converted as
 * another agent. A file that matches one is refused with its name, never guessed.
 */
export interface Lookalike {
  /** how the refusal names it: "a Cursor agent transcript" */
  name: string;
  /** true when a sample's records carry this format's own evidence */
  recognise(sample: readonly unknown[]): boolean;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (sample: readonly unknown[]): Fields[] => sample.filter(isObject);
const some = (sample: readonly unknown[], test: (record: Fields) => boolean) => objects(sample).some(test);
/** a JSON document that is an array of objects (Cline keeps its task messages that way) */
const arrayOf = (sample: readonly unknown[], test: (element: Fields) => boolean) =>
  sample.some((value) => Array.isArray(value) && value.length > 0 && value.slice(0, 8).every((element) => isObject(element) && test(element)));


export const LOOKALIKES: readonly Lookalike[] = [
  {
    // cursor-agent -p --output-format stream-json: its own tool_call and thinking events, millisecond stamps, and an init with no tool list
    name: "Cursor CLI's --output-format stream-json",
    recognise: (sample) => some(sample, (record) => typeof record.session_id === 'string' && (
      (record.type === 'tool_call' && typeof record.call_id === 'string')
      || (record.type === 'thinking' && typeof record.subtype === 'string')
      || typeof record.timestamp_ms === 'number'
      || typeof record.model_call_id === 'string'
      || (record.type === 'system' && record.subtype === 'init' && typeof record.apiKeySource === 'string' && record.claude_code_version === undefined && !Array.isArray(record.tools)))),
  },
  {
    // ~/.cursor/projects/*/agent-transcripts/*.jsonl: {role, message: {content}} with no ids or times, and {type: "turn_ended"}
    name: 'a Cursor agent transcript',
    recognise: (sample) => objects(sample).length > 0 && objects(sample).every((record) =>
      (record.type === 'turn_ended' && typeof record.status === 'string')
      || ((record.role === 'user' || record.role === 'assistant') && isObject(record.message) && 'content' in record.message && record.type === undefined && record.sessionId === undefined && record.uuid === undefined)),
  },
  {
    name: 'Cline / Roo Code / Kilo Code task messages (ui_messages.json)',
    recognise: (sample) => arrayOf(sample, (element) => typeof element.ts === 'number' && (element.type === 'say' || element.type === 'ask')),
  },
  {
    name: 'an Anthropic-style message history (Cline / Roo Code api_conversation_history.json)',
    recognise: (sample) => arrayOf(sample, (element) => (element.role === 'user' || element.role === 'assistant') && 'content' in element),
  },
];

/** The first format atx does not read that the sample shows evidence of, if any. */
export function recogniseLookalike(sample: readonly unknown[]): Lookalike | undefined {
  return LOOKALIKES.find((lookalike) => lookalike.recognise(sample));
}
