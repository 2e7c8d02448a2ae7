import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenCodePlugin } from '../../src/opencode/plugin-types.js';
import { createFakeOpenCode } from './plugin-fake-client.js';

const BUNDLE = fileURLToPath(new URL('../../dist/bundles/opencode-plugin.mjs', import.meta.url));

/** Install the prebuilt plugin the way a pack does: `.opencode/plugins/<pack>.js` plus `<pack>.json`. */
async function install(config: unknown, name = 'acme-pack'): Promise<Record<string, unknown>> {
  const plugins = join(mkdtempSync(join(tmpdir(), 'skillpack-opencode-')), '.opencode', 'plugins');
  mkdirSync(plugins, { recursive: true });
  copyFileSync(BUNDLE, join(plugins, `${name}.js`));
  if (config !== undefined) {
    writeFileSync(
      join(plugins, `${name}.json`),
      typeof config === 'string' ? config : JSON.stringify(config),
    );
  }
  return import(pathToFileURL(join(plugins, `${name}.js`)).href);
}

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: build the adapters first`);
});

describe('the prebuilt OpenCode plugin', () => {
  it('exports one plugin function and nothing else', async () => {
    const module = await install({ contracts: ['conflux.acceptance'] });
    expect(Object.keys(module)).toEqual(['SkillpackContractsPlugin']);
    expect(typeof module.SkillpackContractsPlugin).toBe('function');
  });

  it('reads its sibling configuration and pushes back a wrong verdict when its step finishes', async () => {
    const module = await install({ contracts: ['conflux.acceptance'], maxPrompts: 1 });
    const plugin = module.SkillpackContractsPlugin as OpenCodePlugin;
    const opencode = createFakeOpenCode();
    const hooks = await plugin({ client: opencode.client, directory: '/work/project' });
    opencode.subscribe((event) => hooks.event!({ event }));
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', '/cflx-accept check the cart change');
    opencode.addAssistant('ses_1', 'Looks good to me.');
    await opencode.settle();
    // No verdict at all: not an attempt, so a session that never used the skill is left alone.
    expect(opencode.prompts).toHaveLength(0);
    opencode.addAssistant('ses_1', '{"acceptance":"gated"}\nACCEPTANCE: GATED');
    await opencode.settle();
    expect(opencode.prompts).toHaveLength(1);
    expect(opencode.prompts[0]!.body.parts[0]!.text).toContain('blocker');
    opencode.addAssistant('ses_1', '{"acceptance":"gated"}\nACCEPTANCE: GATED');
    await opencode.settle();
    expect(opencode.prompts).toHaveLength(1);
    opencode.addUser('ses_1', 'Once more.');
    opencode.addAssistant('ses_1', 'Checked.\n{"acceptance":"pass"}\nACCEPTANCE: PASS');
    await opencode.settle();
    expect(opencode.prompts).toHaveLength(1);
  });

  it('prefers options from an opencode.json plugin entry', async () => {
    const module = await install(undefined, 'no-config');
    const plugin = module.SkillpackContractsPlugin as OpenCodePlugin;
    const opencode = createFakeOpenCode();
    const hooks = await plugin(
      { client: opencode.client },
      { contracts: ['maestro.result'], enforce: 'always' },
    );
    opencode.subscribe((event) => hooks.event!({ event }));
    opencode.createSession('ses_2');
    opencode.addUser('ses_2', 'Run the step.');
    opencode.addAssistant('ses_2', 'Done, all good.');
    await opencode.settle();
    expect(opencode.prompts[0]!.body.parts[0]!.text).toContain('---RESULT---');
  });

  it.each([
    [
      'a missing configuration',
      undefined,
      /Cannot read the skillpack plugin configuration .*no-config\.json: ENOENT/,
    ],
    ['a configuration that is not JSON', '{contracts', /is not JSON/],
    ['an empty contract list', { contracts: [] }, /contracts: Too small/],
    ['an unknown key', { contracts: ['conflux.acceptance'], maxPrompt: 2 }, /Unrecognized key/],
    ['an unknown contract', { contracts: ['conflux.nope'] }, /Unknown contract "conflux.nope"/],
  ])('disables itself and logs why on %s', async (_, config, message) => {
    const module = await install(config, 'no-config');
    const opencode = createFakeOpenCode();
    const hooks = await (module.SkillpackContractsPlugin as OpenCodePlugin)({ client: opencode.client });
    expect(hooks).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opencode.logs).toEqual([{ level: 'error', message: expect.stringMatching(message) }]);
  });
});

describe('the plugin bundle as Node loads a .js file with no "type"', () => {
  // Node compiles such a file as CommonJS first and takes it for an ES module when that fails: the failure
  // must come on the bundle's first lines, not after a parse of most of it (see PLUGIN_MODULE_MARK).
  it('fails a CommonJS compile on its first lines, before any bundled code', () => {
    const source = readFileSync(BUNDLE, 'utf8');
    let failure: unknown;
    try {
      new Script(source, { filename: 'plugin.cjs' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(SyntaxError);
    const line = /plugin\.cjs:(\d+)/.exec(String((failure as Error).stack))?.[1];
    expect(Number(line)).toBeLessThanOrEqual(2);
    expect(source.split('\n')[1]).toBe('export {};');
  });
});
