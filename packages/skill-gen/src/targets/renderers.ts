import { renderClaudeCode } from '../runtimes/claude-code/target.js';
import { renderCodex } from '../runtimes/codex/target.js';
import { renderCopilotCli } from '../runtimes/copilot-cli/target.js';
import { renderGeminiCli } from '../runtimes/gemini-cli/target.js';
import { renderOpenCode } from '../runtimes/opencode/target.js';
import { renderQwenCode } from '../runtimes/qwen-code/target.js';
import { renderPortable } from './portable.js';
import type { RenderTarget } from './target-context.js';
import type { TargetId } from './target-id.js';

/** The renderer of each target; the record's type makes every target id have one. */
export const TARGET_RENDERERS: Readonly<Record<TargetId, RenderTarget>> = {
  'claude-code': renderClaudeCode,
  codex: renderCodex,
  opencode: renderOpenCode,
  'gemini-cli': renderGeminiCli,
  'copilot-cli': renderCopilotCli,
  portable: renderPortable,
  'qwen-code': renderQwenCode,
};
