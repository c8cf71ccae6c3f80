import pc from 'picocolors';
import { usageError } from '../errors.js';
import { maskKeys } from '../mask.js';
import { defaultContext, fixedClock, randomIds, seededIds } from '../pipeline/context.js';
/**
 * The common conventions: NO_COLOR (https://no-color.org) turns colour off, FORCE_COLOR turns it
 * on (FORCE_COLOR=0 or false turns it off), otherwise colour only on a terminal that is not dumb.
 */
export function colorsFor(io) {
    return pc.createColors(wantsColor(io));
}
export function wantsColor(io) {
    const { NO_COLOR, FORCE_COLOR, TERM } = io.env;
    if (NO_COLOR !== undefined && NO_COLOR !== '')
        return false;
    if (FORCE_COLOR !== undefined)
        return FORCE_COLOR !== '0' && FORCE_COLOR.toLowerCase() !== 'false';
    return Boolean(io.stderr.isTTY) && TERM !== 'dumb';
}
/**
 * The run's clock and ids. ATX_CLOCK (an RFC 3339 time) and ATX_ID_SEED make output
 * repeatable for tests and for anyone who needs byte-identical reruns.
 */
export function contextFor(io) {
    checkEnvironment(io.env);
    const context = defaultContext();
    const clock = io.env.ATX_CLOCK;
    const seed = io.env.ATX_ID_SEED;
    return {
        clock: clock ? fixedClock(clock) : context.clock,
        ids: seed ? seededIds(seed) : randomIds,
    };
}
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** A mistake in atx's own environment variables is a usage error found at start-up, not a bug later. */
export function checkEnvironment(env) {
    const clock = env.ATX_CLOCK;
    if (clock !== undefined && clock !== '' && !(RFC3339.test(clock) && Number.isFinite(Date.parse(clock)))) {
        throw usageError(`ATX_CLOCK must be an RFC 3339 time such as 2026-01-01T00:00:00Z, got ${JSON.stringify(clock.slice(0, 40))}`);
    }
}
/**
 * Everything atx says to people goes through here, on stderr. With `json`, stderr stays
 * machine-readable: informational lines are left out, and warnings and errors are one JSON
 * object per line (`{"error": {"code", "message", "input", "line"}}`).
 */
export class Reporter {
    io;
    colors;
    quiet;
    json;
    constructor(io, colors, quiet = false, json = false) {
        this.io = io;
        this.colors = colors;
        this.quiet = quiet;
        this.json = json;
    }
    info(message) {
        if (!this.quiet && !this.json)
            this.io.stderr.write(`${this.colors.dim('atx:')} ${message}\n`);
    }
    warn(message, where = {}) {
        if (this.json)
            this.io.stderr.write(`${JSON.stringify({ warning: { message, ...where } })}\n`);
        else
            this.io.stderr.write(`${this.colors.yellow('atx: warning:')} ${message}\n`);
    }
    error(message) {
        if (this.json)
            this.io.stderr.write(`${JSON.stringify({ error: { code: 'error', message } })}\n`);
        else
            this.io.stderr.write(`${this.colors.red('atx: error:')} ${message}\n`);
    }
    /** An AtxError, with its detail lines (as text) or its code, input and line (as JSON). */
    failure(error, where = {}) {
        if (this.json) {
            const named = error.input ?? where.input;
            const line = error.line ?? lineOf(named);
            const input = named !== undefined && error.line === undefined && line !== undefined ? named.slice(0, named.lastIndexOf(':')) : named;
            this.io.stderr.write(`${JSON.stringify({ error: { code: error.code, message: error.message, ...(input !== undefined ? { input } : {}), ...(line !== undefined ? { line } : {}) } })}\n`);
            return;
        }
        this.io.stderr.write(`${this.colors.red('atx: error:')} ${error.message}\n`);
        for (const detail of error.details)
            this.io.stderr.write(`${detail}\n`);
    }
    raw(text) {
        this.io.stderr.write(text);
    }
}
/**
 * stderr with every key-shaped text masked (mask.ts) on the way out: main() gives commands this
 * one, so that no message, whoever wrote it, can print a key typed where a path belongs.
 */
export function maskingStderr(stderr) {
    const write = (chunk, ...rest) => {
        const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
        const masked = typeof text === 'string' ? maskKeys(text) : text;
        return stderr.write.call(stderr, masked, ...rest);
    };
    return new Proxy(stderr, {
        get(target, property) {
            if (property === 'write')
                return write;
            const value = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
        },
    });
}
/** The line of a unit named `file:line` (one Transcript of several in a file). */
function lineOf(input) {
    const match = input ? /:(\d+)$/.exec(input) : null;
    return match ? Number(match[1]) : undefined;
}
//# sourceMappingURL=io.js.map