// Cold start of the Stop hook `skillpack build` generates for a pack that hooks a contract of its own (a
// TypeScript contract module named in the config, bundled into the hook), against `node -e ""` over
// interleaved runs, and its size next to the adapters' prebuilt hook. The pack is built into a temp folder
// from packages/skill-gen/dist; warm-up runs fill the hook's V8 code cache, as a runtime's first stop does.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { round1, timeCommands } from './_timing.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKILL_GEN = join(root, 'packages/skill-gen/dist/index.js');
const PREBUILT = join(root, 'packages/adapters/dist/bundles/skillpack-hook.cjs');
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 30);
const WARMUP = 3;

const REVIEW = `import { defineContract } from '@skillpack/core';
import { z } from 'zod';

export const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Acme review verdict',
  description: 'The verdict a review ends with, as one line of JSON.',
  delivery: 'text',
  schema: z.strictObject({ verdict: z.enum(['approve', 'reject']), reason: z.string().min(1) }),
  examples: [{ name: 'approve', value: { verdict: 'approve', reason: 'Tests pass.' } }],
});
`;

async function buildProject(dir) {
  if (!existsSync(SKILL_GEN) || !existsSync(PREBUILT)) throw new Error('build first: npm run build');
  mkdirSync(join(dir, 'contracts'));
  mkdirSync(join(dir, 'skills', 'review'), { recursive: true });
  writeFileSync(join(dir, 'contracts', 'review.ts'), REVIEW);
  writeFileSync(
    join(dir, 'skills', 'review', 'skill.md'),
    '---\nname: review\ndescription: Review a change and end with the Acme verdict. Use when asked to review.\ncontracts: [acme.review]\n---\n\nEnd with {{> contract-output contract="acme.review"}}\n',
  );
  writeFileSync(
    join(dir, 'skillpack.config.json'),
    JSON.stringify({
      name: 'acme-review',
      version: '1.0.0',
      description: 'Acme review skills.',
      author: { name: 'Acme' },
      license: 'MIT',
      targets: ['claude-code'],
      contracts: ['./contracts/review.ts'],
      hooks: { 'acme.review': {} },
    }),
  );
  const { buildPack } = await import(pathToFileURL(SKILL_GEN).href);
  await buildPack({ cwd: dir });
  return join(dir, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.cjs');
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-pack-hook-'));
  try {
    const hook = await buildProject(dir);
    const stop = (message) =>
      JSON.stringify({
        session_id: 'bench',
        transcript_path: '/nonexistent.jsonl',
        cwd: dir,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: message,
      });
    const env = { ...process.env, SKILLPACK_HOOK_STATE_DIR: join(dir, 'state') };
    const args = [hook, 'claude-code', '--contract', 'acme.review'];
    const commands = [
      { label: 'node -e ""', args: ['-e', ''], stdin: '' },
      {
        label: 'pack hook (user contract), satisfied stop',
        args,
        stdin: stop('Done.\n{"verdict":"approve","reason":"Tests pass."}'),
        expect: /^\{\}\n$/,
        target: '≤ 1.3×',
      },
      {
        label: 'pack hook (user contract), blocked stop',
        args,
        stdin: stop('Done.\n{"verdict":"maybe"}'),
        expect: /"decision":"block"/,
        target: '≤ 1.3×',
      },
    ];
    const figures = timeCommands(commands, { runs: RUNS, warmup: WARMUP, env });
    figures.push({
      label: 'pack hook file size (prebuilt hook as baseline)',
      value: round1(statSync(hook).size / 1024),
      unit: 'KiB',
      baseline: round1(readFileSync(PREBUILT).byteLength / 1024),
      ratio: statSync(hook).size / readFileSync(PREBUILT).byteLength,
    });
    return { name: 'pack hook cold start', figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
