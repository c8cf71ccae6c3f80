/** Droid's converter: the first record picks the form (saved session or exec output). */
import type { ConverterOutput, NativeRecord } from '../types.js';
import { FirstRecordPicksForm, type ChosenForm } from '../shared/forms.js';
import { asRecord, nativeOf, type Json } from '../shared/json.js';
import { sessionEvidence } from './detect.js';
import type { SessionSettings } from './records.js';
import { DroidSessionConverter, isSessionSettings } from './session-jsonl.js';
import { DroidStreamConverter } from './stream-json.js';

/** The saved session's lines hold `message` objects; exec output's never do. */
const isSessionRecord = (value: Json): boolean =>
  value.type === 'session_start' || (value.type === 'message' && asRecord(value.message) !== undefined) || sessionEvidence(value, String(value.type)) > 0;

const pickForm = (out: ConverterOutput) => (record: NativeRecord): ChosenForm<DroidSessionConverter | DroidStreamConverter> =>
  isSessionRecord(record.value)
    ? { converter: new DroidSessionConverter(out) }
    : { converter: new DroidStreamConverter(out), format: 'droid/stream-json' };

export class DroidConverter extends FirstRecordPicksForm<DroidSessionConverter | DroidStreamConverter> {
  constructor(out: ConverterOutput) {
    super(out, pickForm(out));
  }

  override push(record: NativeRecord): void {
    if (!isSessionSettings(record.value)) return super.push(record);
    // the settings beside a saved session, read after it in a folder
    const session = this.form instanceof DroidSessionConverter ? this.form : undefined;
    session?.settings(nativeOf<SessionSettings>(record.value) ?? {});
    this.out.count('session-settings', session ? 'mapped' : 'skipped');
  }
}
