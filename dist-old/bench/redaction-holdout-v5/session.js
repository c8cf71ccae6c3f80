/**
 * How text looks inside a coding-agent session: a shell command and its output, a tool call's JSON
 * arguments, a tool result that is itself JSON (escaped once more), settings that carry no secret.
 */
import { DIGITS, HEX } from '../corpus-kit.js';
import { hostName, slug } from './rng.js';
/** A command as the agent's shell tool shows it, with its output. */
export function shell(command, output) {
    return `$ ${command}\n${output}`;
}
/** A tool call as agents log it: the tool's name and its JSON arguments. */
export function toolCall(rng, command) {
    const name = rng.pick(['Bash', 'shell', 'run_terminal_cmd', 'execute_command', 'exec_command']);
    const args = rng.chance(0.5) ? { command, description: rng.pick(['Run the command', 'Reproduce the failure', 'Check the connection', 'Try it against staging']) } : { command, timeout: rng.pick([30000, 120000]) };
    return JSON.stringify({ type: 'tool_use', name, input: args });
}
/** A tool result whose content is a JSON document, escaped inside the result's own JSON. */
export function jsonToolResult(rng, inner) {
    return JSON.stringify({ type: 'tool_result', tool_use_id: `toolu_${rng.str(DIGITS + HEX + 'ABCDEFGHJKLMNPQRSTUVWXYZ', 24)}`, content: JSON.stringify(inner, null, rng.pick([0, 2])) });
}
/** Environment variables that hold nothing secret, as a shell or a container has them. */
export function plainEnv(rng, n) {
    const pool = [
        ['PATH', () => rng.pick(['/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '/home/dev/.local/bin:/home/dev/.cargo/bin:/usr/local/bin:/usr/bin:/bin', '/opt/homebrew/bin:/opt/homebrew/sbin:/usr/local/bin:/usr/bin:/bin'])],
        ['HOME', () => rng.pick(['/home/dev', '/root', '/Users/runner', '/home/node'])],
        ['SHELL', () => rng.pick(['/bin/bash', '/bin/zsh', '/usr/bin/fish'])],
        ['LANG', () => rng.pick(['en_US.UTF-8', 'C.UTF-8', 'de_DE.UTF-8'])],
        ['TERM', () => rng.pick(['xterm-256color', 'screen-256color', 'dumb'])],
        ['NODE_ENV', () => rng.pick(['production', 'development', 'test'])],
        ['PORT', () => String(rng.pick([3000, 8080, 5173, 8000, 4000]))],
        ['LOG_LEVEL', () => rng.pick(['info', 'debug', 'warn'])],
        ['TZ', () => rng.pick(['UTC', 'Europe/Berlin', 'America/New_York'])],
        ['HOSTNAME', () => rng.str(HEX, 12)],
        ['PWD', () => `/workspace/${slug(rng)}`],
        ['AWS_REGION', () => rng.pick(['us-east-1', 'eu-west-1', 'ap-southeast-2'])],
        ['DB_HOST', () => hostName(rng)],
        ['DB_PORT', () => String(rng.pick([5432, 3306, 6379, 27017]))],
        ['REDIS_URL', () => `redis://${hostName(rng)}:6379/0`],
        ['PYTHONUNBUFFERED', () => '1'],
        ['NODE_VERSION', () => `${rng.int(18, 22)}.${rng.int(0, 19)}.${rng.int(0, 9)}`],
        ['PYTHON_VERSION', () => `3.${rng.int(9, 13)}.${rng.int(0, 9)}`],
        ['CI', () => 'true'],
        ['GITHUB_REPOSITORY', () => `${rng.pick(['acme', 'fernway', 'northwind'])}/${slug(rng)}`],
        ['FEATURE_FLAGS', () => rng.pick(['new-checkout,fast-search', 'beta-ui', ''])],
        ['SENTRY_ENVIRONMENT', () => rng.pick(['production', 'staging'])],
        ['OTEL_SERVICE_NAME', () => slug(rng)],
        ['EDITOR', () => rng.pick(['vim', 'nano', 'code --wait'])],
    ];
    const out = new Map();
    while (out.size < n) {
        const [k, v] = rng.pick(pool);
        if (!out.has(k))
            out.set(k, v());
    }
    return [...out];
}
/** `lines` with `inserted` put in at random places, keeping the order of each list. */
export function interleave(rng, lines, inserted) {
    const out = [...lines];
    for (const x of inserted)
        out.splice(rng.int(0, out.length), 0, x);
    return out;
}
//# sourceMappingURL=session.js.map