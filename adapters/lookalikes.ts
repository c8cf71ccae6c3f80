/**
 * Formats atx does not read yet, recognised by fields their programs really write (see
 * LOOKALIKES.md for where each fact comes from). A format that looks like one atx does read is
 * recognised so that it is not converted as another agent: a file that matches one is refused
 * with its name, never guessed.
 */
export interface Lookalike {
  /** how the refusal names it: "Cline / Roo Code / Kilo Code task messages (ui_messages.json)" */
  name: string;
  /** true when a sample's records carry this format's own evidence */
  recognise(sample: readonly unknown[]): boolean;
  /**
   * For a form atx does read, but not as it was given (a task file copied away from its folder, a
   * saved API body piped in): how atx reads it, ending the phrase "which atx reads …".
   */
  readOnly?: string;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
/** a JSON document that is an array of objects (Cline keeps its task messages that way) */
const arrayOf = (sample: readonly unknown[], test: (element: Fields) => boolean) =>
  sample.some((value) => Array.isArray(value) && value.length > 0 && value.slice(0, 8).every((element) => isObject(element) && test(element)));

/** Cline's family keeps a task as files of fixed names in one folder (adapters/cline/task-folder-reader.ts). */
const TASK_FOLDER = 'only in its task folder (tasks/<task id>/, under its own name there): give the folder, or copy the file into a folder of its own as api_conversation_history.json or ui_messages.json';

const IFLOW_SESSION_ID = /^session-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LOOKALIKES: readonly Lookalike[] = [
  {
    name: 'Cline / Roo Code / Kilo Code task messages (ui_messages.json)',
    recognise: (sample) => arrayOf(sample, (element) => typeof element.ts === 'number' && (element.type === 'say' || element.type === 'ask')),
    readOnly: TASK_FOLDER,
  },
  {
    name: 'a saved body of OpenCode\'s HTTP API GET /session/<id>/message (a JSON array of {info, parts})',
    recognise: (sample) => arrayOf(sample, (element) => isObject(element.info) && typeof element.info.sessionID === 'string'
      && element.info.sessionID.startsWith('ses_') && Array.isArray(element.parts)),
    readOnly: 'from a file named on the command line or found in a folder, not from standard input: save it to a file and give its path',
  },
  {
    name: 'an Anthropic-style message history (Cline / Roo Code / Kilo Code api_conversation_history.json)',
    recognise: (sample) => arrayOf(sample, (element) => (element.role === 'user' || element.role === 'assistant') && 'content' in element),
    readOnly: `${TASK_FOLDER}; another program's message history is not read`,
  },
  {
    // iFlow CLI writes Claude Code's record shape, but names its session `session-<uuid>` (Claude
    // Code's are bare UUIDs) and re-writes a growing assistant record as the answer streams
    name: 'an iFlow CLI session (~/.iflow/projects/<project>/session-<uuid>.jsonl)',
    recognise: (sample) => sample.some((record) => isObject(record) && typeof record.uuid === 'string'
      && typeof record.sessionId === 'string' && IFLOW_SESSION_ID.test(record.sessionId)),
  },
];

/** The first format atx does not read that the sample shows evidence of, if any. */
export function recogniseLookalike(sample: readonly unknown[]): Lookalike | undefined {
  return LOOKALIKES.find((lookalike) => lookalike.recognise(sample));
}
