/**
 * Anything shaped like a submission key (`atx_<keyId>_<secret>`) is shown as `atx_<keyId>_****`.
 * Keys get into messages when they are typed where a path or a name belongs (`--key-file
 * atx_…`); every message to people passes through maskKeys on its way out as a last net.
 */
const KEY_LIKE = /atx_([A-Za-z0-9]{4,64})_[A-Za-z0-9_-]{6,}/g;
export function maskKeys(text) {
    return text.replace(KEY_LIKE, 'atx_$1_****');
}
//# sourceMappingURL=mask.js.map