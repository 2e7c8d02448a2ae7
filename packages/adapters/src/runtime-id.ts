/** The runtimes skillpack reads and writes for; each id also names a folder, subpath, fixture folder and test. */
export const RUNTIME_IDS = [
  'claude-code',
  'codex',
  'opencode',
  'gemini-cli',
  'copilot-cli',
  'qwen-code',
  'pi',
] as const;
/** A runtime skillpack reads and packs for, one of `RUNTIME_IDS`. */
export type RuntimeId = (typeof RUNTIME_IDS)[number];

/** Whether a value is one of the runtime ids in `RUNTIME_IDS`. */
export function isRuntimeId(value: unknown): value is RuntimeId {
  return typeof value === 'string' && (RUNTIME_IDS as readonly string[]).includes(value);
}
