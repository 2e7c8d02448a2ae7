/** The plugin's options, as an `nx.json` `plugins` entry writes them. */
export interface SkillpackNxOptions {
  /** The target that runs `skillpack build` (default `skillpack-build`). */
  readonly buildTargetName?: string;
  /** The target that runs `skillpack check` (default `skillpack-check`). */
  readonly checkTargetName?: string;
  /** The target that runs `skillpack lint` on the built pack (default `skillpack-lint`). */
  readonly lintTargetName?: string;
  /** Which pack configs make projects, relative to the workspace root (default `**\/skillpack.config.json`). */
  readonly configGlob?: string;
  /** The command that runs the CLI (default `skillpack`, from the workspace's `node_modules/.bin`). */
  readonly skillpackCommand?: string;
}

export type ResolvedOptions = Required<SkillpackNxOptions>;

export const DEFAULT_OPTIONS: ResolvedOptions = {
  buildTargetName: 'skillpack-build',
  checkTargetName: 'skillpack-check',
  lintTargetName: 'skillpack-lint',
  configGlob: '**/skillpack.config.json',
  skillpackCommand: 'skillpack',
};

/** Every option a string that is not blank, else an error naming the option and what was expected. */
export function resolveOptions(options: unknown): ResolvedOptions {
  if (options === undefined || options === null) return DEFAULT_OPTIONS;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(
      `@skillpack/nx: the plugin options must be an object, got ${JSON.stringify(options)}.`,
    );
  }
  const resolved: Record<string, string> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(options)) {
    if (!(key in DEFAULT_OPTIONS)) {
      throw new TypeError(
        `@skillpack/nx: unknown option "${key}"; expected one of ${Object.keys(DEFAULT_OPTIONS).join(', ')}.`,
      );
    }
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      throw new TypeError(
        `@skillpack/nx: option "${key}" must be a non-empty string, got ${JSON.stringify(value)}.`,
      );
    }
    resolved[key] = value;
  }
  const names = [resolved.buildTargetName, resolved.checkTargetName, resolved.lintTargetName];
  if (new Set(names).size !== names.length) {
    throw new TypeError(`@skillpack/nx: the three target names must differ, got ${names.join(', ')}.`);
  }
  return resolved as ResolvedOptions;
}
