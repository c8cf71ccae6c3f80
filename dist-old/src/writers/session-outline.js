/**
 * What a writer that nests subagents needs to know before it writes the first event, found in
 * one pass over the spool: which tool calls started a subagent (events whose `parentId` is that
 * call's callId), which groups of events have a `parentId` no call names (a sidechain, a
 * branch), and the models seen. The grouped events are copied to a side file (their JSON lines,
 * with the byte ranges of each group), so a group is read back when its call is written, without
 * holding a subagent in memory or reading the whole session again per subagent.
 */
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { privateTempDir } from '../lifecycle/temp.js';
import { ByteBatch } from '../sinks/byte-batch.js';
const READ_CHUNK = 1024 * 1024;
const LF = 0x0a;
export async function outlineSession(spool) {
    const models = new Set();
    const callIds = new Set();
    const groups = new Map();
    let side;
    try {
        for await (const event of spool.events()) {
            if (event.model)
                models.add(event.model);
            if (event.type === 'tool_call' && event.tool)
                callIds.add(event.tool.callId);
            if (event.parentId === undefined)
                continue;
            if (!side) {
                const dir = privateTempDir('outline');
                const file = await open(join(dir, 'groups'), 'w+');
                side = { dir, file, offset: 0, batch: new ByteBatch((bytes) => file.write(bytes).then(() => { })) };
            }
            const line = `${JSON.stringify(event)}\n`;
            const start = side.offset;
            side.offset += Buffer.byteLength(line);
            const pending = side.batch.add(line);
            if (pending)
                await pending;
            const group = groups.get(event.parentId) ?? { ranges: [], size: 0 };
            groups.set(event.parentId, group);
            group.size += 1;
            if (group.ranges.at(-1) === start)
                group.ranges[group.ranges.length - 1] = side.offset;
            else
                group.ranges.push(start, side.offset);
        }
        await side?.batch.flush();
    }
    catch (error) {
        await side?.file.close();
        if (side)
            await rm(side.dir, { recursive: true, force: true });
        throw error;
    }
    const file = side?.file;
    return {
        models: [...models],
        startsGroup: (callId) => groups.has(callId) && callIds.has(callId),
        isOrphanGroup: (parentId) => groups.has(parentId) && !callIds.has(parentId),
        groupSize: (parentId) => groups.get(parentId)?.size ?? 0,
        group: (parentId) => (file ? readRanges(file, groups.get(parentId)?.ranges ?? []) : emptyGroup()),
        async close() {
            if (!side)
                return;
            await side.file.close();
            await rm(side.dir, { recursive: true, force: true });
        },
    };
}
async function* emptyGroup() { }
/** The events stored in the given byte ranges of the side file, one JSON line each. */
async function* readRanges(file, ranges) {
    for (let r = 0; r < ranges.length; r += 2) {
        let carry = [];
        for (let at = ranges[r]; at < ranges[r + 1];) {
            const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK, ranges[r + 1] - at));
            const { bytesRead } = await file.read(chunk, 0, chunk.length, at);
            if (bytesRead === 0)
                break;
            at += bytesRead;
            let start = 0;
            for (let newline = chunk.indexOf(LF); newline !== -1 && newline < bytesRead; newline = chunk.indexOf(LF, start)) {
                carry.push(chunk.subarray(start, newline));
                yield JSON.parse(Buffer.concat(carry).toString('utf8'));
                carry = [];
                start = newline + 1;
            }
            if (start < bytesRead)
                carry.push(chunk.subarray(start, bytesRead));
        }
    }
}
//# sourceMappingURL=session-outline.js.map