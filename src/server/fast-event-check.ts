/**
 * A quick "surely valid" for the events of an uploaded Transcript, the bulk of every document:
 * zod's check of each event (and the copy of it zod builds) took a tenth of the server's CPU per
 * upload. The answer is true only when EventSchema accepts the event; anything unusual (a field of
 * another type, a value at an edge, a number past the safe integers) answers false, and the caller
 * then has zod check the whole document, which gives the messages. So this may only say yes less
 * often than zod, never more often: the tests check it against zod on the fixtures and on events
 * varied field by field, and that its tables name every field the schema has.
 *
 * The enums, the timestamp pattern and the refinements come from the schema itself (schema.ts).
 */
import {
  AttachmentSchema, EventTypeSchema, FileTouchSchema, RedactionSchema, RoleSchema, SessionSchema, ToolKindSchema,
  ToolStatusSchema, WithheldSchema,
} from '../transcript/schema.js';

/** The RFC 3339 pattern every time of the schema is checked with (they share one definition). */
const ISO_TIME: RegExp = (SessionSchema.shape.capturedAt as unknown as { _zod: { def: { pattern: RegExp } } })._zod.def.pattern;

const EVENT_TYPES = new Set<unknown>(EventTypeSchema.options);
const ROLES = new Set<unknown>(RoleSchema.options);
const TOOL_KINDS = new Set<unknown>(ToolKindSchema.options);
const TOOL_STATUSES = new Set<unknown>(ToolStatusSchema.options);
const FILE_ACTIONS = new Set<unknown>(FileTouchSchema.shape.action.options);
const ATTACHMENT_KINDS = new Set<unknown>(AttachmentSchema.shape.kind.options);
const REDACTION_TYPES = new Set<unknown>(RedactionSchema.shape.type.options);
const WITHHELD_REASONS = new Set<unknown>(WithheldSchema.shape.reason.options);

type Check = (value: unknown) => boolean;

const string: Check = (value) => typeof value === 'string';
const nullableString: Check = (value) => value === null || typeof value === 'string';
const boolean: Check = (value) => typeof value === 'boolean';
/** z.number().int(): a safe integer (zod refuses larger ones) */
const integer: Check = (value) => Number.isSafeInteger(value);
const count: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const oneOf = (allowed: Set<unknown>): Check => (value) => allowed.has(value);
const arrayOf = (item: Check): Check => (value) => Array.isArray(value) && value.every(item);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose `required` members pass and whose `optional` ones are absent or pass; other members are not looked at (zod ignores them too). */
function objectOf(required: Record<string, Check>, optional: Record<string, Check>): Check & { fields: string[] } {
  const requiredEntries = Object.entries(required);
  const optionalEntries = Object.entries(optional);
  const check = (value: unknown): boolean => {
    if (!isRecord(value)) return false;
    for (const [name, test] of requiredEntries) if (!test(value[name])) return false;
    for (const [name, test] of optionalEntries) {
      const member = value[name];
      if (member !== undefined && !test(member)) return false;
    }
    return true;
  };
  return Object.assign(check, { fields: [...requiredEntries, ...optionalEntries].map(([name]) => name) });
}

export const FILE_TOUCH = objectOf({ path: string, action: oneOf(FILE_ACTIONS) }, { diff: string });
export const MCP = objectOf({ server: string, tool: string }, {});
export const TOOL = objectOf({ name: string, callId: string }, {
  kind: oneOf(TOOL_KINDS), mcp: MCP, input: () => true, output: nullableString, status: oneOf(TOOL_STATUSES),
  durationMs: count, exitCode: integer, files: arrayOf(FILE_TOUCH),
});
export const USAGE = objectOf({ input: count, output: count }, { cacheRead: count, cacheWrite: count, reasoning: count });
export const ATTACHMENT = objectOf({ kind: oneOf(ATTACHMENT_KINDS) }, { mime: string, path: string, bytes: count, sha256: string });
export const REDACTION = objectOf({ field: string, ruleId: string, type: oneOf(REDACTION_TYPES), placeholder: string, start: count, end: count }, {});
export const WITHHELD = objectOf({ field: string, reason: oneOf(WITHHELD_REASONS) }, { chars: count, lines: count, keptChars: count, items: count });
/** a loose object in the schema: its other members are kept, never checked */
export const META_INFO = objectOf({ kind: string }, { line: count, file: string, reason: string, recordType: string });

export const EVENT = objectOf({
  id: (value) => typeof value === 'string' && value.length > 0,
  seq: (value) => Number.isSafeInteger(value) && (value as number) > 0,
  timestamp: (value) => value === null || (typeof value === 'string' && ISO_TIME.test(value)),
  type: oneOf(EVENT_TYPES),
  role: oneOf(ROLES),
}, {
  text: string, tool: TOOL, nativeId: string, parentId: string, model: string, usage: USAGE, attachments: arrayOf(ATTACHMENT),
  synthetic: boolean, meta: META_INFO, redactions: arrayOf(REDACTION), withheld: arrayOf(WITHHELD),
});

/** True only when EventSchema (its refinements included) accepts `event`. */
export function surelyValidEvent(event: unknown): boolean {
  if (!EVENT(event)) return false;
  const { type, tool, meta } = event as Record<string, unknown>;
  // the schema's refinements: calls and results carry their tool, meta events their meta
  if ((type === 'tool_call' || type === 'tool_result') && tool === undefined) return false;
  return type !== 'meta' || meta !== undefined;
}
