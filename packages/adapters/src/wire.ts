// The runtimes' headless output formats as zod schemas, one namespace per runtime, for a host that
// validates raw events itself. The readers validate with these; they are written to the versions each
// schema file names, and loose where the runtimes add fields.

/** Claude Code's stream-json, `--output-format json` and transcript lines as zod schemas. */
export * as claudeCode from './claude-code/wire-schemas.js';
/** Codex's `exec --json` events, its session rollout lines and its legacy `notify` payload as zod schemas. */
export * as codex from './codex/wire-schemas.js';
/** GitHub Copilot CLI's `-p --output-format json` session events and hook payloads as zod schemas. */
export * as copilotCli from './copilot-cli/wire-schemas.js';
/** Gemini CLI's stream-json lines, `--output-format json`, AfterAgent hook input and transcript records as zod schemas. */
export * as geminiCli from './gemini-cli/wire-schemas.js';
/** OpenCode's `run --format json` lines as zod schemas. */
export * as openCode from './opencode/wire-schemas.js';
/** Pi's `--mode json` lines as zod schemas. */
export * as pi from './pi/wire-schemas.js';
/** Qwen Code's `-p --output-format stream-json` lines, `--output-format json` array elements and chat-recording records as zod schemas. */
export * as qwenCode from './qwen-code/wire-schemas.js';
