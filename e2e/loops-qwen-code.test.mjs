// The example pack's Stop hook inside the real Qwen Code agent loop (see _loops.mjs): installed by
// `skillpack install --runtime qwen-code` into .qwen/skills and .qwen/settings.json, run on the Node 22 of
// e2e/runtimes.
import { after, before, describe, it } from 'node:test';
import { defineLoopTests } from './_loops.mjs';

defineLoopTests('qwen-code', { describe, it, before, after });
