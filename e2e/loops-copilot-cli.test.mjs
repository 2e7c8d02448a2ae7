// The example pack's agentStop hook inside the real GitHub Copilot CLI agent loop (see _loops.mjs).
import { after, before, describe, it } from 'node:test';
import { defineLoopTests } from './_loops.mjs';

defineLoopTests('copilot-cli', { describe, it, before, after });
