/** The defaults of the hook's integer options, each named as its `HookArgs` field. */
export const HOOK_DEFAULTS = { maxBlocks: 2, timeoutMs: 8_000, maxInputBytes: 32 * 1024 * 1024 } as const;

/** The hook's integer options: the field each sets and the range it accepts. */
export const HOOK_INTEGER_OPTIONS = {
  'max-blocks': { field: 'maxBlocks', min: 0, max: 100 },
  'timeout-ms': { field: 'timeoutMs', min: 100, max: 600_000 },
  'max-input-bytes': { field: 'maxInputBytes', min: 1024, max: 1024 ** 3 },
} as const satisfies Record<string, { field: keyof typeof HOOK_DEFAULTS; min: number; max: number }>;

export type HookIntegerOption = keyof typeof HOOK_INTEGER_OPTIONS;

/** `raw` as the integer option `name` reads it (up to ten digits, within its range), or `undefined`. Pure. */
export function integerOptionValue(name: HookIntegerOption, raw: string): number | undefined {
  const { min, max } = HOOK_INTEGER_OPTIONS[name];
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return value >= min && value <= max ? value : undefined;
}
