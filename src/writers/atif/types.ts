/**
 * The parts of an ATIF v1.7 trajectory document this writer makes (schema/atif-v1.7.schema.json
 * is the full shape). Field names are ATIF's own (snake_case); what ATIF has no field for goes
 * into `extra` under the Transcript's own (camelCase) field names.
 */

export const ATIF_VERSION = 'ATIF-v1.7';

export type Extra = Record<string, unknown>;

export interface AtifToolCall {
  tool_call_id: string;
  function_name: string;
  arguments: Record<string, unknown>;
  extra?: Extra;
}

export interface AtifSubagentRef {
  trajectory_id: string;
  extra?: Extra;
}

export interface AtifObservationResult {
  source_call_id?: string;
  content?: string;
  subagent_trajectory_ref?: AtifSubagentRef[];
  extra?: Extra;
}

export interface AtifMetrics {
  prompt_tokens?: number;
  completion_tokens?: number;
  cached_tokens?: number;
  extra?: Extra;
}

export interface AtifStep {
  step_id: number;
  timestamp?: string;
  source: 'system' | 'user' | 'agent';
  model_name?: string;
  message: string;
  reasoning_content?: string;
  tool_calls?: AtifToolCall[];
  observation?: { results: AtifObservationResult[] };
  metrics?: AtifMetrics;
  llm_call_count?: number;
  extra?: Extra;
}

export interface AtifAgent {
  name: string;
  version: string;
  model_name?: string;
  extra?: Extra;
}

export interface AtifFinalMetrics {
  total_prompt_tokens?: number;
  total_completion_tokens?: number;
  total_cached_tokens?: number;
  total_cost_usd?: number;
  total_steps: number;
  extra?: Extra;
}
