import { OPTIONAL_PEERS } from '../cli/optional-peer.js';
import { generatorVersion } from '../pack/generator-version.js';

/** What `skillpack init` writes: a pack project whose build and test pass as soon as it is installed. */
export interface ScaffoldOptions {
  /** The pack name (kebab-case); also the contract's family. */
  readonly name: string;
}

function contractModule(id: string): string {
  return `import { defineContract } from '@skillpack/core';
import { z } from 'zod';

/** The answer the review skill ends with; skills, schemas, hooks and parsers all derive from it. */
export const review = defineContract({
  id: '${id}',
  version: '1.0.0',
  title: 'Review verdict',
  description: 'Whether the change may merge, and the reasons, as one line of JSON at the end of the answer.',
  delivery: 'text',
  schema: z.strictObject({
    verdict: z.enum(['approve', 'request_changes']).describe('approve, or request_changes'),
    reasons: z.array(z.string().min(1)).min(1).describe('One sentence per reason'),
  }),
  examples: [
    { name: 'approve', value: { verdict: 'approve', reasons: ['The tests cover the change.'] } },
    { name: 'request-changes', value: { verdict: 'request_changes', reasons: ['The new branch has no test.'] } },
  ],
  rules: ['End the final message with the verdict as one line of JSON, after every check you ran has finished.'],
});
`;
}

function skill(id: string): string {
  return `---
name: review
description: Review a change and end with a verdict on whether it may merge. Use when asked to review a change or a pull request.
license: MIT
contracts: [${id}]
---

# Review

Read the change, run its tests, and judge whether it may merge.

{{> contract-output contract="${id}"}}
`;
}

/** A recorded \`codex exec --json\` run whose final message carries a verdict. */
function recordedRun(): string {
  const text =
    'I read the change and ran the tests; they pass.\n{"verdict":"approve","reasons":["The tests cover the change."]}';
  const events = [
    { type: 'thread.started', thread_id: '0199a213-81c0-7800-8aa1-bbab2a035a53' },
    { type: 'turn.started' },
    { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text } },
    { type: 'turn.completed', usage: { input_tokens: 1200, cached_input_tokens: 0, output_tokens: 40 } },
  ];
  return `${events.map((event) => JSON.stringify(event)).join('\n')}\n`;
}

function test(id: string): string {
  return `// Reads the recorded run with the pack's own contract, as an orchestrator would: \`npm test\`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const skillpack = (...args) =>
  JSON.parse(execFileSync(process.execPath, ['node_modules/@skillpack/skill-gen/dist/cli.js', ...args], { cwd: root, encoding: 'utf8' }));

test('the recorded run satisfies ${id}', () => {
  const parsed = skillpack('parse', '--contract', '${id}', 'runs/review.codex.jsonl');
  assert.equal(parsed.ok, true);
  assert.equal(parsed.runtime, 'codex');
  assert.deepEqual(parsed.value, { verdict: 'approve', reasons: ['The tests cover the change.'] });
});
`;
}

/** Files relative to the project folder, in the order they are written. */
export function scaffoldFiles(options: ScaffoldOptions): Record<string, string> {
  const family = /^[a-z]/.test(options.name) ? options.name : `pack-${options.name}`;
  const id = `${family}.review`;
  const range = `^${generatorVersion()}`;
  const manifest = {
    name: options.name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: { build: 'skillpack build', check: 'skillpack check', test: 'node --test test/' },
    devDependencies: {
      '@skillpack/adapters': range,
      '@skillpack/core': range,
      '@skillpack/skill-gen': range,
      // The CLI's optional peers this pack needs: its own contract module and hook (esbuild, ts-morph) and
      // doctor's proofs (@skillpack/testing).
      '@skillpack/testing': range,
      esbuild: OPTIONAL_PEERS.esbuild.range,
      'ts-morph': OPTIONAL_PEERS['ts-morph'].range,
      zod: '^4.0.0',
    },
  };
  const config = {
    $schema: './node_modules/@skillpack/skill-gen/schemas/skillpack.config.schema.json',
    name: options.name,
    description: 'A skill pack with its own contract.',
    author: { name: options.name },
    license: 'MIT',
    contracts: ['./contracts/review.ts'],
    hooks: { [id]: {} },
  };
  return {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'skillpack.config.json': `${JSON.stringify(config, null, 2)}\n`,
    'contracts/review.ts': contractModule(id),
    'skills/review/skill.md': skill(id),
    'runs/review.codex.jsonl': recordedRun(),
    'test/review.test.mjs': test(id),
    '.gitignore': 'node_modules/\ndist/\n',
  };
}
