// `skillpack install --runtime claude-code --scope project` of a built pack of 300 generated skills
// (SKILLPACK_BENCH_SKILLS; the skill-gen-build generator, Claude Code only, its Stop hook wired) into a
// fresh project each round, against `cp -r` of the same skill files into a fresh folder: copying every byte
// is work no install can skip. Whole processes in interleaved rounds (SKILLPACK_BENCH_RUNS, default 5);
// CPU time (all threads of the child, from `wait4`: see _timing.mjs) is the figure.
//
// `cp -r` neither starts Node nor flushes, so two more figures compare install with what users would use
// instead: the `skills` CLI (1.7.4, pinned in e2e/runtimes; it needs Node 22, so it runs under the Node 22
// pinned there, and skillpack is measured under that Node too) adding the same skill folders from a local
// folder to a fresh project (`skills add DIR --agent claude-code --skill '*' --yes --copy`, telemetry off),
// target ≤ 1.0×; and `cp -r` made as durable as an install: `sync FILE…` of every file copied (one `fsync`
// each, as install flushes each file it writes), target ≤ 3×, CPU and wall. `cp -r` followed by `sync -f` of
// the target (the words) is held to ≤ 3× too, CPU and wall, but its CPU is no durable floor: `syncfs`
// hands the writeback to the kernel's flusher threads, whose CPU no process is charged, where an `fsync` is
// paid by its caller. Each CPU figure says its user and system parts: on ext4 most of both sides' system time
// is allocating inodes, which moves with the file system's state. Without e2e/runtimes installed the `skills`
// figure says so.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './_scratch-packs.mjs';
import { againstFloor, labelWithCpuParts, measureCommands } from './_timing.mjs';
import { cliScript, generateProject, run } from './skill-gen-build.bench.mjs';

const BIN = join(root, 'packages/skill-gen/bin/skillpack.js');
const SKILLS = Number(process.env.SKILLPACK_BENCH_SKILLS ?? 300);
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 5);
const WARMUP = 1;
const RUNTIMES = join(root, 'e2e/runtimes/node_modules');
const SKILLS_CLI = join(RUNTIMES, 'skills/bin/cli.mjs');
/** The Node 22 e2e/runtimes pins (the `skills` CLI needs `fs/promises` `glob`). */
const NODE_22 = join(RUNTIMES, `node-${process.platform}-${process.arch}/bin/node`);

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
    const install = (round, label) => [
      BIN,
      'install',
      '--runtime',
      'claude-code',
      '--scope',
      'project',
      '--dir',
      fresh(label, round),
      pack,
    ];
    const commands = [
      {
        label: `cp -r of the ${skills.length} skill folders`,
        file: 'cp',
        args: (round) => ['-r', ...skills, fresh('copy', round)],
      },
      {
        label: `cp -r of the ${skills.length} skill folders, then sync -f of the target`,
        file: 'sh',
        args: (round) => [
          '-c',
          'target="$1"; shift; cp -r "$@" "$target" && exec sync -f "$target"',
          'sh',
          fresh('copy-sync', round),
          ...skills,
        ],
      },
      {
        label: `cp -r of the ${skills.length} skill folders, then sync FILE… (an fsync) of every file copied`,
        file: 'sh',
        args: (round) => [
          '-c',
          'target="$1"; shift; cp -r "$@" "$target" && exec find "$target" -type f -exec sync -- {} +',
          'sh',
          fresh('copy-fsync', round),
          ...skills,
        ],
      },
      {
        label: `skillpack install of ${SKILLS} skills (claude-code, project)`,
        args: (round) => install(round, 'install'),
      },
    ];
    const peer = existsSync(SKILLS_CLI) && existsSync(NODE_22);
    if (peer) {
      const home = join(dir, 'home');
      mkdirSync(home);
      const env = { HOME: home, DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1' };
      commands.push(
        {
          label: `skills add of the ${skills.length} skill folders (skills 1.7.4, Node 22)`,
          file: NODE_22,
          args: [SKILLS_CLI, 'add', skillsDir, '--agent', 'claude-code', '--skill', '*', '--yes', '--copy'],
          cwd: (round) => fresh('skills-add', round),
          env,
          expect: new RegExp(`Installed ${skills.length} skills`),
        },
        {
          label: `skillpack install of ${SKILLS} skills (claude-code, project, Node 22)`,
          file: NODE_22,
          args: (round) => install(round, 'install-22'),
          env,
        },
      );
    }
    const [copy, copySync, copyFsync, installed, skillsAdd, installed22] = measureCommands(commands, {
      runs: RUNS,
      warmup: WARMUP,
      env: process.env,
    });
    return {
      name: 'install',
      figures: [
        againstFloor(installed, copy, {
          target: '≤ 3×',
          runs: RUNS,
          label: labelWithCpuParts(installed, copy),
        }),
        {
          ...againstFloor(installed, copy, { runs: RUNS }),
          label: 'the same, wall clock (median)',
          value: Math.round(installed.wall),
          baseline: Math.round(copy.wall),
          ratio: installed.wall / copy.wall,
        },
        againstFloor(installed, copyFsync, {
          target: '≤ 3×',
          runs: RUNS,
          label: labelWithCpuParts(installed, copyFsync),
        }),
        {
          ...againstFloor(installed, copyFsync, { runs: RUNS }),
          label: 'the same, wall clock (median)',
          value: Math.round(installed.wall),
          baseline: Math.round(copyFsync.wall),
          ratio: installed.wall / copyFsync.wall,
        },
        // The floor as it names it; its CPU leaves out the flush (see above), so both are shown: the
        // wall clock is where its flush shows, as a user waits for it.
        againstFloor(installed, copySync, {
          target: '≤ 3×',
          runs: RUNS,
          label: labelWithCpuParts(installed, copySync),
        }),
        {
          ...againstFloor(installed, copySync, { target: '≤ 3×', runs: RUNS }),
          label: 'the same, wall clock (median)',
          value: Math.round(installed.wall),
          baseline: Math.round(copySync.wall),
          ratio: installed.wall / copySync.wall,
        },
        peer
          ? againstFloor(installed22, skillsAdd, { target: '≤ 1.0×', runs: RUNS })
          : {
              label: `skillpack install vs skills add: the skills CLI unavailable (${SKILLS_CLI})`,
              value: '—',
            },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
