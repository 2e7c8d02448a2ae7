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
