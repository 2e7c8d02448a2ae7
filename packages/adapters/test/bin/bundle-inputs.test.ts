import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the bundling script is plain JavaScript without declarations.
import { buildBundles } from '../../scripts/bundle.mjs';

interface BuildSummary {
  readonly name: string;
  readonly inputs: readonly string[];
  readonly externals: readonly string[];
}

describe('the bundles esbuild builds', () => {
  it('hold zod and every contract family, but no template or skill-gen code, and import only node:*', async () => {
    const builds = (await buildBundles({ write: false })) as BuildSummary[];
    expect(builds.map((entry) => entry.name)).toEqual([
      'skillpack-hook (program)',
      'skillpack-hook',
      'opencode-plugin',
      'pi-extension',
    ]);
    for (const { name, inputs, externals } of builds) {
      expect(externals, name).toEqual([]);
      expect(
        inputs.filter((input) => /handlebars|gray-matter|ts-morph|skill-gen|\/yaml\//.test(input)),
        name,
      ).toEqual([]);
      if (name === 'skillpack-hook') continue;
      expect(
        inputs.some((input) => input.includes('node_modules/zod/')),
        name,
      ).toBe(true);
      // Core as a user's install has it: its published dist, never its sources (see installed-packages.ts).
      expect(
        inputs.filter((input) => input.includes('core/src/')),
        name,
      ).toEqual([]);
      for (const family of ['conflux', 'zaofu', 'maestro', 'devflow']) {
        expect(
          inputs.some((input) => input.includes(`core/dist/${family}/`)),
          `${name} ${family}`,
        ).toBe(true);
      }
      // Only English of zod's locales is kept (see src/bundler/zod-plugins.ts).
      const locales = inputs.filter((input) => input.includes('zod/v4/locales/'));
      expect(locales.map((input) => input.slice(input.lastIndexOf('/') + 1)).sort(), name).toEqual([
        'en.js',
        'index.js',
      ]);
    }
  });

  it('may keep only English of zod locales: no source selects a locale', () => {
    const packages = fileURLToPath(new URL('../../../', import.meta.url));
    const offending: string[] = [];
    for (const pkg of ['core', 'adapters']) {
      const src = join(packages, pkg, 'src');
      for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
        // The bundler's own plugin that keeps English alone names the locales without selecting one.
        if (file === join('bundler', 'zod-plugins.ts')) continue;
        if (file.endsWith('.ts') && /\blocales\b/.test(readFileSync(join(src, file), 'utf8')))
          offending.push(file);
      }
    }
    expect(offending).toEqual([]);
  });
});
