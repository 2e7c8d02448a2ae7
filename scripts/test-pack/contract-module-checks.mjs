// The root README's end-to-end loop with a contract of the consumer's own: its contract module (the README's
// `// contracts/review.ts` block) named in a pack config, `skillpack build`, the built hook enforcing it with
// no node_modules in reach, and `skillpack parse` reading it through the config.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stopPayload } from './consumer-files.mjs';
import { assert, parseJsonOutput } from './harness.mjs';
import { extractTsBlocks } from './readme-snippets.mjs';

const MODULE_MARK = '// contracts/review.ts\n';

const SKILL = `---
name: acme-review
description: Review a change and end with the Acme code review verdict. Use when asked to review a change.
license: MIT
contracts: [acme.review]
---

# Review

Review the change, then answer.

{{> contract-output contract="acme.review"}}
`;

const CONFIG = {
  $schema: './node_modules/@skillpack/skill-gen/schemas/skillpack.config.schema.json',
  name: 'acme-review',
  version: '0.0.1',
  description: 'The root README example: a pack with its own contract.',
  author: { name: 'skillpack smoke test' },
  license: 'MIT',
  contracts: ['./contracts/review.ts'],
  hooks: { 'acme.review': {} },
};

/** Write the README's pack project into `acme/`, build it, and run its hook and `parse` against it. */
export async function readmeContractLoop(ctx) {
  const readme = readFileSync(join(ctx.repoRoot, 'README.md'), 'utf8');
  const module = extractTsBlocks(readme).find((block) => block.code.startsWith(MODULE_MARK));
  assert(module, `README.md has no \`\`\`ts block starting with ${MODULE_MARK.trim()}`);
  const dir = join(ctx.consumer, 'acme');
  mkdirSync(join(dir, 'contracts'), { recursive: true });
  mkdirSync(join(dir, 'skills', 'acme-review'), { recursive: true });
  writeFileSync(join(dir, 'contracts', 'review.ts'), module.code);
  writeFileSync(join(dir, 'skills', 'acme-review', 'skill.md'), SKILL);
  writeFileSync(join(dir, 'skillpack.config.json'), `${JSON.stringify(CONFIG, null, 2)}\n`);
  await ctx.npx(['skillpack', 'build', '--config', 'acme/skillpack.config.json']);
  await ctx.bin(['skillpack', 'check', '--config', 'acme/skillpack.config.json']);

  const isolated = join(ctx.work, 'isolated-acme-hook');
  mkdirSync(isolated, { recursive: true });
  const hook = join(isolated, 'skillpack-hook.cjs');
  cpSync(join(dir, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.cjs'), hook);
  const run = async (message) => {
    const result = await ctx.node('acme hook', [hook, 'claude-code', '--contract', 'acme.review'], {
      cwd: isolated,
      input: stopPayload('claude-code', message),
    });
    return parseJsonOutput('acme hook', result.stdout);
  };
  const wrong = await run('Reviewed.\n{"approve":"yes"}');
  assert(
    wrong.decision === 'block',
    `the hook let a wrong acme.review answer through: ${JSON.stringify(wrong)}`,
  );
  assert(
    wrong.reason?.includes('Code review verdict'),
    `the correction does not name the contract: ${wrong.reason}`,
  );
  const right = await run('Reviewed.\n{"approve":true,"reasons":["tested"]}');
  assert(right.decision === undefined, `the hook blocked a right answer: ${JSON.stringify(right)}`);

  // The contracts module beside the hook, which doctor proves the contract from where the pack is installed,
  // loads its contract with no node_modules in reach.
  const contracts = join(isolated, 'skillpack-hook.contracts.mjs');
  cpSync(join(dir, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.contracts.mjs'), contracts);
  const loaded = await ctx.node(
    'acme contracts module',
    [
      '--input-type=module',
      '-e',
      'const { skillpackContracts } = await import(process.argv[1]); const got = await skillpackContracts(["acme.review"]); console.log(JSON.stringify({ success: got.success, title: got.data?.[0]?.title }));',
      pathToFileURL(contracts).href,
    ],
    { cwd: isolated },
  );
  const carried = parseJsonOutput('acme contracts module', loaded.stdout);
  assert(
    carried.success === true && typeof carried.title === 'string',
    `the contracts module did not load acme.review: ${loaded.stdout}`,
  );

  const parsed = await ctx.bin(
    [
      'skillpack',
      'parse',
      '--config',
      'acme/skillpack.config.json',
      '--contract',
      'acme.review',
      '--runtime',
      'text',
      '-',
    ],
    { input: '{"approve":false,"reasons":["no tests"]}\n' },
  );
  const document = parseJsonOutput('skillpack parse', parsed.stdout);
  assert(
    document.ok === true && document.value?.approve === false,
    `unexpected parse result ${parsed.stdout}`,
  );
  return 'build + check with ./contracts/review.ts; its hook blocks a wrong answer and passes a right one with no node_modules; parse reads it';
}
