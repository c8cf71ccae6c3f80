/** The version every adapter reports (`source.adapterVersion`) until one of them moves on its own. */
export const ADAPTER_VERSION = '0.1.0';
/** An adapter declaration: `source.agent` is its id unless it says otherwise, its version the kit's. */
export function defineAdapter(spec) {
    const { id, label, ...rest } = spec;
    return { id, agent: id, label, version: ADAPTER_VERSION, ...rest };
}
//# sourceMappingURL=adapter.js.map