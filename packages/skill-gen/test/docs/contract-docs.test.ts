import { readdirSync, readFileSync } from 'node:fs';
import { createContractRegistry, defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractFamily, GENERATED_MARKER, renderContractDocs } from '../../src/docs/contract-docs.js';
import { compareDocs } from '../../src/docs/docs-drift.js';
import { probeContractErrors } from '../../src/docs/error-probes.js';
import { demoContract, demoRegistry } from '../_support/demo-registry.js';

const committedDir = new URL('../../../../docs/contracts/', import.meta.url);

function committedPages(): Map<string, string> {
  const names = readdirSync(committedDir).filter((name) => name.endsWith('.md'));
  return new Map(names.map((name) => [name, readFileSync(new URL(name, committedDir), 'utf8')]));
}

describe('docs/contracts (committed) against a fresh render', () => {
  it('has no drift: run `npm run docs` after changing a contract', () => {
    const drift = compareDocs(committedPages(), renderContractDocs(builtinContracts));
    expect(drift, 'docs/contracts is out of date: run `npm run docs` and commit the pages').toEqual([]);
  });

  it('has one page per family of the registry, plus the index', () => {
    const families = [...new Set(builtinContracts.ids.map(contractFamily))].sort();
    expect([...committedPages().keys()].sort()).toEqual(
      ['README.md', ...families.map((f) => `${f}.md`)].sort(),
    );
  });
});

describe('renderContractDocs', () => {
  const [index, page] = renderContractDocs(demoRegistry);

  it('writes README.md and demo.md, both marked as generated, LF and one trailing newline', () => {
    expect([index?.path, page?.path]).toEqual(['README.md', 'demo.md']);
    for (const file of [index!, page!]) {
      expect(file.content).toContain(GENERATED_MARKER);
      expect(file.content.endsWith('\n')).toBe(true);
      expect(file.content.endsWith('\n\n')).toBe(false);
      expect(file.content.includes('\r')).toBe(false);
    }
    expect(index!.content).toContain('| [demo](demo.md) | `demo.answer` |');
  });

  it('renders the field table from the JSON Schema, escaping pipes in cells', () => {
    expect(page!.content).toContain('| `verdict` | `"yes" \\| "no"` | yes | The decision. |');
    expect(page!.content).toContain('| `reasons[].text` | `string` | yes | Why \\| because |');
    expect(page!.content).toContain('- Write the JSON on its own line.');
  });

  it('shows each example as the contract renders it, in a fence longer than any backtick run inside', () => {
    expect(page!.content).toContain('#### yes\n\nA plain yes.\n\n```json\n{"verdict":"yes"}\n```');
    expect(page!.content).toContain('````json\n{"verdict":"no","reasons":[{"text":"it ``` breaks"}]}\n````');
  });

  it('lists the errors the contract reports, by running it', () => {
    expect(page!.content).toContain('| an empty message | `missing_payload` |');
    expect(page!.content).toContain(
      '| the first example with `verdict` of the wrong type | `invalid_payload` |',
    );
  });

  it('is deterministic and links each contract to its schema', () => {
    expect(renderContractDocs(demoRegistry)).toEqual(renderContractDocs(demoRegistry));
    // A contract of the user's own: its schema is the file `skillpack schemas` writes, not a core export.
    expect(page!.content).toContain('`demo.answer.schema.json`');
    expect(page!.content).not.toContain('@skillpack/core');
    expect(page!.content).toContain('[`demo.answer`](#demoanswer-demo-answer)');
    expect(page!.content).toContain('## `demo.answer`: demo answer');
  });
});

describe('probeContractErrors', () => {
  it('reports typed failures and leaves out inputs the contract accepts', () => {
    const probes = probeContractErrors(demoContract);
    expect(probes.map((probe) => probe.code)).toEqual([
      'missing_payload',
      'missing_payload',
      'invalid_payload',
      'invalid_payload',
      'invalid_payload',
    ]);
    const lenient = defineContract({
      id: 'demo.lenient',
      version: '1',
      title: 'lenient',
      description: 'Accepts any object.',
      delivery: 'payload',
      schema: z.looseObject({ note: z.string().optional() }),
      examples: [{ name: 'empty', value: {} }],
    });
    expect(probeContractErrors(lenient).map((probe) => probe.input)).toEqual([
      'an empty message',
      'prose without the contract',
      '`null` as the value',
    ]);
  });

  it('records a contract that throws instead of hiding it, and truncates long messages', () => {
    const throwing = defineContract({
      id: 'demo.throwing',
      version: '1',
      title: 'throwing',
      description: 'Breaks the never-throw rule.',
      delivery: 'payload',
      schema: z.object({ a: z.string() }),
      examples: [{ name: 'one', value: { a: 'x' } }],
      // Its example passes (defineContract checks it); every probe throws.
      validate: (value) => {
        if (JSON.stringify(value) === '{"a":"x"}') return { success: true, data: { a: 'x' } };
        throw new Error('x'.repeat(1000));
      },
    });
    const probes = probeContractErrors(throwing);
    expect(probes.filter((probe) => probe.code === '(threw)')).toHaveLength(3);
    expect([...probes[2]!.message]).toHaveLength(240);
  });
});

describe('compareDocs', () => {
  const rendered = [
    { path: 'README.md', content: `<!-- ${GENERATED_MARKER} -->\nindex\n` },
    { path: 'a.md', content: `<!-- ${GENERATED_MARKER} -->\na\n` },
  ];

  it.each([
    [
      'nothing on disk',
      [],
      [
        { path: 'README.md', kind: 'missing' },
        { path: 'a.md', kind: 'missing' },
      ],
    ],
    [
      'an edited page',
      [
        ['README.md', rendered[0]!.content],
        ['a.md', 'edited\n'],
      ],
      [{ path: 'a.md', kind: 'changed' }],
    ],
    [
      'a generated page no longer produced',
      [...rendered.map((f) => [f.path, f.content]), ['old.md', `<!-- ${GENERATED_MARKER} -->\n`]],
      [{ path: 'old.md', kind: 'stale' }],
    ],
    ['a page a person wrote', [...rendered.map((f) => [f.path, f.content]), ['notes.md', '# Notes\n']], []],
  ] as const)('%s', (_name, existing, expected) => {
    const pages = new Map(existing.map(([path, content]) => [path, content] as [string, string]));
    expect(compareDocs(pages, rendered)).toEqual(expected);
  });

  it('finds the drift of a real registry change', () => {
    const before = new Map(renderContractDocs(demoRegistry).map((file) => [file.path, file.content]));
    const changed = createContractRegistry([{ ...demoContract, version: '2.1.0' }]);
    expect(compareDocs(before, renderContractDocs(changed))).toEqual([{ path: 'demo.md', kind: 'changed' }]);
  });
});
