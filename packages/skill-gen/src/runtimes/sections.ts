import type { RuntimeId } from '@skillpack/adapters';
import type { z } from 'zod';
import { ClaudeCodeSectionSchema } from './claude-code/front-matter.js';
import { CodexSectionSchema } from './codex/front-matter.js';
import { CopilotCliSectionSchema } from './copilot-cli/front-matter.js';
import { GeminiCliSectionSchema } from './gemini-cli/front-matter.js';
import { OpenCodeSectionSchema } from './opencode/front-matter.js';
import { PiSectionSchema } from './pi/front-matter.js';
import { QwenCodeSectionSchema } from './qwen-code/front-matter.js';

// The runtimes' sections of a skill source's front matter, one line per runtime folder's `front-matter.ts`:
// apart from `registry.ts` so that reading a skill source loads these schemas alone, never a renderer. A
// declaration's `frontMatter` is the same schema (a test holds them equal).

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
