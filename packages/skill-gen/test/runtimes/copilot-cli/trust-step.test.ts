import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationOutcome } from '../../../src/install/operations.js';
import { COPILOT_TRUST_JOURNAL, copilotFolderTrust } from '../../../src/runtimes/copilot-cli/trust-step.js';

const work = mkdtempSync(join(tmpdir(), 'skillpack-copilot-trust-step-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An applied project install whose lock holds a Copilot hook file, as install leaves it. */
function appliedInstall(root: string): OperationOutcome {
  const install = { scope: 'project', files: [{ path: '.github/hooks/demo-pack.json' }] };
  return { status: 'applied', root, plan: { lock: { installs: [install] } } } as unknown as OperationOutcome;
}

describe("Copilot's folder-trust step after install", () => {
  it('reports a trust it cannot record (a journal that is not skillpack’s) instead of throwing', async () => {
    const home = join(work, 'home');
    const project = join(work, 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    writeFileSync(join(home, COPILOT_TRUST_JOURNAL), '{"folders": "not a list"}');
    const env = { COPILOT_HOME: home };
    const request = {
      scope: 'project',
      projectDir: project,
      home: work,
      env,
      consent: true,
      cwd: '/',
      options: {},
    } as const;
    const report = await copilotFolderTrust.afterInstall(appliedInstall(project), request);
    expect(report).toMatchObject({ trusted: false, recorded: false });
    expect(report?.problem).toContain("is not skillpack's trust journal");
    expect(copilotFolderTrust.format(report!, '')).toContain('cannot record the trust');
    // Nothing was trusted behind the person's back.
    expect(() => readFileSync(join(home, 'config.json'))).toThrow();
  });
});

describe("Copilot's folder-trust step for a project MCP server", () => {
  it('trusts the folder (with consent) for an install that wired only an MCP server entry', async () => {
    const base = mkdtempSync(join(work, 'mcp-'));
    const home = join(base, 'home');
    const project = join(base, 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const install = {
      runtime: 'copilot-cli',
      scope: 'project',
      files: [{ path: '.github/skillpack-mcp/demo-pack/skillpack-mcp.cjs' }],
      mcpServer: { file: '.github/mcp.json', key: 'demo-pack' },
    };
    const outcome = { status: 'applied', root: project, plan: { lock: { installs: [install] } } };
    const request = {
      scope: 'project' as const,
      projectDir: project,
      home: base,
      env: { COPILOT_HOME: home },
    };
    const report = await copilotFolderTrust.afterInstall(
      outcome as unknown as OperationOutcome,
      {
        ...request,
        cwd: project,
        consent: true,
        options: {},
      } as const,
    );
    expect(report).toMatchObject({ trusted: true, recorded: true });
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toContain(project);
  });
});

describe("Copilot's folder-trust step: uninstall takes out only what install added", () => {
  /** An applied uninstall that left no Copilot hook in the project. */
  const uninstalled = (root: string) =>
    ({ status: 'applied', root, plan: { lock: { installs: [] } } }) as unknown as OperationOutcome;

  it.each([
    ['an empty list of the person’s', '{\n  "trustedFolders": []\n}\n'],
    ['a list of the person’s', '// managed\n{"trustedFolders": ["/elsewhere"], "model": "x"}\n'],
    ['a config without the list', '{\n  "model": "x"\n}\n'],
    ['no config at all', undefined],
  ])('%s comes back as it was', async (_, original) => {
    const base = mkdtempSync(join(work, 'case-'));
    const home = join(base, 'home');
    const project = join(base, 'project');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const config = join(home, 'config.json');
    if (original !== undefined) writeFileSync(config, original);
    const env = { COPILOT_HOME: home };
    const request = {
      scope: 'project',
      projectDir: project,
      home: base,
      env,
      cwd: project,
      consent: true,
      options: {},
    } as const;
    expect(await copilotFolderTrust.afterInstall(appliedInstall(project), request)).toMatchObject({
      recorded: true,
    });
    expect(readFileSync(config, 'utf8')).toContain(project);
    expect(await copilotFolderTrust.afterUninstall?.(uninstalled(project), env, { home })).toMatchObject({
      released: true,
    });
    if (original === undefined) expect(() => readFileSync(config)).toThrow();
    else expect(readFileSync(config, 'utf8')).toBe(original);
    expect(() => readFileSync(join(home, COPILOT_TRUST_JOURNAL))).toThrow();
  });
});
