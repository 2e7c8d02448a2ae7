import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplyStep } from '../../src/install/apply-plan.js';
import { installPack } from '../../src/runtimes/runtime-install.js';
import { demoPackFiles, sha256, tempDir, writePack } from './_support/packs.js';

// The install stages the bytes readPack read and checked against the manifest's sha256, not a second read
// of the pack: a pack file rewritten between the check and the staging neither aborts the install nor
// reaches the project, and what is installed is what the lock's sha256 names.
describe('install stages the pack bytes it verified', () => {
  it('installs the verified bytes when a pack file changes after the check', async () => {
    const work = tempDir('skillpack-verified-');
    const root = join(work, 'project');
    mkdirSync(root);
    const files = demoPackFiles('1.0.0');
    const pack = writePack(join(work, 'pack'), { name: 'demo-pack', version: '1.0.0' }, files);
    const source = 'codex/.agents/skills/demo/SKILL.md';
    const verified = files[source] as string;
    let rewritten = false;
    const result = await installPack({
      packDir: pack,
      runtime: 'codex',
      scope: 'project',
      projectDir: root,
      home: root,
      force: false,
      dryRun: false,
      onStep: (step: ApplyStep) => {
        if (step.phase !== 'stage' || rewritten) return;
        rewritten = true;
        writeFileSync(join(pack, source), 'rewritten after the check\n');
      },
    });
    expect(rewritten).toBe(true);
    expect(result.success, result.success ? '' : result.error.message).toBe(true);
    const installed = readFileSync(join(root, '.agents/skills/demo/SKILL.md'), 'utf8');
    expect(installed).toBe(verified);
    const lock = readFileSync(join(root, 'skillpack-lock.json'), 'utf8');
    expect(lock).toContain(sha256(verified));
  });

  it('records the manifest it followed when the manifest changes after it was read', async () => {
    const work = tempDir('skillpack-verified-');
    const root = join(work, 'project');
    mkdirSync(root);
    const pack = writePack(
      join(work, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    const manifest = join(pack, 'skillpack.manifest.json');
    const followed = readFileSync(manifest, 'utf8');
    let rewritten = false;
    const result = await installPack({
      packDir: pack,
      runtime: 'claude-code',
      scope: 'project',
      projectDir: root,
      home: root,
      force: false,
      dryRun: false,
      onStep: (step: ApplyStep) => {
        if (step.phase !== 'stage' || rewritten) return;
        rewritten = true;
        writeFileSync(manifest, `${followed} `);
      },
    });
    expect(rewritten).toBe(true);
    expect(result.success, result.success ? '' : result.error.message).toBe(true);
    const record = readFileSync(join(root, '.skillpack/manifests/claude-code/demo-pack.json'), 'utf8');
    expect(record).toBe(followed);
    expect(readFileSync(join(root, 'skillpack-lock.json'), 'utf8')).toContain(sha256(followed));
  });
});
