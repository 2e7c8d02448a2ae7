import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builtinContracts } from '@skillpack/core/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTypeReferences, type TypeReference, typeNameFor } from '../src/render/type-reference.js';
import { demoContract } from './_support/demo-registry.js';
import { tempDir } from './_support/temp.js';

const IDS = ['conflux.acceptance', 'maestro.result'] as const;
const contracts = IDS.map((id) => builtinContracts.require(id));
const coreDir = new URL('../../core/', import.meta.url).pathname;

let fromSources: Map<string, TypeReference>;
beforeAll(async () => {
  fromSources = await createTypeReferences(contracts, { prefer: 'sources' });
}, 120_000);

/** Type-check `source` against the generated declarations with ts-morph; returns the diagnostics. */
async function diagnostics(reference: TypeReference, source: string): Promise<string[]> {
  const { Project, ts } = await import('ts-morph');
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], noEmit: true },
  });
  project.createSourceFile('/reference.d.ts', reference.text);
  project.createSourceFile(
    '/check.ts',
    `import type { ${typeNameFor(reference.contractId)} as T } from './reference';\n${source}`,
  );
  return project
    .getPreEmitDiagnostics()
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, '\n'));
}

describe('typeNameFor', () => {
  it.each([
    ['conflux.acceptance', 'ConfluxAcceptance'],
    ['zaofu.arch-proposal-done', 'ZaofuArchProposalDone'],
    ['shop.refund_decision', 'ShopRefundDecision'],
  ])('names %s %s', (id, name) => {
    expect(typeNameFor(id)).toBe(name);
  });
});

describe('createTypeReferences', () => {
  it.each(IDS)('reads %s from core with ts-morph and prints it without imports', (id) => {
    const reference = fromSources.get(id)!;
    expect(reference.origin).toBe('sources');
    expect(reference.text).toContain(`export type ${typeNameFor(id)} = `);
    expect(reference.text).not.toMatch(/import|z\.output|ZodType/);
  });

  it.each(IDS)(
    'gives %s a type every named example satisfies, and that rejects a wrong value',
    async (id) => {
      const reference = fromSources.get(id)!;
      const contract = builtinContracts.require(id);
      const values = contract.examples.map((example) => example.value);
      expect(await diagnostics(reference, `export const examples: T[] = ${JSON.stringify(values)};`)).toEqual(
        [],
      );
      expect(await diagnostics(reference, 'export const wrong: T = { unexpected: 1 };')).not.toEqual([]);
    },
    60_000,
  );

  it('prints the same type from declaration files built by tsc as from the sources', async () => {
    const out = tempDir();
    const tsc = join(coreDir, '../../node_modules/.bin/tsc');
    spawnSync(
      tsc,
      [
        '-p',
        join(coreDir, 'tsconfig.build.json'),
        '--outDir',
        out,
        '--emitDeclarationOnly',
        '--declarationMap',
        'false',
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(existsSync(join(out, 'conflux', 'index.d.ts'))).toBe(true);
    const fromDeclarations = await createTypeReferences(contracts, { declarationsDir: out });
    for (const id of IDS) {
      expect(fromDeclarations.get(id)!.origin).toBe('declarations');
      expect(fromDeclarations.get(id)!.text).toBe(fromSources.get(id)!.text);
    }
  }, 120_000);

  it('derives the type from the JSON Schema for a contract core does not export', async () => {
    const references = await createTypeReferences([demoContract]);
    const reference = references.get('demo.answer')!;
    expect(reference.origin).toBe('json-schema');
    expect(reference.text).toContain(
      'export type DemoAnswer = {\n  verdict: "yes" | "no";\n  reasons?: {\n    text: string;\n  }[];\n};',
    );
    expect(
      await diagnostics(
        reference,
        `export const ok: T = ${JSON.stringify(demoContract.examples[1]!.value)};`,
      ),
    ).toEqual([]);
  });

  it('is deterministic', async () => {
    const again = await createTypeReferences(contracts, { prefer: 'sources' });
    for (const id of IDS) expect(again.get(id)!.text).toBe(fromSources.get(id)!.text);
  }, 60_000);
});
