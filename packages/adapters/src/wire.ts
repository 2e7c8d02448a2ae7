/**
 * The runtimes' headless output formats as zod schemas, one namespace per runtime, for a host that
 * validates raw events itself: `claudeCode` (stream-json), `codex` (`exec --json` and the notify payload),
 * `openCode` (`run --format json`). The readers validate with these; they are written to the versions
 * each schema file names, and loose where the runtimes add fields.
 */
export * as claudeCode from './claude-code/wire-schemas.js';
export * as codex from './codex/wire-schemas.js';
export * as openCode from './opencode/wire-schemas.js';
