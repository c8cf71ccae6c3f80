/** Tool identification: an agent's native tool names → Transcript tool kinds, MCP tools by their name. */
import type { FileTouch, ToolKind } from '../../src/transcript/index.js';
import { asRecord, stringField } from './json.js';

export interface McpTool {
  server: string;
  tool: string;
}

export interface ToolIdentity {
  kind: ToolKind;
  mcp?: McpTool;
}

export interface ToolCatalog {
  /** native name → kind; a name not listed is 'other' */
  kinds: Readonly<Record<string, ToolKind>>;
  /** names are compared in lower case (the table's keys must be lower case) */
  caseInsensitive?: boolean;
  /** `mcp__<server>__<tool>` names are MCP tools (true unless the agent never names them so) */
  mcpNames?: boolean;
  /** the input keys that name the file a call touches, first found wins */
  pathKeys?: readonly string[];
}

/** An agent's catalog as the two questions adapters ask of it. */
export interface ToolLookup {
  kind(name: string): ToolKind;
  files(kind: ToolKind, input: unknown): FileTouch[] | undefined;
}

export function toolLookup(catalog: ToolCatalog): ToolLookup {
  return {
    kind: (name) => identifyTool(catalog, name).kind,
    files: (kind, input) => filesFromInput(kind, input, catalog.pathKeys ?? []),
  };
}

/** `mcp__<server>__<tool>`, the MCP naming Claude Code, Codex and Amp share; the tool part may hold `__`. */
export function mcpToolOf(name: string): McpTool | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  const [server = '', ...rest] = name.slice('mcp__'.length).split('__');
  return { server, tool: rest.join('__') };
}

export function identifyTool(catalog: ToolCatalog, name: string): ToolIdentity {
  const mcp = catalog.mcpNames === false ? undefined : mcpToolOf(name);
  if (mcp) return { kind: 'mcp', mcp };
  return { kind: catalog.kinds[catalog.caseInsensitive ? name.toLowerCase() : name] ?? 'other' };
}

/** The file action a tool of this kind performs on the path it names, if any. */
export function fileActionOf(kind: ToolKind): FileTouch['action'] | undefined {
  return kind === 'read' || kind === 'write' || kind === 'edit' ? kind : undefined;
}

/** Files a call names in its input, before it runs: the first of `pathKeys` that holds a path. */
export function filesFromInput(kind: ToolKind, input: unknown, pathKeys: readonly string[]): FileTouch[] | undefined {
  const record = asRecord(input);
  let path: string | undefined;
  for (const key of pathKeys) {
    path = stringField(record, key);
    if (path) break;
  }
  if (!path) return undefined;
  const action = fileActionOf(kind);
  return action ? [{ path, action }] : undefined;
}
