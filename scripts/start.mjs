// `npm start`, the project's main job, run after the packages are built: build, check and lint the example
// skill packs through Nx (their skillpack-* targets, inferred by @skillpack/nx, cached), compile and run the example host on its recorded runs, and print a
// summary. Exits non-zero as soon as a step fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = 'packages/skill-gen/dist/cli.js';
const NX = 'node_modules/nx/dist/bin/nx.js';
/** The targets @skillpack/nx infers for each pack (nx.json); `skillpack-check` and `-lint` fail on drift or lint errors. */
const NX_TARGETS = ['skillpack-build', 'skillpack-check', 'skillpack-lint'];
/** The example packs, named as the seed systems name them (Dev Flow ships as the `dev-flow-codex` Codex plugin). */
const PACKS = [
  { config: 'examples/skillpack.config.json', dir: 'dist/skill-packs' },
  { config: 'examples/dev-flow-codex/skillpack.config.json', dir: 'dist/skill-packs-dev-flow-codex' },
];
const HOST_TSCONFIG = 'examples/host/tsconfig.json';
const HOST_MAIN = 'examples/host/dist/main.js';
const REQUIRED_BUILDS = [
  CLI,
  'packages/core/dist/index.js',
  'packages/adapters/dist/index.js',
  'packages/nx/dist/index.js',
];
const TARGET_ORDER = ['claude-code', 'codex', 'opencode', 'portable'];
const SKILL_FILE = /^([a-z-]+)\/(?:(plugin)\/)?(?:\.[a-z]+\/)?skills\/([^/]+)\/SKILL\.md$/;

class StepFailure extends Error {}

/** Run `node <args>` in the repository root; a non-zero exit (other than `allowed`) fails the step. */
function node(args, { allowed = [0], input } = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    input,
  });
  if (result.error) throw new StepFailure(`node ${args.join(' ')}: ${result.error.message}`);
  if (!allowed.includes(result.status)) {
    const output = `${result.stdout}${result.stderr}`.trim();
    throw new StepFailure(
      `node ${args.join(' ')} exited with ${result.status}${output ? `:\n${output}` : ''}`,
    );
  }
  return result;
}

function parseJson(text, what) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StepFailure(`${what} printed no JSON document (${error.message}):\n${text.slice(0, 2000)}`);
  }
}

const steps = [
  {
    name: 'references',
    async run() {
      const { GENERATED_REFERENCES } = await import(
        pathToFileURL(`${root}examples/scripts/render-references.mjs`).href
      );
      const stale = Object.entries(GENERATED_REFERENCES).filter(
        ([path, render]) => readFileSync(`${root}examples/${path}`, 'utf8') !== render(),
      );
      if (stale.length > 0) {
        throw new StepFailure(
          `generated references are stale: ${stale.map(([path]) => `examples/${path}`).join(', ')}; run node examples/scripts/render-references.mjs`,
        );
      }
      const count = Object.keys(GENERATED_REFERENCES).length;
      return { line: `${count} generated reference file${count === 1 ? ' is' : 's are'} current` };
    },
  },
  {
    name: 'build',
    run() {
      // Through Nx (the @skillpack/nx plugin in nx.json): build, check and lint each pack, cached.
      const projects = PACKS.map(
        ({ config }) => parseJson(readFileSync(`${root}${config}`, 'utf8'), config).name,
      );
      const result = node([
        NX,
        'run-many',
        '-t',
        NX_TARGETS.join(','),
        `--projects=${projects.join(',')}`,
        '--output-style=static',
      ]);
      const output = `${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
      const tasks = NX_TARGETS.length * projects.length;
      const cached = [
        ...output.matchAll(/^> nx run \S+:skillpack-\S+ +\[(?:local cache|existing outputs)[^\]]*\]/gm),
      ].length;
      const lines = [];
      const manifests = [];
      for (const { dir } of PACKS) {
        const manifest = parseJson(
          readFileSync(`${root}${dir}/skillpack.manifest.json`, 'utf8'),
          'the manifest',
        );
        lines.push(`${manifest.files.length} files for ${manifest.targets.join(', ')} into ${dir}`);
        manifests.push(manifest);
      }
      return {
        line: `nx ran ${NX_TARGETS.join(', ')} for ${projects.join(', ')} (${cached} of ${tasks} tasks from the cache): ${lines.join('; ')}`,
        manifests,
      };
    },
  },
  {
    name: 'lint',
    run() {
      const dirs = PACKS.map((pack) => pack.dir);
      const result = node([CLI, 'lint', ...dirs, '--format', 'json'], { allowed: [0, 1] });
      const report = parseJson(result.stdout, 'skillpack lint');
      const { files, error, warning, info } = report.summary;
      if (error > 0) {
        const errors = report.findings.filter((finding) => finding.severity === 'error');
        throw new StepFailure(
          `${error} lint errors:\n${errors.map((finding) => `  ${finding.file}:${finding.line} ${finding.rule} [${finding.runtimes.join(', ')}] ${finding.message}`).join('\n')}`,
        );
      }
      return { line: `${files} SKILL.md files: ${error} errors, ${warning} warnings, ${info} info`, report };
    },
  },
  {
    name: 'host',
    run() {
      const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
      const tsc = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.tsc);
      node([tsc, '-p', HOST_TSCONFIG]);
      return { line: `compiled examples/host with tsc -p ${HOST_TSCONFIG}` };
    },
  },
  {
    name: 'replay',
    async run() {
      const result = node([HOST_MAIN, '--json']);
      const report = parseJson(result.stdout, 'the example host');
      const { countDecisions, formatReport } = await import(
        pathToFileURL(`${root}examples/host/dist/decision.js`).href
      );
      const total = report.scenarios.reduce((sum, scenario) => sum + scenario.decisions.length, 0);
      return {
        line: `${total} decisions in ${report.scenarios.length} recorded scenarios`,
        text: formatReport(report),
        counts: countDecisions(report),
      };
    },
  },
];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** One row per skill: in which targets, and in which forms (skill folder, plugin), it was rendered. */
function skillMatrix(manifests) {
  const forms = new Map();
  for (const { path } of manifests.flatMap((manifest) => manifest.files)) {
    const match = SKILL_FILE.exec(path);
    if (!match) continue;
    const [, target, plugin, skill] = match;
    const row = forms.get(skill) ?? new Map();
    row.set(target, [...(row.get(target) ?? []), plugin ? 'plugin' : 'skill'].sort().reverse());
    forms.set(skill, row);
  }
  const targets = TARGET_ORDER.filter((target) =>
    manifests.some((manifest) => manifest.targets.includes(target)),
  );
  const names = [...forms.keys()].sort();
  const width = Math.max(5, ...names.map((name) => name.length));
  const cell = (value) => value.padEnd(14);
  const lines = [`    ${'skill'.padEnd(width)}  ${targets.map(cell).join('')}`.trimEnd()];
  for (const name of names) {
    const row = forms.get(name);
    lines.push(
      `    ${name.padEnd(width)}  ${targets.map((target) => cell((row.get(target) ?? ['-']).join('+'))).join('')}`.trimEnd(),
    );
  }
  const rendered = [...forms.values()].reduce((sum, row) => sum + [...row.values()].flat().length, 0);
  return { lines, skills: names.length, targets: targets.length, rendered };
}

function lintByRule(report) {
  const rules = new Map();
  for (const finding of report.findings) rules.set(finding.rule, (rules.get(finding.rule) ?? 0) + 1);
  return [...rules.entries()].map(([rule, count]) => `${rule} x${count}`).join(', ');
}

async function main() {
  const started = performance.now();
  const missing = REQUIRED_BUILDS.filter((path) => !existsSync(`${root}${path}`));
  if (missing.length > 0) {
    console.error(`start: ${missing.join(', ')} missing; build the packages first (npm run build).`);
    return 1;
  }
  console.log(
    'skillpack start: build, check and lint the example packs through Nx, replay the example host\n',
  );
  const results = {};
  for (const [index, step] of steps.entries()) {
    const at = performance.now();
    try {
      results[step.name] = await step.run();
    } catch (error) {
      const message = error instanceof StepFailure ? error.message : (error?.stack ?? String(error));
      console.error(`[${index + 1}/${steps.length}] ${step.name.padEnd(10)} FAILED\n${message}`);
      return 1;
    }
    console.log(
      `[${index + 1}/${steps.length}] ${step.name.padEnd(10)} ${results[step.name].line} (${seconds(performance.now() - at)})`,
    );
  }
  const { manifests } = results.build;
  const lint = results.lint.report;
  const matrix = skillMatrix(manifests);
  console.log(`\n${results.replay.text}`);
  console.log('Summary');
  console.log(
    `  skills x runtimes: ${matrix.skills} skills x ${matrix.targets} targets, ${matrix.rendered} SKILL.md files`,
  );
  for (const line of matrix.lines) console.log(line);
  for (const [index, manifest] of manifests.entries()) {
    console.log(
      `  files written: ${manifest.files.length} (manifest ${PACKS[index].dir}/skillpack.manifest.json)`,
    );
    console.log(
      `  contracts: ${manifest.contracts.map((contract) => `${contract.id}@${contract.version}`).join(', ')}`,
    );
  }
  const rules = lintByRule(lint);
  console.log(
    `  lint findings: ${lint.summary.error} errors, ${lint.summary.warning} warnings, ${lint.summary.info} info${rules ? ` (${rules})` : ''}`,
  );
  console.log(
    `  host decisions: ${results.replay.counts.map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
  );
  console.log(`Done in ${seconds(performance.now() - started)}.`);
  return 0;
}

process.exitCode = await main();
