// Polluting keys in runtime events, hook stdin and plugin configuration reach no prototype.
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { claudeCodeStopHook } from '../../src/claude-code/stop-hook.js';
import { codexStopHook } from '../../src/codex/stop-hook.js';
import {
  createMemoryBlockCounterFactory,
  extractContract,
  handleStopHook,
  readAgentRun,
  unwrapEventLine,
} from '../../src/index.js';
import { safeParseOpenCodePluginConfig } from '../../src/opencode/plugin-config.js';
import { runHookProcess } from '../../src/run-hook.js';
import { hookStateDir } from '../_support/hook-state-dir.js';
import { CODEX_STOP } from '../hooks/_samples.js';
import {
  expectPlainData,
  expectPrototypesUntouched,
  POLLUTING_JSON,
  prototypeSnapshot,
} from '../properties/_support/core-support.js';
import { RUN_WRITERS } from '../properties/_support/runs.js';

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const POLLUTING_MEMBER =
  '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}';

/** Every `{` of a JSON line gains the polluting members. */
function polluteEveryObject(line: string): string {
  return line.replaceAll('{"', `{${POLLUTING_MEMBER},"`);
}

describe.each(Object.entries(RUN_WRITERS))('%s events with polluting keys', (_runtime, write) => {
  it('are read, and nothing reaches a prototype', async () => {
    const before = prototypeSnapshot();
    const raw = write([
      { kind: 'text', text: 'working' },
      {
        kind: 'tool',
        command: 'zf emit gate.failed --payload \'{"__proto__":{"polluted":true}}\'',
        output: 'ok',
      },
      { kind: 'subagent', text: 'sub' },
      { kind: 'text', text: '{"acceptance":"pass","__proto__":{"polluted":true}}' },
    ]);
    const polluted = raw.split('\n').map(polluteEveryObject).join('\n');
    for (const input of [raw, polluted]) {
      const run = await readAgentRun(input, { keepEvents: true });
      expectPlainData({ ...run, unknownEventTypes: { ...run.unknownEventTypes } });
      for (const contract of builtinContracts.list()) {
        const result = extractContract(run, contract.id, { registry: builtinContracts });
        if (result.success) expectPlainData(result.data);
      }
      for (const line of input.split('\n')) unwrapEventLine(line);
    }
    expectPrototypesUntouched(before);
  });
});

describe('event types that name prototype members', () => {
  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'])(
    'an unknown event type %j is counted on a null-prototype record',
    async (type) => {
      const before = prototypeSnapshot();
      const line = JSON.stringify({ type, session_id: 's' });
      const run = await readAgentRun(`${RUN_WRITERS['claude-code']([])}${line}\n${line}\n`);
      expect(Object.getPrototypeOf(run.unknownEventTypes)).toBe(null);
      expect(run.unknownEventTypes[type]).toBe(2);
      expectPrototypesUntouched(before);
    },
  );
});

describe('hook stdin with polluting keys', () => {
  it.each(POLLUTING_JSON)('%s as the whole payload or merged into a real one', async (json) => {
    const before = prototypeSnapshot();
    const merged = `${JSON.stringify(CODEX_STOP).slice(0, -1)},${json.slice(1)}`;
    for (const text of [json, merged]) {
      for (const runtime of ['claude-code', 'codex'] as const) {
        const outcome = await runHookProcess([runtime, '--contract', 'conflux.acceptance'], {
          stdin: once(text),
          env: { SKILLPACK_HOOK_STATE_DIR: hookStateDir() },
        });
        expect(() => JSON.parse(outcome.stdout)).not.toThrow();
      }
      for (const hook of [claudeCodeStopHook, codexStopHook]) {
        const payload = JSON.parse(text) as unknown;
        const parsed = hook.parseInput(payload);
        if (parsed.success) expectPlainData(parsed.data);
        await handleStopHook(hook, payload, {
          contracts: [builtinContracts.require('conflux.acceptance')],
          blockCounter: createMemoryBlockCounterFactory(),
        });
      }
    }
    expectPrototypesUntouched(before);
  });
});

describe('the OpenCode plugin configuration', () => {
  it.each(POLLUTING_JSON)('%s is refused as an invalid configuration, polluting nothing', (json) => {
    const before = prototypeSnapshot();
    const merged = JSON.parse(`{"contracts":["conflux.acceptance"],${json.slice(1)}`) as unknown;
    for (const value of [JSON.parse(json), merged]) {
      const result = safeParseOpenCodePluginConfig(value, 'demo.json');
      if (result.success) expectPlainData(result.data);
    }
    expect(safeParseOpenCodePluginConfig(merged, 'demo.json').success).toBe(false);
    expectPrototypesUntouched(before);
  });
});
