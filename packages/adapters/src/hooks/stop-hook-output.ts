/**
 * What a Stop / SubagentStop hook prints on stdout at exit 0. Claude Code and Codex read the same fields;
 * Codex rejects unknown keys (its output schema is closed), so only these three are ever written.
 */
export interface StopHookOutput {
  readonly decision?: 'block';
  readonly reason?: string;
  readonly systemMessage?: string;
}

/** Claude Code caps hook output strings at 10,000 characters (hooks docs, 2.1.x). */
export const HOOK_STRING_LIMIT = 10_000;

/** Cut `text` to `limit` characters, marking the cut and never splitting a surrogate pair. */
export function capHookString(text: string, limit = HOOK_STRING_LIMIT): string {
  if (text.length <= limit) return text;
  const marker = '\n… (truncated)';
  let end = Math.max(0, limit - marker.length);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + marker;
}

/** The one JSON document a hook prints, with every string capped. */
export function renderStopHookOutput(output: StopHookOutput): string {
  const capped: Record<string, string> = {};
  if (output.decision !== undefined) capped.decision = output.decision;
  if (output.reason !== undefined) capped.reason = capHookString(output.reason);
  if (output.systemMessage !== undefined) capped.systemMessage = capHookString(output.systemMessage);
  return `${JSON.stringify(capped)}\n`;
}
