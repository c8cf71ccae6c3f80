/** How `atx run --acp` answers the agent's `session/request_permission`: one policy for the whole run. */
import type { PermissionOption, RequestPermissionResponse } from '@agentclientprotocol/sdk';

export type PermissionPolicy = 'allow' | 'deny';

/** The first "once" option of the wanted kind, else its "always" form; with no such option, the request is cancelled. */
export function answerPermission(policy: PermissionPolicy, options: readonly PermissionOption[]): RequestPermissionResponse {
  const preferred = policy === 'allow' ? ['allow_once', 'allow_always'] : ['reject_once', 'reject_always'];
  for (const kind of preferred) {
    const option = options.find((o) => o.kind === kind);
    if (option) return { outcome: { outcome: 'selected', optionId: option.optionId } };
  }
  return { outcome: { outcome: 'cancelled' } };
}
