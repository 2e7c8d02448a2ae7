import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/**
 * The built CLI as one file in a fresh world-readable folder of the OS temp dir, for a test that runs it as
 * another user: the clone itself may sit under a folder that user cannot enter (a 0700 home, as root).
 * The bundle holds every package the install, uninstall and list commands load; the compiler and bundler
 * (`typescript`, `ts-morph`, `esbuild`), which no such command loads, stay out, so a command that reached
 * for them would fail loudly rather than pass. `package.json` sits where the CLI reads its version.
 */
export async function worldReadableCli(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'skillpack-cli-copy-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'dist'));
  const outfile = join(root, 'dist', 'cli.js');
  await build({
    entryPoints: [CLI],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: ['esbuild', 'ts-morph', 'typescript'],
    // jsonc-parser's main is a UMD module whose require() calls esbuild cannot follow; its ESM build it can.
    mainFields: ['module', 'main'],
    // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __skillpackRequire } from 'node:module'; const require = __skillpackRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  copyFileSync(PACKAGE_JSON, join(root, 'package.json'));
  for (const path of [root, join(root, 'dist')]) chmodSync(path, 0o755);
  for (const path of [outfile, join(root, 'package.json')]) chmodSync(path, 0o644);
  return outfile;
}
