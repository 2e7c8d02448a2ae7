import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperationOutcome } from '../../../src/install/operations.js';
import { grantTable } from '../../../src/runtimes/codex/trust-grants.js';
import { CODEX_TRUST_JOURNAL, recordCodexTrust } from '../../../src/runtimes/codex/trust-journal.js';
import { codexHookTrustStep } from '../../../src/runtimes/codex/trust-step.js';

const temps: string[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
});
function sandbox() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codex-trust-step-')));
  temps.push(root);
  const codexHome = join(root, 'codex-home');
  mkdirSync(codexHome);
  return { root, codexHome, config: join(codexHome, 'config.toml'), env: { CODEX_HOME: codexHome } };
}
const HASH = `sha256:${'c'.repeat(64)}`;
const hook = (project: string, index: number) => ({
  kind: 'hook' as const,
  key: `${project}/.codex/hooks.json:stop:${index}:0`,
  hash: HASH,
});
const uninstalled = (root: string, installs: unknown[] = []) =>
  ({ status: 'applied', root, plan: { lock: { installs } } }) as unknown as OperationOutcome;
const codexInstall = (name: string) => ({ runtime: 'codex', scope: 'project', pack: { name } });

describe('uninstall takes out the Codex trust install recorded (issue #41)', () => {
  it("a pack's hook trust goes with the pack, the project's with the project's last Codex install", async () => {
    const { root, config, env } = sandbox();
    const project = join(root, 'project');
    const original = '# mine\nmodel = "gpt-5.5"\n';
    writeFileSync(config, original, { mode: 0o640 });
    await recordCodexTrust(config, [{ kind: 'project', key: project }, hook(project, 0)], {
      root: project,
      pack: 'one',
    });
    await recordCodexTrust(config, [hook(project, 1)], { root: project, pack: 'two' });

    const first = await codexHookTrustStep.afterUninstall?.(
      uninstalled(project, [codexInstall('two')]),
      env,
      {
        home: root,
      },
    );
    expect(first).toEqual({
      released: true,
      sentence: expect.stringContaining(
        `took [hooks.state.${JSON.stringify(hook(project, 0).key)}] out of ${config}`,
      ),
    });
    const kept = readFileSync(config, 'utf8');
    expect(kept).toContain(grantTable({ kind: 'project', key: project }));
    expect(kept).not.toContain(hook(project, 0).key);
    expect(kept).toContain(hook(project, 1).key);

    const last = await codexHookTrustStep.afterUninstall?.(uninstalled(project), env, { home: root });
    expect(last?.released).toBe(true);
    expect(readFileSync(config, 'utf8')).toBe(original);
    expect(statSync(config).mode & 0o777).toBe(0o640);
    expect(() => readFileSync(join(root, 'codex-home', CODEX_TRUST_JOURNAL))).toThrow();
  });

  it('deletes a config.toml its grant created; another root, a dry run or nothing journaled: nothing to say', async () => {
    const { root, config, env } = sandbox();
    const project = join(root, 'project');
    await recordCodexTrust(config, [hook(project, 0)], { root: project, pack: 'one' });
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(
      await codexHookTrustStep.afterUninstall?.(uninstalled(join(root, 'other')), env, { home: root }),
    ).toBe(undefined);
    const planned = { ...uninstalled(project), status: 'planned' } as OperationOutcome;
    expect(await codexHookTrustStep.afterUninstall?.(planned, env, { home: root })).toBeUndefined();
    expect(
      (await codexHookTrustStep.afterUninstall?.(uninstalled(project), env, { home: root }))?.released,
    ).toBe(true);
    expect(() => readFileSync(config)).toThrow();
    expect(
      await codexHookTrustStep.afterUninstall?.(uninstalled(project), env, { home: root }),
    ).toBeUndefined();
  });

  it('a journal that is not its own is named, never acted on', async () => {
    const { root, config, env, codexHome } = sandbox();
    writeFileSync(config, 'model = "m"\n');
    writeFileSync(join(codexHome, CODEX_TRUST_JOURNAL), '{"grants": "all"}');
    const note = await codexHookTrustStep.afterUninstall?.(uninstalled(root), env, { home: root });
    expect(note).toEqual({
      released: false,
      sentence: expect.stringContaining("is not skillpack's Codex trust journal"),
    });
    expect(readFileSync(config, 'utf8')).toBe('model = "m"\n');
  });

  it('records concurrent grants one at a time: none is lost, each comes out again, in any order', async () => {
    const { root, config, env } = sandbox();
    const projects = ['a', 'b', 'c', 'd'].map((name) => join(root, name));
    await Promise.all(
      projects.map((project) => recordCodexTrust(config, [hook(project, 0)], { root: project, pack: 'one' })),
    );
    const journal = JSON.parse(readFileSync(join(root, 'codex-home', CODEX_TRUST_JOURNAL), 'utf8'));
    expect(journal.grants).toHaveLength(4);
    for (const project of projects)
      expect(readFileSync(config, 'utf8')).toContain(grantTable(hook(project, 0)));
    const notes = await Promise.all(
      projects.map((project) =>
        codexHookTrustStep.afterUninstall?.(uninstalled(project), env, { home: root }),
      ),
    );
    expect(notes.every((note) => note?.released)).toBe(true);
    expect(() => readFileSync(config)).toThrow();
  });
});
