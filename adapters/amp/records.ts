/**
 * The native record shapes Amp writes, by field name: `amp --execute --stream-json` lines (shaped
 * like Claude Code's) and the thread file, one document per thread. Read through `Native<…>`: a
 * field name not listed here does not compile; every value is checked where it is read.
 */

/** A stream-json line, or the whole thread document (which has no `type`). */
export interface Line {
  type: string;
  subtype: string;
  session_id: string;
  timestamp: string;
  cwd: string;
  tools: unknown[];
  mcp_servers: unknown[];
  message: unknown;
  parent_tool_use_id: string;
  duration_ms: number;
  is_error: boolean;
  error: string;
  result: string;
  permission_denials: unknown[];
  // thread document
  v: number;
  id: string;
  title: string;
  created: number | string;
  messages: unknown[];
  env: unknown;
  usageLedger: { events?: unknown[] };
}
