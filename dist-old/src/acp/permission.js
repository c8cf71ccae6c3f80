/** The first "once" option of the wanted kind, else its "always" form; with no such option, the request is cancelled. */
export function answerPermission(policy, options) {
    const preferred = policy === 'allow' ? ['allow_once', 'allow_always'] : ['reject_once', 'reject_always'];
    for (const kind of preferred) {
        const option = options.find((o) => o.kind === kind);
        if (option)
            return { outcome: { outcome: 'selected', optionId: option.optionId } };
    }
    return { outcome: { outcome: 'cancelled' } };
}
//# sourceMappingURL=permission.js.map