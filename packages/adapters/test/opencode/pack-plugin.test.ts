import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadBuiltinContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { packContractLoader } from '../../src/hooks/load-contracts.js';
import { createPackPlugin } from '../../src/opencode/plugin-entry.js';
import type { OpenCodeClientLike } from '../../src/opencode/plugin-types.js';

/** The plugin's start with a client that only logs: what it says, and the hooks it returns. */
async function start(plugin: ReturnType<typeof createPackPlugin>, options?: Record<string, unknown>) {
  const logs: string[] = [];
  const client = {
    app: { log: async ({ body }: { body: { message: string } }) => void logs.push(body.message) },
  } as unknown as OpenCodeClientLike;
  const hooks = await plugin({ client } as Parameters<typeof plugin>[0], options);
  return { hooks, logs };
}

describe('createPackPlugin: the contracts its loader knows, and no others', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-pack-plugin-'));
  const moduleUrl = pathToFileURL(join(dir, 'acme.js')).href;
  writeFileSync(join(dir, 'acme.json'), JSON.stringify({ contracts: ['maestro.result'], maxPrompts: 1 }));

  it('enforces what <pack>.json or the options name among them', async () => {
    const maestro = (await loadBuiltinContract('maestro.result'))!;
    const plugin = createPackPlugin(moduleUrl, packContractLoader([maestro]));
    const fromFile = await start(plugin);
    expect(typeof fromFile.hooks.event).toBe('function');
    expect(fromFile.logs).toEqual([
      'skillpack: OpenCode plugin ready (contracts: maestro.result; 1 re-prompts)',
    ]);
    const fromOptions = await start(plugin, { contracts: ['maestro.result'], maxPrompts: 0 });
    expect(fromOptions.logs).toEqual([
      'skillpack: OpenCode plugin ready (contracts: maestro.result; 0 re-prompts)',
    ]);
  });

  it('is disabled, saying so, for a built-in its loader does not carry (no fallback to the built-ins)', async () => {
    const maestro = (await loadBuiltinContract('maestro.result'))!;
    const plugin = createPackPlugin(moduleUrl, packContractLoader([maestro]));
    const other = await start(plugin, { contracts: ['conflux.acceptance'] });
    expect(other.hooks).toEqual({});
    expect(other.logs).toEqual([
      'skillpack plugin disabled: Unknown contract "conflux.acceptance". Known contracts: maestro.result.',
    ]);
  });
});
