/**
 * Key/value records printed field by field, the key's path a few lines above its value:
 * `etcdctl get --prefix -w fields` prints `"Key" : "/app/0/session_secret"`, the revisions, then
 * `"Value" : "…"`. The path's last segment names the value, which is judged as an assignment's
 * under that name.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** `"Value" : "x"` at a line's start, tried where its keyword starts. */
const VALUE_FIELD = /"Value"[ \t]*:[ \t]*"(?<value>(?:[^"\\\n]|\\.){1,4000})"/y;
/** The `"Key" : "/a/b/name"` of its record: above it, with only other fields between (no other key or value). */
const KEY_FIELD = /(?:^|\n)"Key"[ \t]*:[ \t]*"(?<key>(?:[^"\\\n]|\\.){1,1000})"\n(?:"(?!Key"|Value")[A-Za-z]{1,30}"[ \t]*:[ \t]*[^\n]{0,200}\n){0,8}$/;
/** How far above the value its key may be. */
const MAX_LOOKBACK = 1600;

function* fieldRecordSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    if (at > 0 && text[at - 1] !== '\n') continue;
    VALUE_FIELD.lastIndex = at;
    const field = VALUE_FIELD.exec(text);
    if (!field) continue;
    const key = KEY_FIELD.exec(text.slice(Math.max(0, at - MAX_LOOKBACK), at))?.groups?.key;
    if (!key) continue;
    const name = key.split(/[/.:]/).filter(Boolean).pop();
    const value = field.groups!.value!;
    if (!name || !sensitiveValue(name, value)) continue;
    const start = at + field[0].length - 1 - value.length;
    yield { start, end: start + value.length };
  }
}

export const ETCD_FIELD_RECORD_RULES: readonly Rule[] = [
  placedSecret(
    'etcd-field-record',
    'a value in a key/value record printed field by field (`etcdctl get -w fields`): `"Key" : "/path/name"` names the `"Value" : "…"` a few lines below it',
    { keywords: ['"value" :', '"value":'], keywordStarts: true, label: 'secret' },
    fieldRecordSecrets,
    {
      match: ['"Key" : "/acme/billing/smtp_password"\n"CreateRevision" : 12\n"ModRevision" : 12\n"Version" : 1\n"Value" : "Rm7-quarry-Lz40"\n"Lease" : 0\n'],
      noMatch: [
        '"Key" : "/acme/billing/smtp_host"\n"Version" : 1\n"Value" : "Rm7-quarry-Lz40"\n',
        '"Key" : "/acme/billing/smtp_password"\n"Version" : 1\n"Value" : "${SMTP_PASSWORD}"\n',
        '"Value" : "Rm7-quarry-Lz40"\n',
      ],
    },
  ),
];
