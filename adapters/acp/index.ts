import { detectInSample, strongestLine } from '../shared/detect.js';
import { asRecord, stringField } from '../shared/json.js';
import type { Detection } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';

/** Methods only ACP uses (MCP and other JSON-RPC protocols have their own). */
const ACP_METHODS = new Set([
  'session/update', 'session/request_permission', 'session/prompt', 'session/new', 'session/load', 'session/resume', 'session/cancel',
  'fs/read_text_file', 'fs/write_text_file', 'terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/release', 'terminal/kill',
]);

function isAcpMessage(message: Record<string, unknown> | undefined): boolean {
  if (message?.jsonrpc !== '2.0') return false;
  const method = stringField(message, 'method');
  if (method) return ACP_METHODS.has(method) || (method === 'initialize' && typeof asRecord(message.params)?.protocolVersion === 'number');
  const result = asRecord(message.result);
  return result !== undefined && ((typeof result.protocolVersion === 'number' && ('agentCapabilities' in result || 'agentInfo' in result)) || typeof result.stopReason === 'string');
}

const isCaptureLine = (record: Record<string, unknown>): boolean =>
  (record.dir === 'client->agent' || record.dir === 'agent->client') && typeof record.ts === 'string' && asRecord(record.msg)?.jsonrpc === '2.0';

const detect = (sample: readonly unknown[]): Detection | null =>
  detectInSample(sample, (record) => (isCaptureLine(record) ? { confidence: 0.95, format: 'acp/capture' } : null),
    strongestLine((record) => (isAcpMessage(record) ? 0.9 : 0)), 'acp/stdout');

export const acp = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'acp',
  label: 'Agent Client Protocol (any ACP agent)',
  formats: [
    {
      id: 'acp/capture',
      description: 'a two-way capture of an ACP session, one JSON-RPC message a line in wire order: {"ts","dir","msg"}; source.agent is the agent named in its initialize response',
      where: 'atx run --acp --capture <file> -- <agent command>',
    },
    {
      id: 'acp/stdout',
      description: "an ACP agent's bare stdout (its JSON-RPC messages only): the user's prompts are missing and marked as gaps",
      where: 'the stdout of an ACP agent (claude-code-acp, codex-acp, gemini --acp, qwen --acp, opencode acp, ...)',
    },
  ],
  detectionHint: 'capture lines {"ts","dir":"client->agent"|"agent->client","msg":{"jsonrpc":"2.0"}}, or JSON-RPC 2.0 messages with ACP methods (session/update, session/request_permission) or an initialize/prompt result',
  detect,
  loadConverter: () => import('./converter.js').then(({ AcpConverter }) => (out) => new AcpConverter(out)),
});
