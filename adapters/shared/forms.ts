import type { Converter, ConverterOutput, NativeRecord } from '../types.js';

/** The converter of the native form the first record shows, and that form's id when it must be said. */
export interface ChosenForm<C extends Converter> {
  converter: C;
  /** told to the session (`SessionFacts.format`) when detection may have named another of the agent's forms */
  format?: string;
}

/**
 * A converter for an agent with several line-by-line native forms: the first record picks the
 * form, whose converter then reads every record.
 */
export class FirstRecordPicksForm<C extends Converter = Converter> implements Converter {
  private chosen: C | undefined;

  constructor(
    protected readonly out: ConverterOutput,
    private readonly pick: (record: NativeRecord) => ChosenForm<C>,
  ) {}

  /** the form's converter, once the first record has picked it */
  protected get form(): C | undefined {
    return this.chosen;
  }

  push(record: NativeRecord): void {
    if (!this.chosen) {
      const { converter, format } = this.pick(record);
      this.chosen = converter;
      if (format) this.out.session({ format });
    }
    this.chosen.push(record);
  }

  flush(): void {
    this.chosen?.flush();
  }
}
