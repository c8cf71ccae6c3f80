/** Nanocoder's converter: each record is a whole document of one of its two forms. */
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { isRunReport, isSessionDocument } from './detect.js';
import { RunReportConverter } from './run-json.js';
import { SessionDocumentConverter } from './session-json.js';

/** The converter of each native form; every record is a whole document of one of them. */
interface FormConverter {
  convert(value: Record<string, unknown>, record: NativeRecord): void;
  flush(): void;
}

const FORMS: ReadonlyArray<{ claims(value: Record<string, unknown>): boolean; create(out: ConverterOutput): FormConverter }> = [
  { claims: isSessionDocument, create: (out) => new SessionDocumentConverter(out) },
  { claims: isRunReport, create: (out) => new RunReportConverter(out) },
];

export function createConverter(out: ConverterOutput): Converter {
  const converters = new Map<number, FormConverter>();
  return {
    push(record) {
      const form = FORMS.findIndex(({ claims }) => claims(record.value));
      if (form < 0) return out.unknown(record, 'record', 'neither a Nanocoder session document nor a `run --json` report');
      if (!converters.has(form)) converters.set(form, FORMS[form]!.create(out));
      converters.get(form)!.convert(record.value, record);
    },
    flush: () => converters.forEach((converter) => converter.flush()),
  };
}
