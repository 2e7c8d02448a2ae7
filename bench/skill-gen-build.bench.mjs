// `skillpack build` and `skillpack check` on 300 generated skill sources, every target, each run as a whole
// `node packages/skill-gen/dist/cli.js …` process, against copying the same output tree with `fs.cp` (also a
// process of its own). Skills speak conflux.acceptance, maestro.result or no contract, with hooks wired, so
// the build renders contract sections, schemas, type references (ts-morph) and copies the adapters' bundles.
// Figures: median wall time of interleaved rounds, the ratio to `fs.cp`, and each process's peak RSS.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(root, 'packages/skill-gen/dist/cli.js');
const NEEDED = [
  CLI,
  join(root, 'packages/core/dist/contracts.js'),
  join(root, 'packages/adapters/dist/bundles/skillpack-hook.cjs'),
];
const SKILLS = Number(process.env.SKILLPACK_BENCH_SKILLS ?? 300);
const ROUNDS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 3);
const CONTRACTS = ['conflux.acceptance', 'maestro.result', undefined];

/** A small seeded generator (mulberry32), so every run writes the same sources. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function write(path, content, executable = false) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  if (executable) chmodSync(path, 0o755);
}

/** `skills` generated skill sources and their pack config in `dir` (targets: all four unless `targets`). */
export function generateProject(dir, skills = SKILLS, targets = undefined) {
  const next = random(7);
  const words = [
    'review',
    'plan',
    'verify',
    'release',
    'triage',
    'document',
    'refactor',
    'profile',
    'audit',
    'migrate',
  ];
  const word = () => words[Math.floor(next() * words.length)];
  write(
    join(dir, 'skillpack.config.json'),
    JSON.stringify({
      name: 'bench-pack',
      version: '1.0.0',
      description: 'Generated benchmark pack.',
      author: { name: 'Bench' },
      license: 'MIT',
      out: 'out',
      ...(targets ? { targets } : {}),
      hooks: { 'conflux.acceptance': { maxBlocks: 2 }, 'maestro.result': {} },
    }),
  );
  for (let i = 0; i < skills; i++) {
    const name = `skill-${String(i).padStart(3, '0')}`;
    const contract = CONTRACTS[i % CONTRACTS.length];
    const other = `skill-${String((i + 1) % skills).padStart(3, '0')}`;
    const paragraph = Array.from({ length: 40 }, word).join(' ');
    const frontMatter = [
      `name: ${name}`,
      `description: ${word()} and ${word()} the change; use when asked to ${word()} (${i}).`,
      'license: MIT',
      'metadata:',
      `  index: "${i}"`,
      ...(contract ? [`contracts: [${contract}]`] : []),
      'claude-code:',
      '  argument-hint: "[target]"',
      'codex:',
      '  policy:',
      `    allow_implicit_invocation: ${i % 2 === 0}`,
    ].join('\n');
    const body = [
      `# ${name}`,
      '',
      paragraph,
      '',
      `{{#ifRuntime "claude-code"}}Arguments: $ARGUMENTS.{{else}}Read the task first.{{/ifRuntime}}`,
      `Then hand over to {{invoke "${other}"}}.`,
      '',
      ...(contract ? [`{{> contract-output contract="${contract}"}}`] : []),
    ].join('\n');
    write(join(dir, 'skills', name, 'skill.md'), `---\n${frontMatter}\n---\n${body}\n`);
    write(join(dir, 'skills', name, 'references', 'notes.md'), `# Notes\n\n${paragraph}\n`);
    write(join(dir, 'skills', name, 'scripts', 'run.sh'), `#!/bin/sh\necho ${name}\n`, true);
  }
}

/** One whole process; returns its wall time and the peak RSS it reports. `check` may exit 1 (drift). */
export function run(label, script, cwd, okCodes = [0]) {
  const wrapped = `const started = performance.now();\n${script}\nprocess.stdout.write('\\n' + JSON.stringify({ ms: performance.now() - started, rss: process.resourceUsage().maxRSS * 1024, code: process.exitCode ?? 0 }));`;
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', wrapped], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = performance.now() - started;
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  if (!last.startsWith('{'))
    throw new Error(`${label} printed no report (exit ${child.status}): ${child.stderr}`);
  const report = JSON.parse(last);
  if (child.status !== 0 || !okCodes.includes(report.code))
    throw new Error(`${label} failed (${child.status}, ${report.code}): ${child.stderr}`);
  return { wall, inProcess: report.ms, rss: report.rss, code: report.code };
}

export const cliScript = (args) =>
  `const { runCli } = await import(${JSON.stringify(join(root, 'packages/skill-gen/dist/cli/program.js'))});\n` +
  `process.exitCode = await runCli(${JSON.stringify(args)}, { stdout: () => {}, stderr: (t) => process.stderr.write(t), stdin: process.stdin, cwd: process.cwd(), env: process.env });`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export default async function bench() {
  for (const file of NEEDED)
    if (!existsSync(file)) throw new Error(`build the packages first (npm run build): missing ${file}`);
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-build-'));
  try {
    generateProject(dir);
    run('first build', cliScript(['build']), dir);
    const samples = { build: [], check: [], copy: [] };
    for (let round = 0; round < ROUNDS; round++) {
      rmSync(join(dir, 'out-build'), { recursive: true, force: true });
      rmSync(join(dir, 'out-copy'), { recursive: true, force: true });
      const steps = [
        ['build', () => run('build', cliScript(['build', '--out', 'out-build']), dir)],
        ['check', () => run('check', cliScript(['check']), dir, [0, 1])],
        [
          'copy',
          () =>
            run(
              'fs.cp',
              `const { cpSync } = await import('node:fs');\ncpSync('out', 'out-copy', { recursive: true });`,
              dir,
            ),
        ],
      ];
      for (let k = 0; k < steps.length; k++) {
        const [name, step] = steps[(round + k) % steps.length];
        samples[name].push(step());
      }
    }
    const files = JSON.parse(
      (await import('node:fs')).readFileSync(join(dir, 'out', 'skillpack.manifest.json'), 'utf8'),
    ).files.length;
    const ms = (name, key) => Math.round(median(samples[name].map((sample) => sample[key])));
    const mb = (name) => Math.round(Math.max(...samples[name].map((sample) => sample.rss)) / 2 ** 20);
    const copy = ms('copy', 'wall');
    // A rebuilt core or adapters bundle between the first build and a check shows as drift; the timing
    // still covers the full comparison, so it is reported rather than fatal.
    const drifted = samples.check.filter((sample) => sample.code !== 0).length;
    if (drifted > 0) process.stderr.write(`skill-gen-build: check reported drift in ${drifted} round(s)\n`);
    return {
      name: 'skill-gen-build',
      figures: [
        {
          label: `build ${SKILLS} skills × 4 targets (${files} files), whole process`,
          value: ms('build', 'wall'),
          unit: 'ms',
          baseline: copy,
          ratio: ms('build', 'wall') / copy,
          target: '≤ 5×',
        },
        {
          label: 'check on the unchanged tree, whole process',
          value: ms('check', 'wall'),
          unit: 'ms',
          baseline: copy,
          ratio: ms('check', 'wall') / copy,
          target: '≤ 5×',
        },
        {
          label: 'build, inside the process (after node starts)',
          value: ms('build', 'inProcess'),
          unit: 'ms',
          baseline: ms('copy', 'inProcess'),
          ratio: ms('build', 'inProcess') / ms('copy', 'inProcess'),
        },
        {
          label: 'check, inside the process',
          value: ms('check', 'inProcess'),
          unit: 'ms',
          baseline: ms('copy', 'inProcess'),
          ratio: ms('check', 'inProcess') / ms('copy', 'inProcess'),
        },
        {
          label: 'peak RSS of the build process',
          value: mb('build'),
          unit: 'MB',
          baseline: mb('copy'),
          ratio: mb('build') / mb('copy'),
        },
        {
          label: 'peak RSS of the check process',
          value: mb('check'),
          unit: 'MB',
          baseline: mb('copy'),
          ratio: mb('check') / mb('copy'),
        },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
