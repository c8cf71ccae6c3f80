/**
 * A converter for an agent with several line-by-line native forms: the first record picks the
 * form, whose converter then reads every record.
 */
export class FirstRecordPicksForm {
    out;
    pick;
    chosen;
    constructor(out, pick) {
        this.out = out;
        this.pick = pick;
    }
    /** the form's converter, once the first record has picked it */
    get form() {
        return this.chosen;
    }
    push(record) {
        if (!this.chosen) {
            const { converter, format } = this.pick(record);
            this.chosen = converter;
            if (format)
                this.out.session({ format });
        }
        this.chosen.push(record);
    }
    flush() {
        this.chosen?.flush();
    }
}
//# sourceMappingURL=forms.js.map