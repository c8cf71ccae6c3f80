/**
 * Wrappers that place a snippet (a file, a shell session or free text) into realistic transcript
 * text: terminal output, `cat -n` / Read views, git diffs, Claude Code and Codex JSONL lines with
 * JSON-escaped (once or twice) strings, tool inputs, chat prose, logs and stack traces.
 */
import { HEX, uuid } from './formats.js';
import { WORDS, callId, cwd as pickCwd, isoTime, messageId, requestId, shortSha, sourceFile, toolUseId, } from './pools.js';
export const FILE_WRAPPERS = ['read-view', 'read-jsonl', 'shell-cat', 'diff', 'write-jsonl', 'edit-jsonl', 'tool-input', 'prose', 'codex-patch'];
export const SHELL_WRAPPERS = ['terminal', 'bash-jsonl', 'codex-jsonl', 'prose', 'tool-input'];
export const TEXT_WRAPPERS = ['log', 'result-jsonl', 'prose', 'stacktrace', 'codex-output'];
/** The text as it appears inside a JSON string literal. */
export function jsonEscape(text) {
    return JSON.stringify(text).slice(1, -1);
}
function escapeTimes(text, times) {
    let out = text;
    for (let i = 0; i < times; i++)
        out = jsonEscape(out);
    return out;
}
function session(rng) {
    const project = `${rng.pick(WORDS)}-${rng.pick(['api', 'web', 'service', 'app', 'infra', 'cli'])}`;
    return { rng, project, cwd: pickCwd(rng, project), sessionId: uuid(rng), parent: rng.chance(0.8) ? uuid(rng) : null, version: `2.0.${rng.int(1, 40)}` };
}
function claudeLine(s, role, content) {
    const { rng } = s;
    const id = uuid(rng);
    const message = role === 'assistant'
        ? {
            id: messageId(rng), type: 'message', role, model: rng.pick(['claude-sonnet-4-5-20250929', 'claude-opus-4-1-20250805', 'claude-haiku-4-5-20251001']),
            content, stop_reason: 'tool_use', stop_sequence: null,
            usage: { input_tokens: rng.int(2, 900), cache_creation_input_tokens: rng.int(0, 9000), cache_read_input_tokens: rng.int(0, 90000), output_tokens: rng.int(20, 4096), service_tier: 'standard' },
        }
        : { role, content };
    const line = {
        parentUuid: s.parent, isSidechain: false, userType: 'external', cwd: s.cwd, sessionId: s.sessionId, version: s.version,
        gitBranch: rng.pick(['main', 'develop', `feat/${rng.pick(WORDS)}-${rng.pick(WORDS)}`]), message,
    };
    if (role === 'assistant')
        line.requestId = requestId(rng);
    line.type = role;
    line.uuid = id;
    line.timestamp = isoTime(rng);
    s.parent = id;
    return JSON.stringify(line);
}
function toolUse(s, name, input) {
    const id = toolUseId(s.rng);
    return { line: claudeLine(s, 'assistant', [{ type: 'tool_use', id, name, input }]), id };
}
function toolResult(s, id, content) {
    return claudeLine(s, 'user', [{ tool_use_id: id, type: 'tool_result', content, is_error: false }]);
}
function codexCall(s, name, args, output) {
    const { rng } = s;
    const id = callId(rng);
    const call = { timestamp: isoTime(rng), type: 'response_item', payload: { type: 'function_call', name, arguments: JSON.stringify(args), call_id: id } };
    const result = {
        timestamp: isoTime(rng), type: 'response_item',
        payload: { type: 'function_call_output', call_id: id, output: JSON.stringify({ output, metadata: { exit_code: 0, duration_seconds: Math.round(rng.next() * 300) / 100 } }) },
    };
    return `${JSON.stringify(call)}\n${JSON.stringify(result)}`;
}
function prompt(rng, s) {
    return rng.pick(['$ ', '$ ', '❯ ', '% ', 'bash-5.2$ ', '(.venv) $ ', `root@${rng.str(HEX, 12)}:${s.cwd}# `, `➜  ${s.project} git:(main) `]);
}
function benignSteps(rng, s) {
    return rng.sample([
        { cmd: 'pwd', out: s.cwd },
        { cmd: 'git status --short', out: ` M ${sourceFile(rng)}\n?? ${rng.pick(['notes.md', 'tmp/', 'scratch.txt'])}` },
        { cmd: 'ls', out: 'Dockerfile  README.md  package.json  src  test  tsconfig.json' },
        { cmd: 'node --version', out: `v${rng.pick(['18.19.1', '20.11.1', '20.18.0', '22.3.0'])}` },
        { cmd: 'git log --oneline -3', out: [0, 1, 2].map(() => `${shortSha(rng)} ${rng.pick(['fix', 'feat', 'chore'])}: ${rng.pick(WORDS)} ${rng.pick(['handling', 'cleanup', 'retry', 'tests'])}`).join('\n') },
    ], rng.int(0, 2));
}
function numbered(rng, body) {
    const start = rng.chance(0.6) ? 1 : rng.int(2, 180);
    const arrow = rng.chance(0.5);
    return body
        .split('\n')
        .map((line, i) => `${String(start + i).padStart(6)}${arrow ? '→' : '\t'}${line}`)
        .join('\n');
}
function logLine(rng, s) {
    return `${isoTime(rng)} ${rng.pick(['INFO ', 'DEBUG', 'WARN '])} [${s.project}] ${rng.pick([
        `listening on http://0.0.0.0:${rng.pick([3000, 8080, 8000])}`,
        `GET /healthz 200 ${rng.int(1, 40)}ms`,
        `worker ${rng.int(1, 8)} ready (pid ${rng.int(100, 65000)})`,
        `cache warm: ${rng.int(10, 5000)} keys in ${rng.int(2, 900)}ms`,
        `job ${uuid(rng)} finished in ${rng.int(1, 9000)}ms`,
        `retrying request (attempt ${rng.int(2, 5)}/5)`,
    ])}`;
}
function stackTrace(rng, s) {
    if (rng.chance(0.5)) {
        const frames = [0, 1, 2, 3].map(() => `    at ${rng.pick(['Object.<anonymous>', 'async Promise.all (index 0)', 'Module._compile', `${rng.pick(WORDS)}Handler`, 'processTicksAndRejections'])} (${s.cwd}/${sourceFile(rng)}:${rng.int(1, 400)}:${rng.int(1, 80)})`);
        return `${rng.pick(['Error', 'TypeError', 'ConnectionError'])}: ${rng.pick(['connect ECONNREFUSED 127.0.0.1:5432', 'request failed with status 401', 'Cannot read properties of undefined (reading \'id\')', 'timeout of 30000ms exceeded'])}\n${frames.join('\n')}`;
    }
    const frames = [0, 1, 2].map(() => `  File "${s.cwd}/${rng.pick(WORDS)}/${rng.pick(['main', 'db', 'client', 'tasks'])}.py", line ${rng.int(1, 500)}, in ${rng.pick(['run', 'connect', '_request', 'handle'])}\n    ${rng.pick(['return self._session.send(request)', 'conn = engine.connect()', 'resp.raise_for_status()'])}`);
    return `Traceback (most recent call last):\n${frames.join('\n')}\n${rng.pick(['requests.exceptions.HTTPError: 403 Client Error: Forbidden', 'sqlalchemy.exc.OperationalError: connection refused', 'KeyError: \'data\''])}`;
}
function fence(lang, body) {
    return '```' + lang + '\n' + body + '\n```';
}
function langOf(file) {
    const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
    const map = { ts: 'ts', js: 'js', py: 'python', go: 'go', yml: 'yaml', yaml: 'yaml', json: 'json', toml: 'toml', tf: 'hcl', properties: 'properties', ini: 'ini', sh: 'bash', rb: 'ruby' };
    return map[ext] ?? '';
}
function diff(rng, file, body, targets) {
    const lines = body.split('\n');
    const index = `index ${rng.str(HEX, rng.pick([7, 9, 12]))}..${rng.str(HEX, rng.pick([7, 9, 12]))} 100644`;
    if (rng.chance(0.4)) {
        return [`diff --git a/${file} b/${file}`, 'new file mode 100644', `index 0000000..${rng.str(HEX, 7)}`, '--- /dev/null', `+++ b/${file}`, `@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => '+' + l)].join('\n');
    }
    let minus = 0;
    let plus = 0;
    const out = [];
    for (const line of lines) {
        const added = targets.some((t) => line.includes(t)) || rng.chance(0.15);
        if (added) {
            out.push('+' + line);
            plus++;
        }
        else {
            out.push(' ' + line);
            plus++;
            minus++;
        }
    }
    const at = rng.int(1, 120);
    const head = rng.chance(0.5) ? `$ git diff ${rng.pick(['', '--cached ', 'HEAD~1 '])}${file}\n` : '';
    return `${head}diff --git a/${file} b/${file}\n${index}\n--- a/${file}\n+++ b/${file}\n@@ -${at},${minus} +${at},${plus} @@ ${rng.pick(['', 'export default {', 'services:', '[default]'])}\n${out.join('\n')}`;
}
function intro(rng, what) {
    return rng.pick([
        `I'll check ${what} first.`,
        `Let me look at ${what}.`,
        `Here is ${what}:`,
        `Found the problem in ${what}.`,
        `Reading ${what} to see how it is configured.`,
        `The failing part comes from ${what}.`,
    ]);
}
/** Renders `snip` with a wrapper picked from those that fit its form (or the one forced). */
export function render(rng, snip, forced) {
    const s = session(rng);
    const wrapper = forced ?? (snip.form === 'file' ? rng.pick(FILE_WRAPPERS) : snip.form === 'shell' ? rng.pick(SHELL_WRAPPERS) : rng.pick(TEXT_WRAPPERS));
    let text;
    let level = 0;
    if (snip.form === 'file') {
        const path = snip.file.startsWith('/') || snip.file.startsWith('~') ? snip.file : `${s.cwd}/${snip.file}`;
        switch (wrapper) {
            case 'read-view':
                text = `${rng.pick(['⏺ ', '● '])}Read(${snip.file})\n  ⎿  Read ${snip.body.split('\n').length} lines\n${numbered(rng, snip.body)}`;
                break;
            case 'read-jsonl': {
                const use = toolUse(s, 'Read', { file_path: path });
                text = `${use.line}\n${toolResult(s, use.id, numbered(rng, snip.body))}`;
                level = 1;
                break;
            }
            case 'shell-cat': {
                const p = prompt(rng, s);
                const cmd = rng.pick([`cat ${snip.file}`, `cat ${snip.file}`, `sed -n '1,80p' ${snip.file}`, `head -n 60 ${snip.file}`]);
                text = [...benignSteps(rng, s), { cmd, out: snip.body }].map((st) => `${p}${st.cmd}\n${st.out}`).join('\n') + `\n${p}`;
                break;
            }
            case 'diff':
                text = diff(rng, snip.file, snip.body, snip.targets);
                break;
            case 'write-jsonl': {
                const use = toolUse(s, 'Write', { file_path: path, content: snip.body });
                text = `${use.line}\n${toolResult(s, use.id, `File created successfully at: ${path}`)}`;
                level = 1;
                break;
            }
            case 'edit-jsonl': {
                const use = toolUse(s, rng.pick(['Edit', 'MultiEdit']), { file_path: path, old_string: snip.body.split('\n')[0] ?? '', new_string: snip.body, replace_all: false });
                text = `${use.line}\n${toolResult(s, use.id, `The file ${path} has been updated.`)}`;
                level = 1;
                break;
            }
            case 'tool-input': {
                const input = { file_path: path, content: snip.body };
                text = `Tool call: Write\nInput: ${rng.chance(0.5) ? JSON.stringify(input, null, 2) : JSON.stringify(input)}`;
                level = 1;
                break;
            }
            case 'codex-patch': {
                const patch = `*** Begin Patch\n*** Add File: ${snip.file}\n${snip.body.split('\n').map((l) => '+' + l).join('\n')}\n*** End Patch`;
                text = codexCall(s, 'shell', { command: ['apply_patch', patch], workdir: s.cwd }, `Success. Updated the following files:\nA ${snip.file}`);
                level = 2;
                break;
            }
            default:
                text = `${intro(rng, '`' + snip.file + '`')}\n\n${fence(snip.lang ?? langOf(snip.file), snip.body)}\n\n${rng.pick(['Next I will run the tests.', 'This is what the service loads at start-up.', 'Let me know if you want me to change it.', ''])}`;
        }
    }
    else if (snip.form === 'shell') {
        const steps = [...benignSteps(rng, s), ...snip.steps];
        switch (wrapper) {
            case 'bash-jsonl':
                text = steps
                    .map((st) => {
                    const use = toolUse(s, 'Bash', { command: st.cmd, description: rng.pick(['Run command', 'Check configuration', 'Inspect environment', 'Call the API']) });
                    return `${use.line}\n${toolResult(s, use.id, st.out)}`;
                })
                    .join('\n');
                level = 1;
                break;
            case 'codex-jsonl':
                text = steps.map((st) => codexCall(s, 'shell', { command: ['bash', '-lc', st.cmd], workdir: s.cwd, timeout_ms: 120000 }, st.out)).join('\n');
                level = 2;
                break;
            case 'tool-input':
                text = steps.map((st) => `Tool call: Bash\nInput: ${JSON.stringify({ command: st.cmd, timeout: 120000 })}\nOutput: ${JSON.stringify(st.out)}`).join('\n\n');
                level = 1;
                break;
            case 'prose':
                text = `${intro(rng, 'the command output')}\n\n${fence(rng.pick(['console', 'bash', 'shell', '']), steps.map((st) => `$ ${st.cmd}\n${st.out}`).join('\n'))}\n`;
                break;
            default: {
                const p = prompt(rng, s);
                text = steps.map((st) => `${p}${st.cmd}${st.out ? '\n' + st.out : ''}`).join('\n') + `\n${p}`;
            }
        }
    }
    else {
        switch (wrapper) {
            case 'result-jsonl': {
                const use = toolUse(s, 'Bash', { command: rng.pick([`tail -n 80 logs/${s.project}.log`, `docker compose logs --tail=50 ${rng.pick(['api', 'worker', 'web'])}`, `kubectl logs deploy/${s.project} --tail=40`, 'cat /tmp/output.txt']) });
                text = `${use.line}\n${toolResult(s, use.id, snip.body)}`;
                level = 1;
                break;
            }
            case 'prose':
                text = `${intro(rng, 'the output')}\n\n${rng.chance(0.6) ? fence('', snip.body) : snip.body}\n\n${rng.pick(['I will fix this next.', 'That explains the failure.', ''])}`;
                break;
            case 'stacktrace':
                text = rng.chance(0.5) ? `${snip.body}\n${stackTrace(rng, s)}` : `${stackTrace(rng, s)}\n${snip.body}`;
                break;
            case 'codex-output':
                text = codexCall(s, 'shell', { command: ['bash', '-lc', `cat ${rng.pick(['out.log', 'debug.txt', 'response.json'])}`], workdir: s.cwd }, snip.body);
                level = 2;
                break;
            default: {
                const before = Array.from({ length: rng.int(0, 3) }, () => logLine(rng, s));
                const after = Array.from({ length: rng.int(0, 3) }, () => logLine(rng, s));
                text = [...before, snip.body, ...after].join('\n');
            }
        }
    }
    return { text, targets: snip.targets.map((t) => escapeTimes(t, level)), wrapper };
}
//# sourceMappingURL=render.js.map