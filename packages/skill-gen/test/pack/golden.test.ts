import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, safeParseManifest } from '../../src/pack/manifest.js';
import { buildGolden, readTree, type TreeEntry } from '../_support/golden-build.js';
import { goldenDir, standInBundles } from '../_support/temp.js';

const COPIED = {
  'assets/badge.png': `${goldenDir}skills/acceptance-review/assets/badge.png`,
  'scripts/collect-diff.sh': `${goldenDir}skills/acceptance-review/scripts/collect-diff.sh`,
  'skillpack-hook.cjs': standInBundles.hook,
  'plugins/golden-pack.js': standInBundles.opencodePlugin,
  'extensions/golden-pack.js': standInBundles.piExtension,
} as const;

function copiedSource(path: string): string | undefined {
  return Object.entries(COPIED).find(([suffix]) => path.endsWith(suffix))?.[1];
}

const SNAPSHOTS = fileURLToPath(new URL('../__snapshots__/golden/', import.meta.url));

/**
 * The golden tree stores each distinct content once: under the first path (in tree order) that has it.
 * `files.txt` maps every other path to that one, so a change that reaches many copies rewrites one file.
 */
function canonicalPaths(entries: readonly TreeEntry[]): Map<string, string> {
  const byContent = new Map<string, string>();
  const canonical = new Map<string, string>();
  for (const entry of entries) {
    const key = entry.bytes.toString('base64');
    const first = byContent.get(key) ?? entry.path;
    byContent.set(key, first);
    canonical.set(entry.path, first);
  }
  return canonical;
}

function storedSnapshots(dir = SNAPSHOTS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? storedSnapshots(join(dir, entry.name))
      : [relative(SNAPSHOTS, join(dir, entry.name)).replaceAll('\\', '/')],
  );
}

let first: TreeEntry[];
let out: string;

beforeAll(async () => {
  ({ out } = await buildGolden());
  first = readTree(out);
}, 120_000);

describe('golden pack (two skills: conflux.acceptance and maestro.result, every target)', () => {
  it('writes exactly the expected layout (each path, and the path whose content it repeats)', async () => {
    const canonical = canonicalPaths(first.filter((entry) => !copiedSource(entry.path)));
    const line = (entry: TreeEntry) => {
      const same = canonical.get(entry.path);
      const repeats = same !== undefined && same !== entry.path ? `  = ${same}` : '';
      return `${entry.executable ? 'x' : '-'} ${entry.path}${repeats}`;
    };
    await expect(`${first.map(line).join('\n')}\n`).toMatchFileSnapshot('../__snapshots__/golden/files.txt');
  });

  it('pins every generated file, each distinct content once', async () => {
    const canonical = canonicalPaths(first.filter((entry) => !copiedSource(entry.path)));
    for (const entry of first) {
      if (canonical.get(entry.path) !== entry.path) continue;
      await expect(entry.bytes.toString('utf8')).toMatchFileSnapshot(`../__snapshots__/golden/${entry.path}`);
    }
    const expected = new Set(['files.txt', ...new Set(canonical.values())]);
    const stale = storedSnapshots().filter((path) => !expected.has(path));
    expect(stale, 'golden files no path stores any more: delete them').toEqual([]);
  });

  it('copies sources and bundles byte for byte, keeping the executable bit', () => {
    const copied = first.filter((entry) => copiedSource(entry.path));
    // Two copied files in eleven skill placements (a skill and a plugin form for Claude Code, Codex, Copilot
    // CLI and the Gemini CLI extension; OpenCode, Qwen Code and Pi skills), the hook once per layout that runs
    // it (the Claude Code, Codex and Copilot CLI plugins, Copilot's skill form, the Gemini CLI extension, Qwen
    // Code), the OpenCode plugin and the Pi extension once each; and again inside the portable package, which
    // carries those placements and its own skills/, the six hooks, the plugin and the extension.
    expect(copied.length).toBe(2 * 11 + 6 + 2 + (2 * 12 + 6 + 2));
    for (const entry of copied) {
      expect(entry.bytes.equals(readFileSync(copiedSource(entry.path)!)), entry.path).toBe(true);
      expect(entry.executable, entry.path).toBe(entry.path.endsWith('.sh'));
    }
  });

  it('writes text as UTF-8 with LF line ends, no BOM, one trailing newline', () => {
    for (const entry of first) {
      if (copiedSource(entry.path)) continue;
      const text = entry.bytes.toString('utf8');
      expect(text.charCodeAt(0), entry.path).not.toBe(0xfeff);
      expect(text.includes('\r'), entry.path).toBe(false);
      expect(text.endsWith('\n') && !text.endsWith('\n\n'), entry.path).toBe(true);
    }
  });

  it('lists every file in the manifest with its hash, and nothing else', () => {
    const manifestEntry = first.find((entry) => entry.path === MANIFEST_FILE)!;
    const parsed = safeParseManifest(manifestEntry.bytes.toString('utf8'));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    const manifest = parsed.data;
    expect(manifest.files.map((file) => file.path)).toEqual(
      first.filter((entry) => entry !== manifestEntry).map((entry) => entry.path),
    );
    expect(manifest.contracts.map((contract) => contract.id)).toEqual([
      'conflux.acceptance',
      'maestro.result',
    ]);
    expect(manifest.sources.map((source) => source.path)).toContain('skillpack.config.json');
    expect(manifest.sources.map((source) => source.path)).toContain('skills/acceptance-review/skill.md');
    expect(manifest.targets).toEqual([
      'claude-code',
      'codex',
      'opencode',
      'gemini-cli',
      'copilot-cli',
      'qwen-code',
      'pi',
      'portable',
    ]);
  });

  it('is byte-identical when built again', async () => {
    const { out: second } = await buildGolden();
    expect(readTree(second)).toEqual(first);
  }, 120_000);

  it('rebuilds in place without changing or removing anything', async () => {
    const { result } = await buildGolden(out);
    expect(result.removed).toEqual([]);
    expect(result.kept).toEqual([]);
    expect(readTree(out)).toEqual(first);
  }, 120_000);
});
