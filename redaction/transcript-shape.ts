/**
 * The part of a Transcript this module reads and writes, said here so that `redaction/` stands
 * alone (it imports nothing from `src/`). `src/transcript/schema.ts` is the full model; a type
 * test (`test/redaction-shape.test.ts`) keeps the two in agreement.
 */

/** One replacement made in one field; offsets select the placeholder in the redacted text. */
export interface Redaction {
  field: string;
  ruleId: string;
  type: 'secret' | 'pii';
  placeholder: string;
  start: number;
  end: number;
}

export type WithheldReason = 'truncated' | 'tool-output' | 'file-contents' | 'reasoning' | 'attachments';

/** Content a profile kept out of an event. */
export interface Withheld {
  field: string;
  reason: WithheldReason;
  chars?: number | undefined;
  lines?: number | undefined;
  keptChars?: number | undefined;
  items?: number | undefined;
}

export type ToolOutputPolicy = 'full' | 'truncated' | 'metadata-only' | 'none';

/** The receipt of a redaction, stamped into the Transcript header. */
export interface Privacy {
  profile: string;
  redactionApplied: boolean;
  anonymizationApplied: boolean;
  rulesApplied: string[];
  redactionCount: number;
  contentPolicy: {
    includeFileContents: boolean;
    toolOutput: ToolOutputPolicy;
    includeReasoning?: boolean | undefined;
    includeAttachments?: boolean | undefined;
    truncateAt?: number | undefined;
  };
  rulesetVersion?: string | undefined;
  redactionsByRule?: Record<string, number> | undefined;
  sessionRedactions?: Redaction[] | undefined;
  anonymizationSalt?: 'per-key' | 'per-transcript' | undefined;
}

export interface RedactableTool {
  kind?: string | undefined;
  callId?: string | undefined;
  input?: unknown;
  output?: unknown;
  files?: ReadonlyArray<{ diff?: string | undefined }> | undefined;
}

/** An event as the redactor sees it: any JSON object with these optional fields. */
export interface RedactableEvent {
  type: string;
  text?: string | undefined;
  tool?: RedactableTool | undefined;
  attachments?: readonly unknown[] | undefined;
  redactions?: Redaction[] | undefined;
  withheld?: Withheld[] | undefined;
}

export interface RedactableEnvironment {
  os?: string | null | undefined;
  shell?: string | null | undefined;
  cwd?: string | null | undefined;
  repo?: { name?: string | null | undefined; remote?: string | null | undefined; branch?: string | null | undefined } | undefined;
}

export interface Submitter {
  keyId: string | null;
  pseudonym: string | null;
  identityLinked: boolean;
  identity?: Record<string, unknown> | undefined;
}

/** A Transcript header as the redactor sees it. */
export interface RedactableHeader {
  session: { title?: string | undefined; environment: RedactableEnvironment };
  submitter: Submitter;
  privacy: Privacy;
}
