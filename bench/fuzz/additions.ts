/**
 * What a newer agent release adds to a log, injected into real fixtures: a record type, a content
 * block type, a field holding prose, a text field given as blocks instead of a string (and the
 * reverse), a record type renamed. Each case names the prose that must reach the output (as text,
 * tool input or output, or a meta event) unless its line is reported unparsed. Shared by
 * `test/adapter-additions.test.ts` (the first record of each type) and `npm run fuzz -- --additions`
 * (every record of every fixture).
 */

type Json = Record<string, unknown>;

export type AdditionKind = 'record-type' | 'block-type' | 'field' | 'blocks-for-string' | 'string-for-blocks' | 'renamed-type';

export interface AdditionCase {
  kind: AdditionKind;
  /** where in the fixture, for messages: `<line>:<path>` */
  where: string;
  /** the fixture's lines with the addition */
  lines: string[];
  /** the 1-based line whose unparsed report also satisfies the case */
  line: number;
  /** prose that must be in the output unless that line is reported unparsed */
  prose: string[];
}

const MIN_PROSE = 12;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isProse = (text: string) => text.length >= MIN_PROSE && /\s/.test(text.trim());

/** The record's type label, as the accounting test names it (one case per label in the light mode). */
export function recordLabel(record: Json): string {
  const parts = [record.type, record.subtype, record.kind];
  for (const inner of [record.payload, record.item, record.data, record.part, record.msg]) if (isObject(inner)) parts.push(inner.type, inner.method);
  const msg = isObject(record.msg) && isObject(record.msg.params) && isObject(record.msg.params.update) ? record.msg.params.update.sessionUpdate : undefined;
  parts.push(msg);
  return parts.filter((part) => typeof part === 'string').join('/') || Object.keys(record).sort().join(',');
}

/** Prose a newer release might write: unique per case, plain words (nothing a redaction rule takes). */
const sentence = (n: number, kind: string) => `The newer agent wrote this ${kind} note number ${n} for the reader`;

/** Paths (outside arrays of blocks) to the fields that say what a record is. */
function discriminators(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (!isObject(value) || path.length > 3) return found;
  for (const [key, inner] of Object.entries(value)) {
    // a leading "_" is allowed: ACP's extension methods (`_auth/status_update`) are the record's type
    if (typeof inner === 'string' && ['type', 'kind', 'sessionUpdate', 'method'].includes(key) && /^[a-z_][\w./-]*$/i.test(inner)) found.push([...path, key]);
    else if (isObject(inner)) discriminators(inner, [...path, key], found);
  }
  return found;
}

/** A content block or part (text, reasoning, a tool call or result, an image), not a list entry of metadata. */
const isContentBlock = (value: unknown) => isObject(value) && !('role' in value) && (
  typeof value.type === 'string' ? /text|thinking|reasoning|tool_use|tool_result|image|refusal/.test(value.type)
    : ['text', 'functionCall', 'functionResponse', 'inlineData', 'thought'].some((key) => key in value));

/** Arrays of content blocks (message content, parts, a prompt, a reasoning summary) anywhere in a record. */
function blockArrays(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isObject) && value.some(isContentBlock)) found.push(path);
    value.forEach((item, index) => blockArrays(item, [...path, String(index)], found));
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) blockArrays(inner, [...path, key], found);
  }
  return found;
}

/** Objects holding the record's content one level down (message, payload, data, item, ...). */
const containers = (record: Json) => Object.keys(record).filter((key) => isObject(record[key]) && Object.keys(record[key] as Json).length > 1);

function strings(value: unknown, path: string[] = [], found: Array<{ path: string[]; text: string }> = []) {
  if (typeof value === 'string') found.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, [...path, String(index)], found));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) strings(item, [...path, key], found);
  return found;
}

const at = (root: unknown, path: readonly string[]): unknown => path.reduce<unknown>((value, key) => (value as Json | undefined)?.[key], root);
function put(root: Json, path: readonly string[], value: unknown): void {
  const parent = at(root, path.slice(0, -1)) as Json;
  parent[path[path.length - 1]!] = value;
}

/** Fields a release might turn from a string into blocks (or back): text, not commands, ids or paths. */
const TEXT_FIELDS = new Set(['text', 'content', 'result', 'output', 'message', 'prompt', 'response', 'stdout', 'stderr', 'summary', 'thinking', 'thought']);

const escaped = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The cases for one record of a fixture. `inBaseline` says whether a text reached the output of
 * the unmutated fixture (only such texts are asked for after a type rename or a reshaping);
 * `contributes`, whether the output's events differ without the record.
 */
export function additionCases(lines: readonly string[], index: number, inBaseline: (text: string) => boolean, contributes: boolean): AdditionCase[] {
  let record: Json;
  try {
    const parsed = JSON.parse(lines[index]!) as unknown;
    if (!isObject(parsed)) return [];
    record = parsed;
  } catch {
    return [];
  }
  const cases: AdditionCase[] = [];
  let n = index * 100;
  const line = index + 1;
  const replaced = (value: Json) => lines.map((text, at) => (at === index ? JSON.stringify(value) : text));
  const baselineProse = (value: unknown) => strings(value).filter((leaf) => isProse(leaf.text) && inBaseline(leaf.text)).map((leaf) => leaf.text);

  // a record the output does not change without is one the converter skips by design (a copy of
  // what other records say): blocks added to it are not asked for, a new type or field is
  const skippedByDesign = !contributes;
  // the field that says what the record is: the shallowest one
  const types = discriminators(record).sort((a, b) => a.length - b.length);

  // (a) an unknown record type carrying prose, on a line of its own after this record
  for (const path of types.slice(0, 1)) {
    // its prose where the known record keeps its own (or in a `text` field when it has none)
    const added = structuredClone(record);
    put(added, path, 'insight_summary');
    const prose: string[] = [];
    for (const leaf of strings(record)) {
      if (!isProse(leaf.text)) continue;
      prose.push(sentence(++n, 'record'));
      put(added, leaf.path, prose.at(-1));
    }
    if (prose.length === 0) {
      prose.push(sentence(++n, 'record'));
      added.text = prose[0];
    }
    cases.push({ kind: 'record-type', where: `${line + 1}:${path.join('.')}`, lines: [...lines.slice(0, index + 1), JSON.stringify(added), ...lines.slice(index + 1)], line: line + 1, prose });
  }
  // (e) a known record with its type renamed to a newer name
  for (const path of types) {
    const renamed = structuredClone(record);
    put(renamed, path, `${String(at(record, path))}_v2`);
    const prose = baselineProse(record);
    if (prose.length > 0) cases.push({ kind: 'renamed-type', where: `${line}:${path.join('.')}`, lines: replaced(renamed), line, prose });
  }
  // (b) an unknown block type carrying prose in every array of blocks
  for (const path of skippedByDesign ? [] : blockArrays(record)) {
    const blocks = at(record, path) as Json[];
    const typed = blocks.some((block) => typeof block.type === 'string');
    for (const field of ['text', 'summary']) {
      const prose = sentence(++n, 'block');
      const withBlock = structuredClone(record);
      const block = typed ? { type: 'insight_note', [field]: prose } : { insightNote: { [field]: prose } };
      put(withBlock, path, [...blocks, block]);
      cases.push({ kind: 'block-type', where: `${line}:${path.join('.')}[+${field}]`, lines: replaced(withBlock), line, prose: [prose] });
    }
  }
  // (c) an unknown field carrying prose, at the top level and in each object one level down
  for (const path of [[], ...containers(record).map((key) => [key])]) {
    const prose = sentence(++n, 'field');
    const withField = structuredClone(record);
    (at(withField, path) as Json).reasoning_summary = prose;
    cases.push({ kind: 'field', where: `${line}:${[...path, 'reasoning_summary'].join('.')}`, lines: replaced(withField), line, prose: [prose] });
  }
  // (d) a text field given as blocks, and text blocks given as a string
  for (const leaf of strings(record)) {
    // a field of its own (not a block's inside: those are the blocks' own shape)
    if (!isProse(leaf.text) || !inBaseline(leaf.text) || leaf.path.length > 4 || !TEXT_FIELDS.has(leaf.path.at(-1)!) || leaf.path.some((key) => /^\d+$/.test(key))) continue;
    if ((at(record, leaf.path.slice(0, -1)) as Json).type === 'text') continue; // a text block's own text
    const reshaped = structuredClone(record);
    put(reshaped, leaf.path, [{ type: 'text', text: leaf.text }]);
    cases.push({ kind: 'blocks-for-string', where: `${line}:${leaf.path.join('.')}`, lines: replaced(reshaped), line, prose: [leaf.text] });
  }
  for (const path of blockArrays(record)) {
    const blocks = at(record, path) as Json[];
    if (!blocks.every((block) => block.type === 'text' && typeof block.text === 'string')) continue;
    const joined = blocks.map((block) => block.text as string).join('\n');
    if (!isProse(joined) || !blocks.every((block) => inBaseline(block.text as string))) continue;
    const reshaped = structuredClone(record);
    put(reshaped, path, joined);
    cases.push({ kind: 'string-for-blocks', where: `${line}:${path.join('.')}`, lines: replaced(reshaped), line, prose: blocks.map((block) => block.text as string).filter(isProse) });
  }
  return cases;
}

/** A minimal view of a converted Transcript: its events' meta. */
export interface ConvertedEvents {
  events: Array<{ meta?: { kind?: string; line?: number } }>;
}

/** What is wrong with a case's output: the prose it lost, or undefined when kept or reported. */
export function lostProse(addition: AdditionCase, output: ConvertedEvents, text: string): string | undefined {
  if (output.events.some((event) => event.meta?.kind === 'unparsed' && event.meta.line === addition.line)) return undefined;
  const lost = addition.prose.filter((prose) => !text.includes(escaped(prose)));
  return lost.length === 0 ? undefined : `${addition.kind} ${addition.where}: lost "${lost[0]!.slice(0, 60)}"${lost.length > 1 ? ` (+${lost.length - 1})` : ''}`;
}

export const inText = (text: string) => (prose: string) => text.includes(escaped(prose));

/** Places a converter leaves unread by design, with why: what is added there is not asked for. */
export const BY_DESIGN: ReadonlyArray<{ agent: string; where: RegExp; why: string }> = [
  { agent: 'qwen-code', where: /:systemPayload\.compressedHistory\.[1-9]/, why: "after the summary, the compressed history holds the CLI's fixed acknowledgement and turns already converted" },
  { agent: 'qwen-code', where: /:systemPayload\.history\./, why: "a fork's copy of its parent's conversation (agent_bootstrap, counted in one meta event): the turns of the parent's chat, converted there, and the fork directive whose task the next record repeats" },
  { agent: 'claude-code', where: /:(toolUseResult|tool_use_result)\b/, why: "the tool's result as the UI keeps it: the tool_result block the model got is read instead" },
  { agent: 'codex', where: /:payload\.(replacement_history|retained_context)\b/, why: 'the history a compaction kept (and the user messages it retained): items already converted where the rollout first wrote them (the compacted message, its summary, is read)' },
  { agent: 'copilot-cli', where: /:data\.reasoningBlocks\b/, why: "the provider's raw reasoning blocks: the CLI's own reasoningText, read instead, is their readable copy" },
];

/** Whether a case adds to a place its adapter leaves unread by design. */
export const unreadByDesign = (agent: string, addition: AdditionCase) => BY_DESIGN.some((gap) => gap.agent === agent && gap.where.test(addition.where));
