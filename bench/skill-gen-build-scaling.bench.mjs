// `skillpack build` of 4n generated skills against n (n = 300, SKILLPACK_BENCH_SCALE_SKILLS), every target,
// each a whole process in interleaved rounds (SKILLPACK_BENCH_RUNS, default 3). The figure is the time
// inside the process (after Node starts and the CLI loads, which costs the same for both): a linear build
// takes 4× as long for 4× the skills, anything above it grows faster than the pack.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './_timing.mjs';
import { cliScript, generateProject, run } from './skill-gen-build.bench.mjs';

const N = Number(process.env.SKILLPACK_BENCH_SCALE_SKILLS ?? 300);
const ROUNDS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 3);

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-build-scaling-'));
  try {
    const small = join(dir, 'small');
    const large = join(dir, 'large');
    generateProject(small, N);
    generateProject(large, 4 * N);
    const samples = { small: [], large: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['small', 'large'] : ['large', 'small'];
      for (const which of order) {
        const cwd = which === 'small' ? small : large;
        rmSync(join(cwd, 'out'), { recursive: true, force: true });
        samples[which].push(run(`build ${which}`, cliScript(['build']), cwd).inProcess);
      }
    }
    const t1 = median(samples.small);
    const t4 = median(samples.large);
    return {
      name: 'skill-gen build scaling',
      figures: [
        {
          label: `build ${4 * N} vs ${N} skills × 4 targets, inside the process, median of ${ROUNDS} (linear = 4×)`,
          value: Math.round(t4),
          unit: 'ms',
          baseline: Math.round(t1),
          ratio: t4 / t1,
          target: '≤ 4×',
        },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
