import type { RuntimeId } from '@skillpack/adapters';
import type { z } from 'zod';
import { ClaudeCodeConfigSchema } from './claude-code/config.js';
import { ClaudeCodeSectionSchema } from './claude-code/front-matter.js';
import { CodexConfigSchema } from './codex/config.js';
import { CodexSectionSchema } from './codex/front-matter.js';
import { CopilotCliSectionSchema } from './copilot-cli/front-matter.js';
import { GeminiCliSectionSchema } from './gemini-cli/front-matter.js';
import { OpenCodeSectionSchema } from './opencode/front-matter.js';
import { PiSectionSchema } from './pi/front-matter.js';
import { QwenCodeSectionSchema } from './qwen-code/front-matter.js';

// The runtimes' sections of a skill source's front matter, one line per runtime folder's `front-matter.ts`, and of
// `skillpack.config.json`, one line per runtime folder's `config.ts`: apart from `registry.ts` so that reading a
// skill source or a pack config loads these schemas alone, never a renderer. A declaration's `frontMatter` and
// `config` are the same schemas (a test holds them equal).

/** Each runtime's section of a skill source's front matter (`<id>:`). */
export const RUNTIME_FRONT_MATTER_SECTIONS = {
  'claude-code': ClaudeCodeSectionSchema,
  codex: CodexSectionSchema,
  opencode: OpenCodeSectionSchema,
  'gemini-cli': GeminiCliSectionSchema,
  'copilot-cli': CopilotCliSectionSchema,
  'qwen-code': QwenCodeSectionSchema,
  pi: PiSectionSchema,
} as const satisfies { readonly [R in RuntimeId]: z.ZodObject };

/** The runtimes' sections of `skillpack.config.json` (`<id>:`), for the runtimes that have one. */
export const RUNTIME_CONFIG_SECTIONS = {
  'claude-code': ClaudeCodeConfigSchema,
  codex: CodexConfigSchema,
} as const satisfies { readonly [R in RuntimeId]?: z.ZodType };
