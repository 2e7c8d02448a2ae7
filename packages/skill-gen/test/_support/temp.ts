import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

const created: string[] = [];

// Removed when the file's tests end, so folders made in beforeAll outlive each test.
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test. */
export function tempDir(prefix = 'skillpack-gen-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Write `files` (POSIX paths → text or bytes) under `root`; a path ending in `*` is made executable. */
export function writeTree(root: string, files: Readonly<Record<string, string | Uint8Array>>): string {
  for (const [name, content] of Object.entries(files)) {
    const executable = name.endsWith('*');
    const path = join(root, executable ? name.slice(0, -1) : name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    if (executable) chmodSync(path, 0o755);
  }
  return root;
}

export const fixturesDir = new URL('../fixtures/', import.meta.url).pathname;
export const goldenDir = `${fixturesDir}golden/`;
/** Stand-ins for the adapters' bundles: golden snapshots pin the pack layout, not the bundle's bytes. */
export const standInBundles = {
  hook: `${fixturesDir}bundles/skillpack-hook.cjs`,
  opencodePlugin: `${fixturesDir}bundles/opencode-plugin.mjs`,
  piExtension: `${fixturesDir}bundles/pi-extension.mjs`,
} as const;

/** A minimal valid pack config, as JSON text. */
export function configText(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    name: 'demo-pack',
    version: '0.1.0',
    description: 'Demo pack.',
    author: { name: 'Demo' },
    license: 'MIT',
    ...overrides,
  });
}

/** A skill source text with front matter lines `frontMatter` and the given body. */
export function skillText(frontMatter: string, body = '# Body\n'): string {
  return `---\n${frontMatter}\n---\n${body}`;
}
