/**
 * Claude Code 1.0.x writes a subagent's lines inline in the session file (`isSidechain`, no
 * `agentId`). Each such line belongs to the Task call whose prompt its chain starts with; later
 * lines follow their `parentUuid` back to that start.
 *
 * Only chains of Task calls still running are kept: when a Task call is answered, its prompt and
 * the uuids of its chain are forgotten, so a long session holds the lines of its open subagents,
 * not of every subagent it ever ran.
 */
export class InlineSidechains {
  /** a running Task call's prompt → its callId */
  private readonly taskPrompts = new Map<string, string>();
  /** inline sidechain line uuid → the callId of the Task call it runs under */
  private readonly lineParents = new Map<string, string>();

  taskStarted(prompt: string, callId: string): void {
    this.taskPrompts.set(prompt, callId);
  }

  /** The Task call's subagent has finished: no later line can continue its chain. */
  taskAnswered(callId: string): void {
    for (const [prompt, id] of this.taskPrompts) if (id === callId) this.taskPrompts.delete(prompt);
    for (const [uuid, id] of this.lineParents) if (id === callId) this.lineParents.delete(uuid);
  }

  /** The callId a sidechain line runs under, or `sidechain` when its chain's start is unknown. */
  parentOf(uuid: string | undefined, parentUuid: string | undefined, prompt: unknown): string {
    const known = uuid ? this.lineParents.get(uuid) : undefined;
    if (known) return known;
    const parent = (parentUuid ? this.lineParents.get(parentUuid) : typeof prompt === 'string' ? this.taskPrompts.get(prompt) : undefined) ?? 'sidechain';
    if (uuid) this.lineParents.set(uuid, parent);
    return parent;
  }

  /** How many prompts and lines are held (for tests of the bound). */
  get size(): number {
    return this.taskPrompts.size + this.lineParents.size;
  }
}
