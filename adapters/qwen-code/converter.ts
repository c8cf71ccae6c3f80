/** Qwen Code's converter: the first record picks the form (chat file or stdout). */
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { FirstRecordPicksForm, type ChosenForm } from '../shared/forms.js';
import { GeminiCliConverter } from '../gemini-cli/converter.js';
import { printedByQwenCode } from '../gemini-cli/json-output.js';
import { QwenChatConverter } from './chat-jsonl.js';
import { isLegacyChatDocument } from './detect.js';
import { QwenStreamConverter } from './stream-json.js';

/**
 * The form the first record shows: the legacy chat document of 0.1.x (Gemini CLI's, read by its
 * converter) or its `--output-format json` object (likewise), camelCase sessionId or a parentUuid (chat), else session_id (stdout).
 */
const pickForm = (out: ConverterOutput) => ({ value }: NativeRecord): ChosenForm<Converter> =>
  isLegacyChatDocument(value)
    ? { converter: new GeminiCliConverter(out), format: 'qwen-code/chat-json' }
    : printedByQwenCode(value)
    ? { converter: new GeminiCliConverter(out), format: 'qwen-code/json' }
    : typeof value.sessionId === 'string' || 'parentUuid' in value
    ? { converter: new QwenChatConverter(out), format: 'qwen-code/chat-jsonl' }
    : { converter: new QwenStreamConverter(out), format: 'qwen-code/stream-json' };

export const createConverter = (out: ConverterOutput): Converter => new FirstRecordPicksForm(out, pickForm(out));
