/**
 * E-mail addresses written so that harvesters miss them: `maeve at quinlan dot ie`, `maeve [at]
 * quinlan [dot] ie`, `maeve(at)quinlan.ie`, `MAEVE AT QUINLAN DOT IE`, and the Tor ContactInfo
 * sharing spec's `email:maeve[]quinlan.ie`. Seen in relays' ContactInfo (`tor --dump-config`),
 * `~/.plan` files, signatures and READMEs. A plain ` at ` needs a spelled-out ` dot ` after it
 * (`the server at api.example.com` is no address).
 */
import type { Rule, Span } from '../types.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';
import { emailNotBot } from '../validators.js';

const LOCAL = String.raw`[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}`;
const LABEL = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?`;
const SPELLED_AT = String.raw`\s?(?:\[at\]|\(at\)|\{at\}|<at>)\s?|[ ](?:at|AT)[ ]|\[\]`;
const SPELLED_DOT = String.raw`\s?(?:\[dot\]|\(dot\)|\{dot\}|<dot>)\s?|[ ](?:dot|DOT)[ ]`;
/** The whole address around a spelled `at`; the last label is the top-level domain. */
const ADDRESS = new RegExp(`(?<![A-Za-z0-9._%+-])(${LOCAL})(${SPELLED_AT})(${LABEL}(?:(?:${SPELLED_DOT}|\\.)${LABEL}){0,4})(?:${SPELLED_DOT}|\\.)([A-Za-z]{2,24})(?![A-Za-z0-9-])`, 'gi');
const SPELLED_DOT_ONLY = new RegExp(SPELLED_DOT, 'i');
const PLAIN_AT = /^ at $/i;
/** Top-level domains beyond the two-letter ones (`the dot product` ends in no domain). */
const TOP_LEVEL = new Set(['com', 'net', 'org', 'edu', 'gov', 'mil', 'int', 'info', 'biz', 'name', 'pro', 'dev', 'app', 'xyz', 'onion', 'email', 'mail', 'online', 'site', 'tech', 'cloud', 'example', 'test', 'invalid', 'local', 'lan', 'home', 'eus', 'cat', 'berlin', 'london', 'paris', 'nyc', 'museum', 'aero', 'coop', 'social', 'space', 'systems', 'network', 'digital', 'studio', 'works']);

function* obfuscatedEmails(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let covered = -1;
  for (const at of keywordStarts ?? []) {
    if (at < covered) continue;
    const lineStart = Math.max(lineBreakBefore(text, at - 1) + 1, at - 160);
    let lineEnd = lineBreakAfter(text, at);
    if (lineEnd < 0 || lineEnd - at > 200) lineEnd = Math.min(text.length, at + 200);
    const window = text.slice(lineStart, lineEnd);
    ADDRESS.lastIndex = 0;
    for (let match = ADDRESS.exec(window); match; match = ADDRESS.exec(window)) {
      const start = lineStart + match.index;
      const end = start + match[0].length;
      if (end <= covered || start > at + 8 || end < at) continue;
      const tld = match[4]!.toLowerCase();
      if (tld.length !== 2 && !TOP_LEVEL.has(tld)) continue;
      // a plain ` at ` is an address only with a spelled-out dot after it, and the name before it no word of prose
      if (PLAIN_AT.test(match[2]!) && !SPELLED_DOT_ONLY.test(match[0].slice(match[1]!.length + match[2]!.length))) continue;
      // a role's or a machine's mailbox (`ops-web at example dot org`) is no person's, spelled out or not
      const domain = match[3]!.replace(new RegExp(SPELLED_DOT, 'gi'), '.');
      if (!emailNotBot(`${match[1]!}@${domain}.${tld}`)) continue;
      covered = end;
      yield { start, end };
    }
  }
}

export const OBFUSCATED_EMAIL_RULE: Rule = {
  id: 'obfuscated-email',
  type: 'pii',
  label: 'email',
  description: 'an e-mail address spelled out against harvesters (`maeve at quinlan dot ie`, `maeve [at] quinlan [dot] ie`, `email:maeve[]quinlan.ie` in Tor ContactInfo)',
  keywords: [' dot ', '[dot]', '(dot)', '{dot}', '<dot>', '[at]', '(at)', '{at}', '<at>', '[]'],
  keywordStarts: true,
  detector: obfuscatedEmails,
  examples: {
    match: [
      'Reach me at tarjei at vindenes dot no',
      'ContactInfo Maeve Quinlan <maeve AT quinlan DOT ie>',
      'ContactInfo email:maeve.quinlan[]posteo.net url:https://quinlan.example ciissversion:2',
      'mail: orla [at] brennan [dot] ie',
      'orla(at)brennan.ie',
    ],
    noMatch: [
      'the server at api.example.com answers',
      'String[] args = new String[]{}',
      'look at the dot product',
      'items[] = value',
      'x = y[at] + 1',
      'ContactInfo noc-team at relays dot example dot net',
    ],
  },
};
