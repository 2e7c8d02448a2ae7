/** The runtime id of GitHub Copilot CLI. */
export const COPILOT_CLI = 'copilot-cli';

/** Whether an event is a subagent's: the envelope's `agentId`, or the deprecated `data.parentToolCallId`. */
export function isSubagentEvent(event: object): boolean {
  const { agentId, data } = event as { readonly agentId?: unknown; readonly data?: unknown };
  if (typeof agentId === 'string' && agentId !== '') return true;
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { parentToolCallId?: unknown }).parentToolCallId === 'string'
  );
}
