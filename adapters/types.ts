/**
 * The adapter contract. An adapter turns one agent's native records into normalized events.
 * It is pure: no file system, network, clock or randomness. The pipeline frames and parses
 * lines, gives the adapter one parsed record at a time, and assigns ids, seq numbers and
 * metrics to what it emits.
 */
import type {
  Attachment, Environment, MetaInfo, Role, Tool, TranscriptEvent, Usage,
} from '../src/transcript/index.js';
import type { UnreadValues } from '../src/pipeline/unread-values.js';

/** One parsed line of native input. */
export interface NativeRecord {
  /** 1-based line number in `file` */
  line: number;
  /** the input this record came from (a path, or "-" for stdin) */
  file: string;
  /** always a JSON object: the pipeline reports any other JSON value as unparsed itself */
  value: Record<string, unknown>;
}

/** An event as an adapter produces it: the pipeline adds `id` and `seq`. */
export type DraftEvent = Omit<TranscriptEvent, 'id' | 'seq' | 'timestamp' | 'redactions'> & {
  timestamp?: string | null;
  role: Role;
  tool?: Tool;
  attachments?: Attachment[];
  meta?: MetaInfo;
};

/** What an adapter learned about the session; merged field by field, first non-empty value wins unless noted. */
export interface SessionFacts {
  /** the agent's own name when one adapter reads many agents (ACP's agentInfo.name); replaces the adapter's */
  agent?: string;
  nativeSessionId?: string | null;
  agentVersion?: string | null;
  /** which native format is being read, e.g. "claude-code/session-jsonl"; refines what detection said */
  format?: string;
  /** the session's own start time when the native format records one (a header), RFC 3339 */
  startedAt?: string;
  title?: string;
  model?: string;
  environment?: Environment;
  /** the agent's own measure of the session length (replaces the timestamp difference) */
  durationMs?: number;
  costUsd?: number;
  /** token totals reported by the agent itself for the whole session; replace the per-message sum */
  totalUsage?: Usage;
}

/** How a record was handled, for the per-type summary on stderr. */
export type RecordOutcome = 'mapped' | 'skipped' | 'unknown';

/** The adapter's only way out: every call is synchronous and cheap. */
export interface ConverterOutput {
  emit(event: DraftEvent): void;
  session(facts: SessionFacts): void;
  /**
   * Tokens of one model response. Repeated calls with the same key replace the earlier value,
   * so a response written over several native lines is counted once.
   */
  usage(key: string, usage: Usage): void;
  /** Counts a native record under its type: every record must be counted exactly once. */
  count(recordType: string, outcome: RecordOutcome): void;
  /** A record the adapter could not map: becomes a visible `meta` unparsed event, counted as unknown. */
  unknown(record: NativeRecord, recordType: string, reason: string): void;
}

export interface Converter {
  push(record: NativeRecord): void;
  /**
   * A line of plain text between the records (an agent's own status line, up to 512 characters):
   * the record type it is counted under when the converter read it (mapped), undefined to leave it
   * an unparsed event.
   */
  plainText?(text: string): string | undefined;
  /** End of input: emit whatever is still buffered (unanswered tool calls, open messages). */
  flush(): void;
}

/** Makes one session's converter: its output goes to `out`. */
export type ConverterFactory = (out: ConverterOutput) => Converter;

export interface FormatInfo {
  id: string;
  description: string;
  /** where the agent keeps these files, or how the stream is produced */
  where: string;
}

export interface Detection {
  /** 0..1; the highest wins, ties go to the first adapter in the table */
  confidence: number;
  format: string;
}

/** One session inside a container: its records are produced on demand. */
export interface ContainerSession {
  /** shown in messages and recorded on unparsed events, e.g. "opencode.db#ses_123" */
  name: string;
  records(): AsyncIterable<unknown>;
}

/** Where a reader may put private temporary copies: the caller removes them on every way out. */
export interface ScratchSpace {
  /** a new empty private folder */
  folder(label: string): string;
}

/**
 * Reads an input that is not a stream of lines: a store holding many sessions (a SQLite
 * database, a tree of JSON files). The one part of an adapter folder that may touch the file
 * system, and only to read: it hands records to the pure converter like any other source.
 */
export interface ContainerReader {
  description: string;
  /** file names worth a look during a folder walk (e.g. /(^|\/)opencode\.db$/) */
  fileName?: RegExp;
  /** `path` is a file (`head` holds its first bytes) or a folder (`head` is null) */
  claims(path: string, head: Buffer | null): boolean;
  sessions(path: string, scratch?: ScratchSpace): Promise<ContainerSession[]>;
}

export interface Adapter {
  id: string;
  /** the `source.agent` value */
  agent: string;
  label: string;
  version: string;
  /**
   * The newest release of the agent its converter was checked against (real recordings and the
   * release's own source or binary): a session written by a newer release whose records were not
   * all understood is reported with a warning naming both versions.
   */
  newestCheckedVersion?: string;
  formats: readonly FormatInfo[];
  /** how detection works, in one line, for `atx adapters` */
  detectionHint: string;
  /** Looks at the first parsed records of an input (non-JSON lines are left out). */
  detect(sample: readonly unknown[]): Detection | null;
  /**
   * The converter, from a module of its own loaded on first use: detection, `atx adapters` and
   * folder walks never load it, and a batch's threads load only the converters of the agents
   * they meet. Every call gives the same factory.
   */
  loadConverter(): Promise<ConverterFactory>;
  /**
   * Parts of a format's records the converter never reads (bulky copies of what it reads
   * elsewhere): a long line has their long strings emptied before it is parsed
   * (src/pipeline/unread-values.ts). Each part named costs a search of every long line.
   */
  unreadValues?(format: string): readonly UnreadValues[] | undefined;
  /**
   * Given a folder listing (relative paths of files), groups them into sessions: each group's
   * first path is the main file, the rest are companions read after it (e.g. subagent files).
   * Files no group claims are left for other adapters. Path arithmetic, and `heads`: the first
   * line of each listed file `groupingHeads` names.
   */
  groupSessionFiles?(paths: readonly string[], heads?: ReadonlyMap<string, string>): string[][];
  /**
   * Files whose first line the grouping must see, as a pattern on the folder-relative path: those
   * that name their session only inside (Claude Code 2.0's `agent-<id>.jsonl`, a Codex subagent's
   * rollout). The walk reads at most the first 64 KiB of each, up to its first newline.
   */
  groupingHeads?: RegExp;
  /**
   * Whether a file no group claimed is a companion (a subagent's transcript) whose session is not
   * in the folder: it is still read, as a session of its own, and the walk says so.
   */
  isCompanion?(path: string, head: string | undefined): boolean;
  /** Relative folders beside a session file that hold its companions (e.g. "<id>/subagents"). */
  companionDirs?(sessionFile: string): string[];
  /**
   * Where a format keeps a subagent's transcript in a file of its own, beside the session's file
   * (undefined for formats that carry subagents inline): a session read from standard input or a
   * pipe cannot reach them, and atx says so, naming this place.
   */
  subagentFilesWhere?(format: string): string | undefined;
  /** Readers for inputs that hold sessions in another shape than JSON lines. */
  readers?: readonly ContainerReader[];
  /**
   * Files the agent keeps beside its sessions that are not sessions (indexes, histories), as a
   * pattern on the folder-relative path: a folder walk passes over them and says how many.
   */
  bookkeepingFiles?: RegExp;
  /**
   * Where the agent keeps its sessions on this machine, for `atx discover` (see adapters/README.md).
   * Absent for agents whose logs live wherever the user puts them (a live capture).
   */
  stores?: readonly SessionStore[];
}

export type { MetaInfo };

/** What a session store's `roots` are computed from: never `process.env` or `os.homedir()` directly. */
export interface StoreContext {
  env: Readonly<Record<string, string | undefined>>;
  /** the user's home folder */
  home: string;
}

/**
 * One folder where an agent keeps sessions, and the session files under it as "/"-separated
 * patterns relative to it: `*` and `?` match within one name, `{a,b}` picks one of several;
 * there is no `**` (every pattern has a fixed depth, which keeps the walk cheap).
 */
export interface StoreRoot {
  dir: string;
  files: readonly string[];
  /** the program that writes these files, when not the adapter's own agent (a fork that writes its format): what discover lists them as */
  agent?: string;
}

/** The first and last bytes of one session file: all discover ever reads of it. */
export interface SessionGlance {
  path: string;
  /** from the store root, "/"-separated */
  relativePath: string;
  size: number;
  mtimeMs: number;
  /** up to the first 64 KiB, as UTF-8 */
  head: string;
  /** up to the last 64 KiB (the same text as `head` when `whole`) */
  tail: string;
  /** `head` holds the whole file */
  whole: boolean;
}

/** What can be told about a stored session without converting it; every field may be unknown. */
export interface StoredSessionFacts {
  sessionId?: string;
  /** the working folder (cwd) the session ran in */
  project?: string;
  /** RFC 3339 */
  startedAt?: string;
  endedAt?: string;
  /** the last turn ended (the agent is not in the middle of one); undefined when the file cannot say */
  finished?: boolean;
  /** native records, counted only when that is cheap (the whole file was read) */
  events?: number;
  /** what to give `atx convert` for this session, when not the file itself (e.g. `opencode.db#ses_1`) */
  input?: string;
  /** the session's own size in bytes, when it is not the matched file's (a session listed from an index) */
  size?: number;
}

/**
 * Where an agent keeps its sessions, for `atx discover`. `roots` is pure path arithmetic over the
 * agent's own location variables; `facts` reads only what it is given. A store that holds many
 * sessions in one file (a database) gives `list` instead, which may read that file.
 */
export interface SessionStore {
  /** one line: what these files are */
  description: string;
  roots(context: StoreContext): StoreRoot[];
  /** facts from the head and tail of one matched file; null when the file is not a session of its own (a subagent file read with its parent) */
  facts?(file: SessionGlance): StoredSessionFacts | null;
  /** the sessions inside one matched file (a database) */
  list?(path: string, scratch: ScratchSpace): Promise<StoredSessionFacts[]>;
}
