/**
 * The values a failed equality assertion prints when its message says they are secrets: Rust's
 *
 *   assertion `left == right` failed: webhook secret mismatch
 *     left: "…"
 *    right: "…"
 *
 * (and its older `assertion failed: `(left == right)`` with `left: `"…"``). The message is the
 * only name the values have; it must name a secret's kind as the assignment family classifies a
 * name (`secret`, `api token`, `password`), and each value is judged as an assignment's under it.
 * Without a message, or with one about something else, the values stay.
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** The assertion's line and its message, up to the line's end. */
const RUST_ASSERTION = /assertion(?:[ \t]+`(?:left|right)[ \t]*[!=]=[ \t]*(?:left|right)`[ \t]+failed|[ \t]+failed:[ \t]+`\((?:left|right)[ \t]*[!=]=[ \t]*(?:left|right)\)`)(?::[ \t]*(?<message>[^\n]{1,300}))?/y;
/** One compared value on its own line: a Debug-printed string, bare or in backticks (older Rust). */
const COMPARED = /\n[ \t]{0,8}(?:left|right):[ \t]*`?"(?<value>(?:[^"\\\n]|\\.){1,500})"`?,?/y;
const SECRET_WORD = /^(?:token|password|passphrase|passwd|secret|key|credentials?|apikey|pin)s?$/i;
/** How far the message is read for the kind: a secret's word and up to two words before it. */
const MAX_KIND_WORDS = 3;

/** The name the message gives the values (`webhook_secret`), or null when it names no secret. */
function kindOf(message: string): string | null {
  const words = message.split(/[^A-Za-z_-]+/).filter(Boolean);
  for (let end = 0; end < words.length; end++) {
    if (!SECRET_WORD.test(words[end]!)) continue;
    for (let start = Math.max(0, end - MAX_KIND_WORDS + 1); start <= end; start++) {
      const name = words.slice(start, end + 1).join('_');
      if (classifyName(name) !== null) return name;
    }
  }
  return null;
}

/** Older Rust prints the message after the values: `` right: `"…"`: message``. */
const TRAILING_MESSAGE = /:[ \t]*(?<message>[^\n]{1,300})/y;

function* assertionSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    RUST_ASSERTION.lastIndex = at;
    const assertion = RUST_ASSERTION.exec(text);
    if (!assertion) continue;
    const values: { start: number; value: string }[] = [];
    let cursor = at + assertion[0].length;
    for (let line = 0; line < 2; line++) {
      COMPARED.lastIndex = cursor;
      const compared = COMPARED.exec(text);
      if (!compared) break;
      values.push({ start: compared.index + compared[0].indexOf('"') + 1, value: compared.groups!.value! });
      cursor = COMPARED.lastIndex;
    }
    TRAILING_MESSAGE.lastIndex = cursor;
    const message = assertion.groups?.message ?? (values.length > 0 ? TRAILING_MESSAGE.exec(text)?.groups?.message : undefined);
    const name = message ? kindOf(message) : null;
    if (name === null) continue;
    for (const { start, value } of values) {
      if (sensitiveValue(name, value.replace(/\\(.)/g, '$1'))) yield { start, end: start + value.length };
    }
  }
}

export const ASSERTION_SECRET_RULES: readonly Rule[] = [
  placedSecret(
    'assertion-compared-secret',
    "the values a failed equality assertion prints (Rust's `left:`/`right:`) when its message names a secret (`webhook secret mismatch`)",
    { keywords: ['assertion'], keywordStarts: true, label: 'secret' },
    assertionSecrets,
    {
      match: [
        "thread 'main' panicked at src/lib.rs:9:5:\nassertion `left == right` failed: signing secret differs after reload\n  left: \"Hq4vLz8Kw2Tn6Rm3\"\n right: \"Wd7pXc2Lq9Vt5Kb1\"",
        'assertion failed: `(left == right)`\n  left: `"Zr5-heron-Qm82"`,\n right: `"Zr5-heron-Qm83"`: refresh token mismatch',
        'assertion `left != right` failed: api token must change on rotation\n  left: "9f2c7e1a4b8d3f6e0c5a9b2d7e1f4a8c"\n right: "9f2c7e1a4b8d3f6e0c5a9b2d7e1f4a8c"',
      ],
      noMatch: [
        'assertion `left == right` failed: status code\n  left: "Kq7vTz2mWx9Lp4Rn"\n right: "ok"',
        'assertion `left == right` failed\n  left: "Hq4vLz8Kw2Tn6Rm3"\n right: "Wd7pXc2Lq9Vt5Kb1"',
        'assertion `left == right` failed: token count\n  left: 4096\n right: 4095',
        'assertion `left == right` failed: password hash\n  left: "$2b$12$Kq7vTz2mWx9Lp4RnHv6eOe1c9Qw2Lm8Zx4Tn6Rm3Wd7pXc2Lq9V"\n right: "x"',
      ],
    },
  ),
];
