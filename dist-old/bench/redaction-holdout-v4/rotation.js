/** `formsOf` draws what the forms share for one case, then returns the forms. */
export function rotating(category, count, formsOf) {
    return {
        category,
        count,
        gen: (rng, i) => {
            const forms = formsOf(rng);
            return forms[i % forms.length]();
        },
    };
}
/** The same for texts with nothing to remove. */
export function rotatingPlain(category, count, formsOf) {
    return rotating(category, count, (rng) => formsOf(rng).map((form) => () => ({ text: form(), targets: [] })));
}
//# sourceMappingURL=rotation.js.map