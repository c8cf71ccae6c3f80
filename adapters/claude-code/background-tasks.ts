/**
 * Background tasks (a `Bash` call with `run_in_background`, an `Agent` launched async, a command
 * backgrounded by the user or by its timeout) and the `TaskOutput` calls that poll them. Claude
 * Code's `toolUseResult` says which task a result is about; `TaskOutput`'s also holds the task's
 * `description` (the launching call's, 2.1.x: `{retrieval_status, task: {task_id, task_type,
 * status, description, output, exitCode}}`), which its tool_result block never shows the model.
 * The description becomes the result's `text` (redacted like any text), the ids its `meta`.
 */
import { asRecord, stringField } from '../shared/json.js';
import type { ToolRun } from './records.js';
import type { Native } from '../shared/json.js';

export interface BackgroundTask {
  text?: string;
  meta: { kind: 'background-task'; [field: string]: unknown };
}

export function backgroundTaskOf(details: Native<ToolRun> | undefined): BackgroundTask | undefined {
  if (!details) return undefined;
  const task = asRecord(details.task);
  if (task) {
    const description = stringField(task, 'description');
    const fields = {
      taskId: stringField(task, 'task_id'), taskType: stringField(task, 'task_type'), taskStatus: stringField(task, 'status'),
      retrievalStatus: stringField(details, 'retrieval_status'),
    };
    return { ...(description ? { text: description } : {}), meta: { ...defined(fields), kind: 'background-task' } };
  }
  const taskId = stringField(details, 'backgroundTaskId');
  if (taskId) {
    const fields = {
      taskId, backgroundedByUser: details.backgroundedByUser === true ? true : undefined,
      timedOutAfterMs: typeof details.timedOutAfterMs === 'number' ? details.timedOutAfterMs : undefined,
    };
    return { meta: { ...defined(fields), kind: 'background-task' } };
  }
  if (stringField(details, 'status') === 'async_launched') {
    // an Agent names its subagent (`agentId`); a Workflow its task (`taskId`, `taskType: local_workflow`)
    const agentId = stringField(details, 'agentId');
    const fields = {
      taskId: agentId ?? stringField(details, 'taskId'), taskType: agentId ? 'agent' : stringField(details, 'taskType'), taskStatus: 'async_launched',
    };
    return { meta: { ...defined(fields), kind: 'background-task' } };
  }
  return undefined;
}

function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
