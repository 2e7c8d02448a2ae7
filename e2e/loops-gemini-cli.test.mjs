// The example pack's AfterAgent hook inside the real Gemini CLI agent loop (see _loops.mjs): installed by
// `skillpack install --activate` (hook wired into .gemini/settings.json, the folder trusted), then `gemini -p`.
import { after, before, describe, it } from 'node:test';
import { defineLoopTests } from './_loops.mjs';

defineLoopTests('gemini-cli', { describe, it, before, after });
