/**
 * When an unseparated, card-shaped number with no card word near it is still a card: it sits in a
 * person's record. A data frame's `account` column, a logged INSERT's `doc` value or a sqlite
 * `ref` cell name no card, but the same row (or, in a transposed frame or a `.mode line` record,
 * the lines around it) holds the person's e-mail address. And under a key that names a card, any
 * Luhn-valid run of 13 to 19 digits is one, whatever its issuer's length.
 */

import { emailNotBot } from '../validators.js';

/** An e-mail address; a person's (not a role's, a bot's or an example's) is the record's evidence that it is about someone. */
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}/gu;
/** A record spans its own line and two on either side (a transposed frame, `key = value` lines). */
const RECORD_LINES = 2;
const RECORD_REACH = 400;
/** A key naming an identifier, a count or a time right before the number: an id, not a card. */
const ID_KEY_BEFORE = /(?:id|ids|trace|span|request|order|invoice|offset|seq|timestamp|ts|time|size|bytes|count)["']?[ ]*[:=][ ]*["']?$/i;

/** Whether the number at `start`-`end` sits in a record that also holds an e-mail address. */
export function inPersonalRecord(text: string, start: number, end: number): boolean {
  if (ID_KEY_BEFORE.test(text.slice(Math.max(0, start - 40), start))) return false;
  let from = start;
  const floor = Math.max(0, start - RECORD_REACH);
  for (let breaks = 0; from > floor; from--) if (text.charCodeAt(from - 1) === 10 && ++breaks > RECORD_LINES) break;
  let to = end;
  const ceiling = Math.min(text.length, end + RECORD_REACH);
  for (let breaks = 0; to < ceiling; to++) if (text.charCodeAt(to) === 10 && ++breaks > RECORD_LINES) break;
  for (const email of text.slice(from, to).matchAll(EMAIL)) if (emailNotBot(email[0])) return true;
  return false;
}

/** `"card": "446149412714823"`, `credit_card=…`, `cc_num: …`: digits under a key that names a card (the word's own start checked in code). */
const CARD_KEYED_DIGITS = /(?:card(?:[_ -]?(?:number|no|num))?|cc[_ -]?(?:num|number)|ccnum|pan)["']?[ ]*[:=][ ]*["']?(\d{13,19})(?![\w.])/gi;

/** Spans of candidates found by their key alone (the rule's Luhn validator still judges them). */
export function keyedCardDigits(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  CARD_KEYED_DIGITS.lastIndex = 0;
  for (let match = CARD_KEYED_DIGITS.exec(text); match; match = CARD_KEYED_DIGITS.exec(text)) {
    if (match.index > 0 && /[\p{L}\d]/u.test(text[match.index - 1]!)) continue;
    const end = match.index + match[0].length;
    spans.push({ start: end - match[1]!.length, end });
  }
  return spans;
}
