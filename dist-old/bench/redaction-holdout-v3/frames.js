/**
 * Where a case's text sits in a coding-agent session: a tool result as the agent's log stores it
 * (plain, indented under a tool call, a numbered file view, JSON-escaped once or twice), or a
 * fenced quote in the agent's answer. Targets are rewritten the way the frame rewrites the text.
 */
import { ALNUM } from './util.js';
const esc = (s) => JSON.stringify(s).slice(1, -1);
const id = (s) => s;
const FRAMES = {
    plain: (_r, text) => ({ text, map: id }),
    toolCall: (rng, text) => {
        const tool = rng.pick(['Bash', 'Read', 'Grep', 'shell', 'run_terminal_cmd']);
        const lines = text.split('\n');
        const body = lines.map((l, i) => (i === 0 ? `  ⎿  ${l}` : `     ${l}`)).join('\n');
        return { text: `⏺ ${tool}(…)\n${body}`, map: (t) => t.split('\n').join('\n     ') };
    },
    numbered: (rng, text) => {
        const start = rng.int(1, 40);
        const lines = text.split('\n').map((l, i) => `${String(start + i).padStart(6)}→${l}`);
        return { text: lines.join('\n'), map: id };
    },
    jsonToolResult: (rng, text) => ({
        text: `{"type":"tool_result","tool_use_id":"toolu_01${rng.str(ALNUM, 22)}","content":"${esc(text)}","is_error":false}`,
        map: esc,
    }),
    codexOutput: (rng, text) => {
        const inner = JSON.stringify({ output: text, metadata: { exit_code: 0, duration_seconds: rng.int(1, 90) / 10 } });
        return { text: `{"type":"function_call_output","call_id":"call_${rng.str(ALNUM, 24)}","output":${JSON.stringify(inner)}}`, map: (t) => esc(esc(t)) };
    },
    fence: (rng, text) => {
        const lead = rng.pick(['Here is the output:', 'The file currently contains:', 'This is what the command printed:', 'Relevant part:']);
        return { text: `${lead}\n\n\`\`\`\n${text}\n\`\`\``, map: id };
    },
};
const ALL = Object.keys(FRAMES);
const PROSE = ['plain', 'jsonToolResult', 'fence', 'codexOutput'];
/** Puts `text` in a random frame; falls back to plain when a target would not survive intact. */
export function frame(rng, text, targets, prose = false) {
    const name = rng.pick(prose ? PROSE : ALL);
    const r = rng.next() < 0.3 ? FRAMES.plain(rng, text) : FRAMES[name](rng, text);
    const mapped = targets.map(r.map);
    if (mapped.every((t) => r.text.includes(t)))
        return { text: r.text, targets: mapped };
    return { text, targets };
}
//# sourceMappingURL=frames.js.map