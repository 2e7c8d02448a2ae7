// A file skillpack edits keeps its permission bits: a runtime's settings file, Gemini CLI's trusted folders or
// Copilot CLI's config may hold account data, and a 0600 file must not come back world-readable.
import { chmodSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OperationOutcome } from '../../src/install/operations.js';
import { copilotTrustAfterInstall } from '../../src/runtimes/copilot-cli/trust-step.js';
import { geminiTrustAfter } from '../../src/runtimes/gemini-cli/trust-step.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { tempDir } from './_support/packs.js';
import { WIRED_RUNTIME_SCOPES, wiredPackSetup } from './_support/runtime-packs.js';

const mode = (path: string) => statSync(path).mode & 0o777;

function writePrivate(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o600);
}

describe('a settings file skillpack edits keeps its mode', () => {
  it.each(WIRED_RUNTIME_SCOPES)(
    '%s (%s scope): a 0600 hook configuration file stays 0600',
    async (runtime, scope) => {
      const { pack, file, options } = wiredPackSetup(runtime, scope, 'skillpack-modes-');
      const original = '{\n  "token": "secret"\n}\n';
      writePrivate(file, original);

      const installed = await installPack({ ...options, packDir: pack, runtime, force: false });
      expect(installed.success ? installed.data.status : installed.error.message).toBe('applied');
      expect(readFileSync(file, 'utf8')).toContain('skillpack-hook.cjs');
      expect(mode(file)).toBe(0o600);

      const removed = await uninstallPack({ ...options, packName: 'demo-pack' });
      expect(removed.success ? removed.data.status : removed.error.message).toBe('applied');
      expect(readFileSync(file, 'utf8')).toBe(original);
      expect(mode(file)).toBe(0o600);
    },
  );

  it("Gemini CLI's trustedFolders.json of mode 0600 stays 0600 when --activate adds the project", async () => {
    const work = realpathSync(tempDir('skillpack-modes-'));
    const home = join(work, 'home');
    const project = join(work, 'project');
    mkdirSync(project, { recursive: true });
    const file = join(home, '.gemini/trustedFolders.json');
    writePrivate(file, '{\n  "/elsewhere": "TRUST_FOLDER"\n}\n');
    const step = await geminiTrustAfter({ status: 'applied' } as OperationOutcome, {
      scope: 'project',
      projectDir: project,
      home,
      env: {},
      cwd: project,
      consent: true,
      options: {},
    });
    expect(step).toMatchObject({ recorded: true });
    expect(readFileSync(file, 'utf8')).toContain(project);
    expect(mode(file)).toBe(0o600);
  });

  it("Copilot CLI's config.json of mode 0600 stays 0600 when --activate adds the project", async () => {
    const work = realpathSync(tempDir('skillpack-modes-'));
    const home = join(work, 'copilot');
    const project = join(work, 'project');
    mkdirSync(project, { recursive: true });
    const file = join(home, 'config.json');
    writePrivate(file, '// Copilot CLI config\n{\n  "model": "gpt-4.1"\n}\n');
    const outcome = {
      status: 'applied',
      root: project,
      plan: {
        lock: {
          installs: [
            { scope: 'project', files: [{ path: '.github/hooks/demo-pack.json', sha256: '0'.repeat(64) }] },
          ],
        },
      },
    } as unknown as OperationOutcome;
    const report = await copilotTrustAfterInstall(outcome, { consent: true, env: { COPILOT_HOME: home } });
    expect(report).toMatchObject({ recorded: true });
    expect(readFileSync(file, 'utf8')).toContain(project);
    expect(mode(file)).toBe(0o600);
  });
});
