/**
 * A tiny scripted ACP agent (a node script speaking JSON-RPC on stdio), for `atx run --acp` tests.
 * FAKE_MODE: "normal" (asks permission for one call), "hang" (waits for session/cancel),
 * "stubborn" (ignores it and keeps running), "crash" (exits mid-turn).
 */
export const FAKE_AGENT = String.raw`
const mode = process.env.FAKE_MODE || 'normal';
if (process.env.FAKE_PID_FILE) require('fs').writeFileSync(process.env.FAKE_PID_FILE, String(process.pid));
if (mode === 'stubborn') process.stdin.on('end', () => setInterval(() => {}, 1000)); // outlives its stdin too
let buffer = '';
let promptId;
const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
const update = (u) => send({ method: 'session/update', params: { sessionId: 'fake-1', update: u } });
const say = (text) => update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});
function handle(msg) {
  if (msg.method === 'initialize') return send({ id: msg.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [], agentInfo: { name: 'fake-acp-agent', version: '1.2.3' } } });
  if (msg.method === 'session/new') return send({ id: msg.id, result: { sessionId: 'fake-1' } });
  if (msg.method === 'session/prompt') {
    promptId = msg.id;
    say('Heard: ' + msg.params.prompt[0].text + '. ');
    if (mode === 'hang' || mode === 'stubborn') return;
    if (mode === 'crash') process.exit(7);
    update({ sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'touch x.txt', kind: 'execute', status: 'pending', rawInput: { command: 'touch x.txt' } });
    return send({ id: 'perm-1', method: 'session/request_permission', params: { sessionId: 'fake-1', toolCall: { toolCallId: 'call-1', title: 'touch x.txt' }, options: [
      { optionId: 'yes', name: 'Allow', kind: 'allow_once' }, { optionId: 'always', name: 'Always', kind: 'allow_always' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' },
    ] } });
  }
  if (msg.id === 'perm-1') {
    const allowed = msg.result.outcome.optionId === 'yes';
    update({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: allowed ? 'completed' : 'failed', content: [{ type: 'content', content: { type: 'text', text: allowed ? 'created' : 'refused' } }] });
    say(allowed ? 'Done.' : 'I was not allowed.');
    return send({ id: promptId, result: { stopReason: 'end_turn' } });
  }
  if (msg.method === 'session/cancel' && mode !== 'stubborn') {
    say('Stopping.');
    return send({ id: promptId, result: { stopReason: 'cancelled' } });
  }
}
`;
