// The example pack's hook or plugin inside the real codex agent loop (see _loops.mjs).
import { after, before, describe, it } from 'node:test';
import { defineLoopTests } from './_loops.mjs';

defineLoopTests('codex', { describe, it, before, after });
