import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the bundling script is plain JavaScript without declarations.
import { BUNDLES, bundleOptions, externalImports } from '../../scripts/bundle.mjs';

describe('the bundles esbuild builds', () => {
  it('hold zod and every contract family, but no template or skill-gen code', async () => {
    const result = await build({ ...bundleOptions(), write: false });
    expect(externalImports(result.metafile!)).toEqual([]);
    const outputs = Object.entries(result.metafile!.outputs);
    expect(outputs.map(([file]) => file).sort()).toEqual(
      (BUNDLES as { name: string }[]).map((bundle) => `dist/bundles/${bundle.name}.mjs`).sort(),
    );
    for (const [file, output] of outputs) {
      const inputs = Object.keys(output.inputs);
      expect(
        inputs.filter((input) => /handlebars|gray-matter|ts-morph|skill-gen|\/yaml\//.test(input)),
        file,
      ).toEqual([]);
      expect(
        inputs.some((input) => input.includes('node_modules/zod/')),
        file,
      ).toBe(true);
      for (const family of ['conflux', 'zaofu', 'maestro', 'devflow']) {
        expect(
          inputs.some((input) => input.includes(`core/src/${family}/`)),
          `${file} ${family}`,
        ).toBe(true);
      }
    }
  });
});
