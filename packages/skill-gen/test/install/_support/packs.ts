import { createHash } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { runCli } from '../../../src/cli/program.js';

export type PackFiles = Readonly<
  Record<string, string | { readonly content: string; readonly executable: boolean }>
>;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'skillpack-install-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  roots.push(dir);
  return dir;
}

export const sha256 = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex');

/** Write a pack directory the way layout.md describes it: the files plus a manifest with real sha256s. */
export function writePack(dir: string, pack: { name: string; version: string }, files: PackFiles): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entries = Object.entries(files).map(([path, spec]) => {
    const { content, executable } = typeof spec === 'string' ? { content: spec, executable: false } : spec;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
    chmodSync(join(dir, path), executable ? 0o755 : 0o644);
    return { path, sha256: sha256(content), executable };
  });
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  const targets = ['claude-code', 'codex', 'opencode', 'portable'].filter((target) =>
    entries.some((entry) => entry.path.startsWith(`${target}/`)),
  );
  const manifest = {
    contracts: [],
    files: entries,
    generator: { name: '@skillpack/skill-gen', version: '0.1.0' },
    pack,
    schemaVersion: 1,
    sources: [],
    targets,
  };
  writeFileSync(join(dir, 'skillpack.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** A skill in every target, plus the plugin and marketplace files the installer must leave alone. */
export function demoPackFiles(
  version: string,
  options: { extraReference?: boolean } = {},
): Record<string, PackFiles[string]> {
  const skill = `---\nname: demo\ndescription: Demo skill, version ${version}.\n---\nRun \`scripts/run.sh\`.\n`;
  const script = { content: `#!/bin/sh\necho demo ${version}\n`, executable: true };
  const files: Record<string, PackFiles[string]> = {
    'claude-code/.claude/skills/demo/SKILL.md': skill,
    'claude-code/.claude/skills/demo/scripts/run.sh': script,
    'claude-code/.claude/skills/demo/references/guide.md': '# Guide\n',
    'claude-code/plugin/.claude-plugin/plugin.json': '{"name":"demo-pack"}\n',
    'claude-code/plugin/skills/demo/SKILL.md': skill,
    'claude-code/.claude-plugin/marketplace.json': '{"name":"demo"}\n',
    'codex/.agents/skills/demo/SKILL.md': skill,
    'codex/.agents/skills/demo/agents/openai.yaml': 'policy:\n  allow_implicit_invocation: true\n',
    'codex/.agents/skills/demo/scripts/run.sh': script,
    'codex/.agents/skills/demo/references/guide.md': '# Guide\n',
    'codex/plugin/.codex-plugin/plugin.json': '{"name":"demo-pack"}\n',
    'codex/.agents/plugins/marketplace.json': '{"name":"demo"}\n',
    'opencode/.opencode/skills/demo/SKILL.md': skill,
    'opencode/.opencode/skills/demo/scripts/run.sh': script,
    'opencode/.opencode/skills/demo/references/guide.md': '# Guide\n',
    'opencode/.opencode/plugins/demo-pack.js': 'export const plugin = async () => ({});\n',
    'opencode/.opencode/plugins/demo-pack.json': '{"contracts":[],"maxPrompts":2}\n',
    'portable/package.json': '{"name":"demo-pack"}\n',
    'portable/skills/demo/SKILL.md': skill,
  };
  if (options.extraReference) {
    for (const base of ['claude-code/.claude', 'codex/.agents', 'opencode/.opencode']) {
      files[`${base}/skills/demo/references/extra.md`] = `# Extra ${version}\n`;
    }
  }
  return files;
}

export interface TreeEntry {
  readonly kind: 'file' | 'dir' | 'symlink';
  readonly content?: string;
  readonly mode?: number;
}

/** Every file, folder and link under `root` with file contents, for before/after comparisons. */
export function snapshotTree(root: string): Record<string, TreeEntry> {
  const out: Record<string, TreeEntry> = {};
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = `${prefix}${name}`;
      const info = lstatSync(path);
      if (info.isSymbolicLink()) out[rel] = { kind: 'symlink', content: readlinkSync(path) };
      else if (info.isDirectory()) {
        out[rel] = { kind: 'dir' };
        walk(path, `${rel}/`);
      } else out[rel] = { kind: 'file', content: readFileSync(path, 'utf8'), mode: info.mode & 0o777 };
    }
  };
  walk(root, '');
  return out;
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run the real CLI entry with captured output. The default environment points SKILLPACK_HOME at a folder that
 * does not exist, so a test that forgets `--home` fails instead of touching the real home directory.
 */
export async function skillpack(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: process.stdin,
    cwd: options.cwd,
    env: options.env ?? { SKILLPACK_HOME: '/nonexistent/skillpack-test-home' },
  });
  return { code, stdout, stderr };
}
