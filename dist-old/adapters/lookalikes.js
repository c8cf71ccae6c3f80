const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** a JSON document that is an array of objects (Cline keeps its task messages that way) */
const arrayOf = (sample, test) => sample.some((value) => Array.isArray(value) && value.length > 0 && value.slice(0, 8).every((element) => isObject(element) && test(element)));
export const LOOKALIKES = [
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
export function recogniseLookalike(sample) {
    return LOOKALIKES.find((lookalike) => lookalike.recognise(sample));
}
//# sourceMappingURL=lookalikes.js.map