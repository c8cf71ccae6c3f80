/**
 * What the ATIF tests check on any document: the published shape (schema/atif-v1.7.schema.json,
 * with ajv) and the rules ATIF's models check in code (sequential step ids, results that name a
 * call of their own step, resolvable subagent references), plus this writer's own promises.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { AtifStep } from '../src/writers/atif/types.js';
import { ROOT } from './support/cli-process.js';

export interface Trajectory {
  schema_version: string;
  session_id?: string;
  trajectory_id?: string;
  agent: { name: string; version: string; model_name?: string; extra?: Record<string, unknown> };
  steps: AtifStep[];
  final_metrics?: Record<string, unknown> & { extra?: Record<string, unknown> };
  extra?: Record<string, unknown> & { atx?: Record<string, unknown> };
  subagent_trajectories?: Trajectory[];
}

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats.default(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schema/atif-v1.7.schema.json'), 'utf8')) as object);

/** Schema errors of a document, as readable lines (empty when it is valid). */
export function schemaErrors(document: unknown): string[] {
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** Every trajectory of a document: the main one, then its subagents, depth first. */
export function trajectories(document: Trajectory): Trajectory[] {
  return [document, ...(document.subagent_trajectories ?? []).flatMap(trajectories)];
}

/**
 * The rules beyond the schema, on each trajectory: step ids 1..n; each tool call has exactly one
 * observation result in its step, and each result names a call of its step (or none); embedded
 * subagents have unique trajectory ids and every reference resolves to one of them.
 */
export function expectAtifRules(document: Trajectory): void {
  for (const trajectory of trajectories(document)) {
    expect(trajectory.steps.map((s) => s.step_id)).toEqual(trajectory.steps.map((_, i) => i + 1));
    const embedded = (trajectory.subagent_trajectories ?? []).map((t) => t.trajectory_id);
    expect(new Set(embedded).size).toBe(embedded.length);
    for (const step of trajectory.steps) {
      const callIds = (step.tool_calls ?? []).map((c) => c.tool_call_id);
      const results = step.observation?.results ?? [];
      for (const id of callIds) expect(results.filter((r) => r.source_call_id === id), `results of ${id}`).toHaveLength(1);
      for (const result of results) {
        if (result.source_call_id !== undefined) expect(callIds).toContain(result.source_call_id);
        for (const ref of result.subagent_trajectory_ref ?? []) expect(embedded).toContain(ref.trajectory_id);
      }
    }
  }
}
