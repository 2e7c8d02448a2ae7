import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPack } from '../../../src/runtimes/runtime-pack.js';
import { standInBundles } from '../../_support/temp.js';
import { skillpack, snapshotTree, tempDir } from '../../install/_support/packs.js';

const DEV_FLOW = resolve(import.meta.dirname, '../../../../../examples/dev-flow-codex/skillpack.config.json');
const CACHE = '.codex/plugins/cache/dev-flow-codex/dev-flow-codex/0.1.0/';

/** The Dev Flow pack (seed 003): its one skill is selected only as `$dev-flow-codex:dev-flow`. */
async function devFlowPack() {
  const work = tempDir('skillpack-plugin-only-');
  const out = join(work, 'pack');
  await buildPack({ config: DEV_FLOW, out, bundles: standInBundles, typeReferences: { prefer: 'sources' } });
  const home = join(work, 'home');
  const project = join(work, 'project');
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(project);
  const env = { SKILLPACK_HOME: home, CODEX_HOME: join(home, '.codex') };
  const install = (...args: string[]) =>
    skillpack(
      ['install', out, '--runtime', 'codex', '--home', home, '--dir', project, '--format', 'json', ...args],
      {
        cwd: project,
        env,
      },
    );
  return { out, home, project, install };
}

describe('a Codex pack whose skills are explicit-only under its plugin namespace ("pluginOnly")', () => {
  it('builds no standalone skill a bare $dev-flow would select', async () => {
    const { out } = await devFlowPack();
    expect(existsSync(join(out, 'codex/.agents/skills'))).toBe(false);
    expect(readdirSync(join(out, 'codex/plugin/skills'))).toEqual(['dev-flow']);
  });

  it('installs as the plugin by default (user scope), so only $dev-flow-codex:dev-flow selects it', async () => {
    const { home, install } = await devFlowPack();
    const installed = await install('--scope', 'user');
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    expect(existsSync(join(home, `${CACHE}skills/dev-flow/SKILL.md`))).toBe(true);
    expect(existsSync(join(home, '.agents/skills/dev-flow'))).toBe(false);
  });

  it.each([
    ['the project scope, by default', ['--scope', 'project'], /install its plugin with --scope user/],
    [
      'the project scope, --codex-form skills',
      ['--scope', 'project', '--codex-form', 'skills'],
      /--scope user/,
    ],
    [
      'the user scope, --codex-form skills',
      ['--scope', 'user', '--codex-form', 'skills'],
      /without --codex-form/,
    ],
  ] as const)('refuses the standalone skills in %s, and says why', async (_, args, how) => {
    const { home, project, install } = await devFlowPack();
    const before = { home: snapshotTree(home), project: snapshotTree(project) };
    const refused = await install(...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\(codex_plugin_only\)/);
    const { error } = JSON.parse(refused.stdout);
    expect(error.code).toBe('codex_plugin_only');
    expect(error.message).toContain('$dev-flow-codex:dev-flow');
    expect(error.message).toMatch(/bare \$dev-flow, which the pack says is not an alias/);
    expect(error.message).toMatch(how);
    expect({ home: snapshotTree(home), project: snapshotTree(project) }).toEqual(before);
  });
});
