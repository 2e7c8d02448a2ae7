/** The `runAgent` options only Claude Code reads. */
export interface ClaudeCodeRunOptions {
  /** Claude Code plugin folders (or .zip files) loaded for this run with `--plugin-dir`. */
  readonly pluginDirs?: readonly string[];
}
