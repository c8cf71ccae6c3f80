import { JsonStream } from './json-stream.js';
import { indexLanes, laneOf, MAIN, mainModel, resultKey } from './lanes.js';
import { LaneSteps } from './steps.js';
import { finalTokens } from './tokens.js';
import { ATIF_VERSION } from './types.js';
export function atifDocument(options) {
    return async (header, spool, output) => {
        const index = await indexLanes(spool);
        const json = new JsonStream(output, options.pretty === true);
        await new TrajectoryWriter(header, spool, index).write(index.lanes.get(MAIN), json.root());
        await json.end();
    };
}
class TrajectoryWriter {
    header;
    spool;
    index;
    /** the step of its parent trajectory that holds the call which started each subagent lane */
    spawnedAt = new Map();
    constructor(header, spool, index) {
        this.header = header;
        this.spool = spool;
        this.index = index;
    }
    async write(lane, out) {
        const { header } = this;
        const model = mainModel(lane) ?? (lane.key === MAIN ? header.session.models?.[0] : undefined);
        await out.field('schema_version', ATIF_VERSION);
        await out.field('session_id', header.source.nativeSessionId ?? header.transcriptId);
        await out.field('trajectory_id', this.trajectoryId(lane.key));
        await out.field('agent', this.agent(model));
        const totals = await this.writeSteps(lane, model, out);
        await out.field('final_metrics', this.finalMetrics(lane, totals));
        await out.field('extra', { atx: lane.key === MAIN ? this.receipt() : this.subagentOrigin(lane) });
        if (lane.children.length > 0) {
            const subagents = await out.array('subagent_trajectories');
            for (const child of lane.children)
                await this.write(this.index.lanes.get(child), await subagents.object());
            await subagents.close();
        }
        await out.close();
    }
    async writeSteps(lane, model, out) {
        const array = await out.array('steps');
        const steps = new LaneSteps({
            agentModel: model,
            expectedResults: (callId) => this.index.resultCounts.get(resultKey(lane.key, callId)) ?? 0,
            subagentRef: (callId, stepId) => {
                if (!this.index.lanes.get(callId)?.spawned)
                    return undefined;
                this.spawnedAt.set(callId, stepId);
                return { trajectory_id: this.trajectoryId(callId) };
            },
            emit: (step) => array.item(step),
        });
        for await (const event of this.laneEvents(lane))
            await steps.add(event);
        const totals = await steps.end();
        await array.close();
        return totals;
    }
    /** The lane's events, in order: a pass over the spool from the lane's first event to its last. */
    async *laneEvents(lane) {
        let index = -1;
        for await (const event of this.spool.events()) {
            index += 1;
            if (index > lane.last)
                break;
            if (index >= lane.first && laneOf(event) === lane.key)
                yield event;
        }
    }
    trajectoryId(laneKey) {
        return laneKey === MAIN ? this.header.transcriptId : `${this.header.transcriptId}/${laneKey}`;
    }
    agent(model) {
        const { source } = this.header;
        const extra = { adapter: source.adapter, adapterVersion: source.adapterVersion };
        if (source.format)
            extra.format = source.format;
        return { name: source.agent, version: source.agentVersion ?? 'unknown', ...(model ? { model_name: model } : {}), extra };
    }
    /**
     * The main trajectory's totals are the session's (`metrics.tokens` and `costUsd`, subagents
     * included, as the Transcript counts them); a subagent's are the sum of its own events' usage.
     */
    finalMetrics(lane, totals) {
        const main = lane.key === MAIN;
        const { metrics } = this.header;
        const tokens = finalTokens(main ? metrics.tokens : totals.tokens);
        const extra = { ...tokens.extra, agentSteps: totals.agentSteps, userSteps: totals.userSteps, systemSteps: totals.systemSteps, toolCalls: totals.toolCalls };
        if (main && this.index.lanes.size > 1)
            extra.includesSubagents = true;
        return {
            ...tokens.fields,
            ...(main && metrics.costUsd !== undefined ? { total_cost_usd: metrics.costUsd } : {}),
            total_steps: totals.steps,
            extra,
        };
    }
    /** What ATIF has no field for at the document level: the Transcript's identity, privacy receipt, session and metrics. */
    receipt() {
        const { transcriptId, schemaVersion, privacy, source, session, submitter, metrics } = this.header;
        return { transcriptId, schemaVersion, ...privacy, source, session, submitter, metrics };
    }
    subagentOrigin(lane) {
        const step = this.spawnedAt.get(lane.key);
        return { parentId: lane.key, spawned: lane.spawned, ...(step !== undefined ? { parentStepId: step } : {}) };
    }
}
//# sourceMappingURL=document.js.map