// Cold start of the Stop hook `skillpack build` generates for a pack that hooks a contract of its own (a
// TypeScript contract module named in the config, bundled into the hook), against `node -e ""` over
// interleaved runs, and its size next to the adapters' prebuilt hook. The pack is built into a temp folder
// from packages/skill-gen/dist; warm-up runs fill the hook's V8 code cache, as a runtime's first stop does.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** CPU time of waited-for children so far, in ms (Linux only; undefined elsewhere): steadier when busy. */
const childCpu = (() => {
  if (process.platform !== 'linux') return () => undefined;
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
  return () => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * tick;
  };
})();
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round1 = (value) => Math.round(value * 10) / 10;

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
      },
      {
        label: 'pack hook (user contract), blocked stop',
        args,
        stdin: stop('Done.\n{"verdict":"maybe"}'),
        expect: /"decision":"block"/,
      },
    ];
    const wall = commands.map(() => []);
    const cpu = commands.map(() => []);
    for (let round = 0; round < WARMUP + RUNS; round++) {
      for (let k = 0; k < commands.length; k++) {
        const index = (round + k) % commands.length;
        const command = commands[index];
        const cpuBefore = childCpu();
        const started = performance.now();
        const run = spawnSync(process.execPath, command.args, {
          input: command.stdin,
          env,
          encoding: 'utf8',
        });
        const elapsed = performance.now() - started;
        const cpuAfter = childCpu();
        if (run.status !== 0 || (command.expect && !command.expect.test(run.stdout))) {
          throw new Error(
            `${command.label} misbehaved: exit ${run.status}, stdout ${run.stdout.slice(0, 300)}`,
          );
        }
        if (round < WARMUP) continue;
        wall[index].push(elapsed);
        if (cpuBefore !== undefined) cpu[index].push(cpuAfter - cpuBefore);
      }
    }
    const baseline = median(wall[0]);
    const figures = commands.slice(1).flatMap((command, i) => [
      {
        label: `${command.label}: wall, median of ${RUNS}`,
        value: round1(median(wall[i + 1])),
        unit: 'ms',
        baseline: round1(baseline),
        ratio: median(wall[i + 1]) / baseline,
        target: '≤ 1.3×',
      },
      ...(cpu[i + 1].length > 0
        ? [
            {
              label: `${command.label}: CPU, mean of ${RUNS}`,
              value: round1(mean(cpu[i + 1])),
              unit: 'ms',
              baseline: round1(mean(cpu[0])),
              ratio: mean(cpu[i + 1]) / mean(cpu[0]),
              target: '≤ 1.3×',
            },
          ]
        : []),
    ]);
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
