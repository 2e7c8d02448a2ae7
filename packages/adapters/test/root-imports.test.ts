import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { familiesIn, modulesLoadedByImport } from '../../core/test/_support/loaded-modules.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};
/** The code entries; the bundles are self-contained hook and plugin files, tested by their own suites. */
const entries = Object.keys(manifest.exports)
  .filter((key) => !key.includes('.json') && !key.startsWith('./bundles/'))
  .map((key) => `@skillpack/adapters${key.slice(1)}`);

describe('@skillpack/adapters entries load no contract family', () => {
  it('covers the root and every runtime subpath', () => {
    expect(entries).toEqual([
      '@skillpack/adapters',
      '@skillpack/adapters/claude-code',
      '@skillpack/adapters/codex',
      '@skillpack/adapters/copilot-cli',
      '@skillpack/adapters/opencode',
      '@skillpack/adapters/gemini-cli',
      '@skillpack/adapters/qwen-code',
      '@skillpack/adapters/pi',
      '@skillpack/adapters/pack-runtime',
      '@skillpack/adapters/mcp-server',
      '@skillpack/adapters/pack-hook',
      '@skillpack/adapters/bundler',
      '@skillpack/adapters/wire',
    ]);
  });

  it.each(entries)('%s loads no family', (entry) => {
    const { urls } = modulesLoadedByImport(entry, packageDir);
    expect(familiesIn(urls)).toEqual([]);
    expect(urls.some((url) => url.endsWith('/core/dist/contracts.js'))).toBe(false);
  });

  it('the bundler loads neither esbuild (the caller passes its build) nor zod', () => {
    const { urls } = modulesLoadedByImport('@skillpack/adapters/bundler', packageDir);
    expect(urls.filter((url) => /\/node_modules\/(esbuild|zod)\//.test(url))).toEqual([]);
  });
});
