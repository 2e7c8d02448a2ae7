import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type { ApplyStep } from '../../src/install/apply-plan.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { demoPackFiles, snapshotTree, tempDir, writePack } from './_support/packs.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

async function projectWithV1() {
  const work = tempDir('skillpack-interrupt-');
  const root = join(work, 'project');
  mkdirSync(root);
  const v1 = writePack(join(work, 'v1'), { name: 'demo-pack', version: '1.0.0' }, demoPackFiles('1.0.0'));
  const v2Files = demoPackFiles('2.0.0', { extraReference: true });
  for (const path of Object.keys(v2Files)) if (path.endsWith('references/guide.md')) delete v2Files[path];
  const v2 = writePack(join(work, 'v2'), { name: 'demo-pack', version: '2.0.0' }, v2Files);
  const installed = await install(v1, root);
  expect(installed.success).toBe(true);
  return { work, root, v1, v2 };
}

function install(packDir: string, root: string, onStep?: (step: ApplyStep) => void) {
  return installPack({
    packDir,
    runtime: 'codex',
    scope: 'project',
    projectDir: root,
    home: root,
    force: false,
    dryRun: false,
    ...(onStep ? { onStep } : {}),
  });
}

function interruptAt(index: number) {
  let seen = 0;
  return (step: ApplyStep) => {
    if (seen++ === index) throw new Error(`simulated failure before ${step.phase} ${step.path}`);
  };
}

describe('an interrupted install or uninstall rolls back', () => {
  it('leaves an upgrade exactly as before, whichever step fails', async () => {
    const probe = await projectWithV1();
    const steps: ApplyStep[] = [];
    expect((await install(probe.v2, probe.root, (step) => steps.push(step))).success).toBe(true);
    expect(steps.map((step) => step.phase)).toEqual(
      expect.arrayContaining(['stage', 'commit', 'delete', 'lock']),
    );

    for (let index = 0; index < steps.length; index++) {
      const { root, v2 } = await projectWithV1();
      const before = snapshotTree(root);
      const result = await install(v2, root, interruptAt(index));
      expect(result.success, `failure at step ${index}`).toBe(false);
      if (result.success) continue;
      expect(result.error.code).toBe('install_interrupted');
      expect(result.error.details.rolledBack).toBe(true);
      expect(snapshotTree(root), `tree after a failure at step ${index} (${steps[index]!.phase})`).toEqual(
        before,
      );
    }
  });

  it('leaves a fresh project empty when a first install fails part-way', async () => {
    const work = tempDir('skillpack-interrupt-');
    const pack = writePack(
      join(work, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    for (const index of [0, 4, 5, 7, 8]) {
      const root = join(work, `project-${index}`);
      mkdirSync(root);
      const result = await install(pack, root, interruptAt(index));
      expect(result.success).toBe(false);
      expect(snapshotTree(root)).toEqual({});
    }
  });

  it('leaves everything in place when an uninstall fails part-way', async () => {
    const { root } = await projectWithV1();
    const before = snapshotTree(root);
    const result = await uninstallPack({
      packName: 'demo-pack',
      scope: 'project',
      projectDir: root,
      home: root,
      dryRun: false,
      onStep: (step) => {
        if (step.phase === 'lock') throw new Error('disk full');
      },
    });
    expect(result.success).toBe(false);
    expect(snapshotTree(root)).toEqual(before);
  });
});

describe('a killed install leaves no half-written file', () => {
  it('leaves complete old or new files after SIGKILL mid-commit, and the next install finishes the job', async () => {
    const { work, root, v1, v2 } = await projectWithV1();
    const script = join(work, 'crash.mjs');
    const operations = join(packageDir, 'src/runtimes/runtime-install.ts');
    await build({
      stdin: {
        contents: `import { installPack } from ${JSON.stringify(operations)};
const [packDir, root, killAt] = process.argv.slice(2);
let commits = 0;
await installPack({ packDir, runtime: 'codex', scope: 'project', projectDir: root, home: root, force: false, dryRun: false,
  onStep: (step) => { if (step.phase === 'commit' && commits++ === Number(killAt)) process.kill(process.pid, 'SIGKILL'); } });`,
        resolveDir: packageDir,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      // jsonc-parser's main is a UMD module whose require() calls esbuild cannot follow; its ESM build it can.
      mainFields: ['module', 'main'],
      outfile: script,
      logLevel: 'silent',
      banner: {
        // Aliased: a bundled module's own `createRequire` import is hoisted beside the banner's.
        js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);",
      },
      plugins: [
        {
          name: 'workspace-sources',
          setup(builder) {
            builder.onResolve({ filter: /^@skillpack\/(core|adapters)$/ }, (args) => ({
              path: join(packageDir, '..', args.path.slice('@skillpack/'.length), 'src/index.ts'),
            }));
          },
        },
      ],
    });
    const crashed = spawnSync(process.execPath, [script, v2, root, '2'], { encoding: 'utf8' });
    expect(crashed.signal).toBe('SIGKILL');

    const base = '.agents/skills/demo/';
    const versions = [
      readFileSync(join(v1, `codex/${base}SKILL.md`), 'utf8'),
      readFileSync(join(v2, `codex/${base}SKILL.md`), 'utf8'),
    ];
    expect(versions).toContain(readFileSync(join(root, base, 'SKILL.md'), 'utf8'));
    for (const path of ['agents/openai.yaml', 'scripts/run.sh', 'references/extra.md']) {
      const target = join(root, base, path);
      if (!existsSync(target)) continue;
      const content = readFileSync(target, 'utf8');
      const candidates = [join(v1, `codex/${base}${path}`), join(v2, `codex/${base}${path}`)]
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file, 'utf8'));
      expect(candidates, `${path} is a complete version`).toContain(content);
    }
    const leftovers = readdirSync(root).filter((name) => name.startsWith('.skillpack-staging-'));
    expect(leftovers).toHaveLength(1);

    const resumed = await install(v2, root);
    expect(resumed.success).toBe(true);
    if (!resumed.success) return;
    expect(resumed.data.status).toBe('applied');
    expect(resumed.data.recovered).toEqual([
      { staging: join(root, leftovers[0]!), outcome: 'rolled-back', untouched: [] },
    ]);
    expect(readdirSync(root).filter((name) => name.startsWith('.skillpack-'))).toEqual([]);
    expect(readFileSync(join(root, base, 'SKILL.md'), 'utf8')).toBe(versions[1]);
    expect(existsSync(join(root, base, 'references/guide.md'))).toBe(false);
    expect(JSON.parse(readFileSync(join(root, 'skillpack-lock.json'), 'utf8')).installs[0].pack.version).toBe(
      '2.0.0',
    );
  });
});
