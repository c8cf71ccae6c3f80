// Tiny MCP server over stdio (newline-delimited JSON-RPC 2.0) with one tool,
// `echo`, used by the `mcp` fixture scenario. No dependencies.
import readline from 'node:readline';

const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');

const TOOLS = [
  {
    name: 'echo',
    description: 'Echo the given text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'Text to echo' } }, required: ['text'] },
  },
];

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method, params } = msg;
  if (id === undefined) return; // notification
  switch (method) {
    case 'initialize':
      return send({
        id,
        result: {
          protocolVersion: params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'atx-echo', version: '1.0.0' },
        },
      });
    case 'tools/list':
      return send({ id, result: { tools: TOOLS } });
    case 'tools/call': {
      if (params?.name !== 'echo') return send({ id, error: { code: -32602, message: `Unknown tool ${params?.name}` } });
      return send({ id, result: { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }], isError: false } });
    }
    case 'ping':
      return send({ id, result: {} });
    case 'resources/list':
      return send({ id, result: { resources: [] } });
    case 'prompts/list':
      return send({ id, result: { prompts: [] } });
    default:
      return send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
});
