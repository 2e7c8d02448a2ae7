/**
 * The one recipe for the Stop hook, OpenCode plugin and MCP submit server bundles, used by this package's prebuilt
 * bundles (scripts/bundle.mjs), by `skillpack build` for a pack's own (skill-gen's hooks/bundle-pack-runtime.ts) and
 * by skill-gen's bundled `parse` and `install` commands (scripts/bundle-commands.mjs),
 * and the tables of validators a pack hook's fast path runs on, generated from the schemas.
 * Build-time code: nothing a hook or plugin runs imports it. Its types name esbuild's, which the caller
 * (skill-gen, or this package's build) has installed; at run time it imports no esbuild.
 *
 * @internal Plumbing for skill-gen and this package's build, not public API: it may change in any release.
 */
export { PROGRAM_END, PROGRAM_START } from '../bin/program-markers.js';
export { carryProgram } from './carried-program.js';
export type {
  FastAnswerTablesSource,
  FastStopImport,
  FastStopTablesSource,
  ValidatorFallback,
} from './fast-stop-tables.js';
export { fastAnswerTablesSource, fastStopTablesSource } from './fast-stop-tables.js';
export type { Bundled, BundlerSetup, EsbuildBuild } from './hook-bundler.js';
export {
  bundleCommand,
  bundleHook,
  bundlePlugin,
  bundleServer,
  CARRIED_PROGRAM,
  CARRIED_PROGRAM_HASH,
  externalImports,
} from './hook-bundler.js';
