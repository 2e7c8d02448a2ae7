import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedContract } from '../../src/doctor/installed-contracts.js';
import { contractsModuleAmong, contractsModuleBeside } from '../../src/hooks/contracts-module.js';
import type { LockedInstall } from '../../src/install/lock-file.js';

const root = mkdtempSync(join(tmpdir(), 'skillpack-installed-contracts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HOOK = '.codex/hooks/acme/skillpack-hook.cjs';
const MODULE = '.codex/hooks/acme/skillpack-hook.contracts.mjs';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

let installs = 0;
/**
 * An install whose lock records `module` beside the hook program; `onDisk` is what its own scope root holds there
 * (`null`: nothing).
 */
function installWith(module: string | undefined, onDisk: string | null | undefined = module) {
  const dir = join(root, `install-${installs++}`);
  mkdirSync(join(dir, '.codex/hooks/acme'), { recursive: true });
  writeFileSync(join(dir, HOOK), '// hook\n');
  if (typeof onDisk === 'string') writeFileSync(join(dir, MODULE), onDisk);
  const install: LockedInstall = {
    pack: { name: 'acme', version: '1.0.0' },
    runtime: 'codex',
    scope: 'project',
    skills: [],
    files: [
      { path: HOOK, sha256: sha('// hook\n'), executable: false },
      ...(module === undefined ? [] : [{ path: MODULE, sha256: sha(module), executable: false }]),
    ],
  };
  return { install, root: dir };
}

describe('the contracts module beside a hook or plugin', () => {
  it.each([
    ['codex/plugin/hooks/skillpack-hook.cjs', 'codex/plugin/hooks/skillpack-hook.contracts.mjs'],
    ['opencode/.opencode/plugins/acme.js', 'opencode/.opencode/plugins/acme.contracts.mjs'],
  ])('%s → %s', (bundle, module) => expect(contractsModuleBeside(bundle)).toBe(module));

  it('is found among an install’s files only beside a hook or plugin the same install wrote', () => {
    expect(contractsModuleAmong([HOOK, MODULE])).toBe(MODULE);
    expect(contractsModuleAmong([MODULE])).toBeUndefined();
    expect(contractsModuleAmong(['.agents/skills/a/references/x.contracts.mjs', HOOK])).toBeUndefined();
  });
});

describe('installedContract: a contracts module doctor cannot use is a sentence, never a crash', () => {
  it('gives nothing when the pack carries no contracts module', async () => {
    expect(await installedContract(installWith(undefined), 'acme.review')).toBeUndefined();
  });

  it.each([
    [
      'missing on disk',
      installWith('export const x = 1;\n', null),
      /contracts module .* is missing; reinstall/,
    ],
    [
      'changed since install',
      installWith('export const x = 1;\n', 'export const x = 2;\n'),
      /was changed since it was installed; reinstall/,
    ],
    [
      'throwing while it loads',
      installWith('throw new Error("boom at load");\n'),
      /failed to load \(boom at load\); rebuild the pack and reinstall it \(`skillpack install`\)$/,
    ],
    ['a syntax error', installWith('export const = ;\n'), /failed to load \(.+\); rebuild the pack/],
    [
      'not a skillpack contracts module',
      installWith('export const skillpackContractz = () => 1;\n'),
      /is not a skillpack contracts module \(expected an export "skillpackContracts"/,
    ],
    [
      'a loader giving no contract',
      installWith(
        'export const skillpackContracts = async () => ({ success: true, data: [{ id: "acme.review" }] });\n',
      ),
      /is not a skillpack contracts module/,
    ],
    [
      'a loader that throws',
      installWith('export const skillpackContracts = () => { throw new Error("nope"); };\n'),
      /failed to load acme\.review \(nope\)/,
    ],
    [
      'a loader that does not know the id',
      installWith(
        'export const skillpackContracts = async () => ({ success: false, error: { message: "Unknown contract \\"acme.review\\"." } });\n',
      ),
      /does not give acme\.review: Unknown contract "acme\.review"/,
    ],
    [
      'a loader that never settles',
      installWith('export const skillpackContracts = () => new Promise(() => {});\n'),
      /failed to load acme\.review \(did not settle within 0\.2 s\)/,
    ],
  ])('%s', async (_, installed, message) => {
    const found = await installedContract(installed, 'acme.review', 200);
    expect(typeof found).toBe('string');
    expect(found).toMatch(message);
  });
});
