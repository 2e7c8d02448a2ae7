// The example pack's extension inside the real Pi agent loop (see _loops.mjs): installed by `skillpack install
// --runtime pi --activate` into .pi/skills and .pi/extensions, the project trusted in ~/.pi/agent/trust.json,
// run on the Node 22 of e2e/runtimes.
import { after, before, describe, it } from 'node:test';
import { defineLoopTests } from './_loops.mjs';

defineLoopTests('pi', { describe, it, before, after });
