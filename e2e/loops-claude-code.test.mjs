// The example pack's hook or plugin inside the real claude-code agent loop (see _loops.mjs).
import { after, before, describe, it } from 'node:test';
import { defineLoopTests } from './_loops.mjs';

defineLoopTests('claude-code', { describe, it, before, after });
