/** Qwen Code's converter: the first record picks the form (chat file or stdout). */
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { FirstRecordPicksForm, type ChosenForm } from '../shared/forms.js';
import { QwenChatConverter } from './chat-jsonl.js';
import { QwenStreamConverter } from './stream-json.js';

/** The form the first record shows: camelCase sessionId or a parentUuid (chat), else session_id (stdout). */
const pickForm = (out: ConverterOutput) => ({ value }: NativeRecord): ChosenForm<Converter> =>
  typeof value.sessionId === 'string' || 'parentUuid' in value
    ? { converter: new QwenChatConverter(out), format: 'qwen-code/chat-jsonl' }
    : { converter: new QwenStreamConverter(out), format: 'qwen-code/stream-json' };

export const createConverter = (out: ConverterOutput): Converter => new FirstRecordPicksForm(out, pickForm(out));
