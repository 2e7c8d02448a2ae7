// Corrections fit the answer, in the real agent loop: a pack of the user's own hooking two contracts (a
// `skillpack init` review verdict and a refund decision, a discriminated union). A failed `deny` is corrected
// with the refund contract alone, shown the `deny` example, and told nothing about the review contract.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeLoop, runLoop } from './_loops.mjs';
import { ensureRuntimes, makeTempDir, removeTempDirs, skillpack } from './_support.mjs';

const REFUND = `import { defineContract } from '@skillpack/core';
import { z } from 'zod';

export const refund = defineContract({
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Refund decision',
  description: 'Approve or deny a refund, as one line of JSON at the end of the answer.',
  delivery: 'text',
  schema: z.discriminatedUnion('decision', [
    z.strictObject({ decision: z.literal('approve'), amount: z.number().positive() }),
    z.strictObject({ decision: z.literal('deny'), reason: z.string().min(1) }),
  ]),
  examples: [
    { name: 'approve', value: { decision: 'approve', amount: 25 } },
    { name: 'deny', value: { decision: 'deny', reason: 'outside the refund window' } },
  ],
});
`;

const SKILL = `---
name: refund
description: Decide a refund request and end with the decision. Use when asked whether to refund an order.
license: MIT
contracts: [acme.refund]
---

# Refund

Read the order and decide.

{{> contract-output contract="acme.refund"}}
`;

const WRONG = 'No refund.\n{"decision":"deny"}';
const RIGHT = 'No refund.\n{"decision":"deny","reason":"outside the refund window"}';

let pack;
function twoContractPack() {
  if (pack) return pack;
  const dir = join(makeTempDir('skillpack-two-contracts-'), 'acme');
  const init = skillpack(['init', dir]);
  assert.equal(init.status, 0, `${init.stdout}${init.stderr}`);
  writeFileSync(join(dir, 'contracts/refund.ts'), REFUND);
  mkdirSync(join(dir, 'skills/refund'), { recursive: true });
  writeFileSync(join(dir, 'skills/refund/skill.md'), SKILL);
  const configFile = join(dir, 'skillpack.config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  config.contracts.push('./contracts/refund.ts');
  config.hooks = { 'acme.review': {}, 'acme.refund': {} };
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const built = skillpack(['build'], { cwd: dir });
  assert.equal(built.status, 0, `${built.stdout}${built.stderr}`);
  pack = { config: configFile, packs: join(dir, 'dist/skill-packs') };
  return pack;
}

before(() => {
  ensureRuntimes();
  twoContractPack();
});
after(removeTempDirs);

// Codex runs the pack's one Stop hook for both contracts; Claude Code's plugin hook and OpenCode's plugin do the same.
for (const runtimeId of ['codex', 'claude-code', 'opencode']) {
  describe(`${runtimeId}: a pack hooking two contracts corrects only the one the answer attempted`, () => {
    it('a failed deny gets the refund correction with the deny example, and nothing about the review', async () => {
      const { config, packs } = twoContractPack();
      const loop = await runLoop(runtimeId, {
        prompt: 'Decide the refund for order 42.',
        answers: [WRONG, RIGHT],
        contract: 'acme.refund',
        packs,
        config,
      });
      const why = describeLoop(loop);
      assert.equal(loop.output.status, 0, why);
      assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${why}`);
      const correction = loop.requests[1].lastMessage;
      assert.ok(correction.includes('does not satisfy the Refund decision contract'), why);
      assert.ok(
        correction.includes(`Write it exactly in this shape, for example:\n${RIGHT.split('\n')[1]}`),
        `the deny example is not shown\n${why}`,
      );
      assert.ok(!correction.includes('"decision":"approve"'), `the approve example is shown\n${why}`);
      assert.ok(!correction.includes('Review verdict') && !correction.includes('acme.review'), why);
      assert.equal(loop.run.finish, 'complete', why);
      assert.equal(loop.run.finalText?.trim(), RIGHT, why);
    });
  });
}
