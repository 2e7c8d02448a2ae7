// `skillpack install --runtime claude-code --scope project` of a built pack of 300 generated skills
// (SKILLPACK_BENCH_SKILLS; the skill-gen-build generator, Claude Code only, its Stop hook wired) into a
// fresh project each round, against `cp -r` of the same skill files into a fresh folder: copying every byte
// is work no install can skip. Whole processes in interleaved rounds (SKILLPACK_BENCH_RUNS, default 5);
// CPU time (all threads of the child, from /proc) is the figure.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './_scratch-packs.mjs';
import { againstFloor, measureCommands } from './_timing.mjs';
import { cliScript, generateProject, run } from './skill-gen-build.bench.mjs';

const BIN = join(root, 'packages/skill-gen/bin/skillpack.js');
const SKILLS = Number(process.env.SKILLPACK_BENCH_SKILLS ?? 300);
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 5);
const WARMUP = 1;

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-install-'));
  try {
    const project = join(dir, 'pack');
    generateProject(project, SKILLS, ['claude-code']);
    run('build', cliScript(['build']), project);
    const pack = join(project, 'out');
    const skillsDir = join(pack, 'claude-code/.claude/skills');
    const skills = readdirSync(skillsDir).map((name) => join(skillsDir, name));
    const fresh = (kind, round) => {
      const target = join(dir, `${kind}-${round}`);
      rmSync(target, { recursive: true, force: true });
      mkdirSync(target, { recursive: true });
      return target;
    };
    const commands = [
      {
        label: `cp -r of the ${skills.length} skill folders`,
        file: 'cp',
        args: (round) => ['-r', ...skills, fresh('copy', round)],
      },
      {
        label: `skillpack install of ${SKILLS} skills (claude-code, project)`,
        args: (round) => [
          BIN,
          'install',
          '--runtime',
          'claude-code',
          '--scope',
          'project',
          '--dir',
          fresh('install', round),
          pack,
        ],
      },
    ];
    const [copy, install] = measureCommands(commands, { runs: RUNS, warmup: WARMUP, env: process.env });
    return {
      name: 'install',
      figures: [
        againstFloor(install, copy, { target: '≤ 3×', runs: RUNS }),
        {
          ...againstFloor(install, copy, { runs: RUNS }),
          label: 'the same, wall clock (median)',
          value: Math.round(install.wall),
          baseline: Math.round(copy.wall),
          ratio: install.wall / copy.wall,
        },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
