/**
 * The record readers of printed values (Java's and Erlang's prints, Lisp forms, OCaml values) read
 * the innermost groups first, then blank them so that the group around each is innermost in turn.
 * The blanking is one copy of the text per pass: a copy per group made a long line of groups cost
 * the square of its length.
 */

/** A stretch of a text and what stands in its place (as long as it). */
export interface Replacement {
  start: number;
  end: number;
  by: string;
}

/** `text` with each replacement made (in order, apart from one another), in one copy. */
export function withReplacements(text: string, replacements: readonly Replacement[]): string {
  if (replacements.length === 0) return text;
  const parts: string[] = [];
  let copied = 0;
  for (const { start, end, by } of replacements) {
    parts.push(text.slice(copied, start), by);
    copied = end;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/** A group's body blanked, its brackets (the characters around it) made `<` and `>`. */
export function blankedBody(bodyStart: number, bodyLength: number): Replacement {
  return { start: bodyStart - 1, end: bodyStart + bodyLength + 1, by: `<${' '.repeat(bodyLength)}>` };
}

/** A whole match made underscores. */
export function underscored(start: number, length: number): Replacement {
  return { start, end: start + length, by: '_'.repeat(length) };
}
