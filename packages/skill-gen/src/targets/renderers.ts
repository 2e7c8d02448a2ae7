import { renderClaudeCode } from './claude-code.js';
import { renderCodex } from './codex.js';
import { renderCopilotCli } from './copilot-cli.js';
import { renderGeminiCli } from './gemini-cli.js';
import { renderOpenCode } from './opencode.js';
import { renderPortable } from './portable.js';
import { renderQwenCode } from './qwen-code.js';
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
