import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContractRegistry, defineContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTypeReferences, type ModuleContractSource } from '../src/render/type-reference.js';
import { buildPack } from '../src/runtimes/runtime-pack.js';
import { reviewContractSource } from './_support/review-contract.js';
import { tempDir } from './_support/temp.js';

/** The workspace's node_modules, where @skillpack/core (with its declarations) and zod are installed. */
const workspaceModules = new URL('../../../node_modules', import.meta.url).pathname;

/** The value `reviewContractSource` defines, as the loaded module would hand it over. */
const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Acme review verdict',
  description: 'The verdict a review ends with, as one line of JSON.',
  delivery: 'text',
  schema: z.strictObject({ verdict: z.enum(['approve', 'reject']), reason: z.string().min(1) }),
  examples: [],
});

/** A project with the contract module; `installed` links node_modules in, as `npm install` would. */
function project(source: string, installed: boolean): { dir: string; module: ModuleContractSource } {
  const dir = tempDir('skillpack-module-types-');
  mkdirSync(join(dir, 'contracts'));
  writeFileSync(join(dir, 'contracts', 'review.ts'), source);
  if (installed) symlinkSync(workspaceModules, join(dir, 'node_modules'), 'dir');
  const module = {
    contract: review,
    specifier: './contracts/review.ts',
    file: join(dir, 'contracts', 'review.ts'),
    exportName: 'review',
  };
  return { dir, module };
}

describe('type references of contracts from contract modules', { timeout: 120_000 }, () => {
  it("reads the type from the user's module, never from @skillpack/core", async () => {
    const { module } = project(reviewContractSource(), true);
    const reference = (await createTypeReferences([review], { modules: [module] })).get('acme.review')!;
    expect(reference.origin).toBe('module');
    expect(reference.reason).toBeUndefined();
    expect(reference.text).toContain('read from ./contracts/review.ts (review)');
    expect(reference.text).toContain(
      'export type AcmeReview = {\n  verdict: "approve" | "reject";\n  reason: string;\n};',
    );
  });

  it('falls back to the JSON Schema and says what is missing when the module’s imports do not resolve', async () => {
    const { module } = project(reviewContractSource(), false);
    const reference = (await createTypeReferences([review], { modules: [module] })).get('acme.review')!;
    expect(reference.origin).toBe('json-schema');
    expect(reference.reason).toBe(
      'TypeScript cannot resolve the type of the export "review" of ./contracts/review.ts; install its imports (@skillpack/core, zod) where it lives',
    );
    expect(reference.text).not.toContain('@skillpack/core exports');
    expect(reference.text).toContain('verdict: "approve" | "reject";');
  });

  it('says so when the export is a registry rather than the contract', async () => {
    const source = `${reviewContractSource().replace('export const review', 'const review')}import { createContractRegistry } from '@skillpack/core';\nexport const contracts = createContractRegistry([review]);\n`;
    const { module } = project(source, true);
    const registryExport = { ...module, exportName: 'contracts' };
    const reference = (await createTypeReferences([review], { modules: [registryExport] })).get(
      'acme.review',
    )!;
    expect(reference.origin).toBe('json-schema');
    expect(reference.reason).toContain(
      'the export "contracts" of ./contracts/review.ts is a registry or an array',
    );
  });

  it('a build warns with the reason, naming the module, never blaming @skillpack/core', async () => {
    const { dir } = project(reviewContractSource(), false);
    mkdirSync(join(dir, 'skills', 'review'), { recursive: true });
    writeFileSync(
      join(dir, 'skills', 'review', 'skill.md'),
      '---\nname: review\ndescription: Review a change. Use when asked to review.\ncontracts: [acme.review]\n---\n\nEnd with {{> contract-output contract="acme.review"}}\n',
    );
    const config = {
      name: 'acme',
      version: '1.0.0',
      description: 'Acme.',
      author: { name: 'Acme' },
      license: 'MIT',
    };
    writeFileSync(
      join(dir, 'skillpack.config.json'),
      JSON.stringify({ ...config, targets: ['portable'], contracts: ['./contracts/review.ts'] }),
    );
    const built = await buildPack({ cwd: dir });
    const messages = built.warnings.map((warning) => warning.message);
    expect(messages).toContain(
      'references/acme.review.d.ts was derived from the JSON Schema: TypeScript cannot resolve the type of the export "review" of ./contracts/review.ts; install its imports (@skillpack/core, zod) where it lives.',
    );
    expect(messages.join('\n')).not.toContain('@skillpack/core exports');
  });

  it('a contract passed in a registry (no module) keeps the core wording', async () => {
    const reference = (await createTypeReferences([review])).get('acme.review')!;
    expect(reference.reason).toBe('no declaration of it was found in @skillpack/core');
    expect(createContractRegistry([review]).has('acme.review')).toBe(true);
  });
});
