import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPackFiles, skillpack, snapshotTree, tempDir, writePack } from '../install/_support/packs.js';

/**
 * A stand-in `opencode` that does to its working folder what OpenCode 1.18 does when it loads a project's
 * plugin: installs the plugin package (`.opencode/package.json`, a lockfile, `.gitignore`, `node_modules/`), and
 * its own into the home's `.config/opencode/`.
 */
const OPENCODE = `#!/bin/sh
mkdir -p .opencode/node_modules/@opencode-ai/plugin
echo '{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}' > .opencode/package.json
echo lock > .opencode/bun.lock
echo node_modules > .opencode/.gitignore
mkdir -p "$HOME/.config/opencode/node_modules" "$HOME/.cache/opencode"
echo '{}' > "$HOME/.config/opencode/package.json"
echo '[{"name":"demo"}]'
`;

describe('skillpack doctor --fast leaves the project and the home as it found them (issue #41)', {
  timeout: 60_000,
}, () => {
  it('asks OpenCode in a throwaway copy of both, so what OpenCode writes stays out of them', async () => {
    const root = tempDir();
    const pack = writePack(
      join(root, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    const project = join(root, 'project');
    const home = join(root, 'home');
    const bin = join(root, 'bin');
    for (const dir of [project, home, bin]) mkdirSync(dir);
    writeFileSync(join(bin, 'opencode'), OPENCODE);
    chmodSync(join(bin, 'opencode'), 0o755);
    const scope = ['--scope', 'project', '--dir', project, '--home', home];
    const installed = await skillpack(['install', pack, '--runtime', 'opencode', ...scope], { cwd: root });
    expect(installed.code, installed.stderr).toBe(0);
    const before = { project: snapshotTree(project), home: snapshotTree(home) };
    const run = await skillpack(
      ['doctor', '--runtime', 'opencode', '--fast', ...scope, '--bin-dir', bin, '--format', 'json'],
      { cwd: root, env: { HOME: home, SKILLPACK_HOME: home, PATH: process.env.PATH } },
    );
    const report = JSON.parse(run.stdout);
    // The stand-in answered: its listing was read, from the copy.
    expect(report.packs[0].checks).toContainEqual(
      expect.objectContaining({ kind: 'skill', name: 'demo', status: 'loaded' }),
    );
    expect({ project: snapshotTree(project), home: snapshotTree(home) }).toEqual(before);
  });
});
