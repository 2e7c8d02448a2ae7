// N generated skill packs in a throwaway Nx workspace with @skillpack/nx, built by the real nx CLI
// (`nx run-many -t skillpack-build`, no daemon, no cloud): the first build with an empty cache against the
// rebuild with nothing changed, which Nx answers from its cache (outputs restored, no skillpack process).
// Figures: median wall time of interleaved rounds, and the ratio first / cached.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './_timing.mjs';

const repo = fileURLToPath(new URL('../', import.meta.url));
const NX = join(repo, 'node_modules/nx/dist/bin/nx.js');
const NEEDED = [NX, join(repo, 'packages/nx/dist/index.js'), join(repo, 'packages/skill-gen/dist/cli.js')];
const PACKS = Number(process.env.SKILLPACK_BENCH_NX_PACKS ?? 12);
const ROUNDS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 3);
const VERSIONS = {
  '@skillpack/adapters': '0.1.0',
  '@skillpack/core': '0.1.0',
  '@skillpack/skill-gen': '0.1.0',
};

function write(root, path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** The workspace: the repository's node_modules linked in, a lock file with the @skillpack versions, N packs. */
function workspace() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-bench-nx-')));
  mkdirSync(join(root, 'node_modules/@skillpack'), { recursive: true });
  mkdirSync(join(root, 'node_modules/.bin'));
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (name !== '@skillpack' && name !== '.bin')
      symlinkSync(join(repo, 'node_modules', name), join(root, 'node_modules', name));
  }
  for (const name of ['core', 'adapters', 'skill-gen', 'nx']) {
    symlinkSync(join(repo, 'packages', name), join(root, 'node_modules/@skillpack', name));
  }
  symlinkSync('../@skillpack/skill-gen/bin/skillpack.js', join(root, 'node_modules/.bin/skillpack'));
  const packages = { '': { name: 'ws', dependencies: VERSIONS } };
  for (const [name, version] of Object.entries(VERSIONS)) {
    packages[`node_modules/${name}`] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/x-${version}.tgz`,
      integrity: `sha512-${Buffer.from(name).toString('base64')}`,
    };
  }
  write(root, 'package.json', JSON.stringify({ name: 'ws', private: true, dependencies: VERSIONS }));
  write(
    root,
    'package-lock.json',
    JSON.stringify({ name: 'ws', lockfileVersion: 3, requires: true, packages }),
  );
  write(
    root,
    'nx.json',
    JSON.stringify({ plugins: ['@skillpack/nx'], neverConnectToCloud: true, analytics: false }),
  );
  for (let pack = 0; pack < PACKS; pack++) {
    const dir = `packs/p${pack}`;
    const skills = [0, 1, 2].map((index) => `skills/s${pack}-${index}`);
    write(
      root,
      `${dir}/skillpack.config.json`,
      JSON.stringify({
        name: `p${pack}`,
        version: '1.0.0',
        description: `Pack ${pack}`,
        author: { name: 'Bench' },
        license: 'MIT',
        skills,
        out: 'dist',
        hooks: { 'conflux.acceptance': {} },
      }),
    );
    for (const [index, skill] of skills.entries()) {
      const contracts = index === 0 ? '\ncontracts: [conflux.acceptance]' : '';
      write(
        root,
        `${dir}/${skill}/skill.md`,
        `---\nname: s${pack}-${index}\ndescription: Generated skill ${index} of pack ${pack}, for the Nx cache benchmark.${contracts}\n---\n\nReview the change and report.\n`,
      );
    }
  }
  return root;
}

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  CI: 'true',
  FORCE_COLOR: '0',
};

function runMany(root) {
  const started = performance.now();
  const output = execFileSync(
    process.execPath,
    [NX, 'run-many', '-t', 'skillpack-build', '--output-style=static'],
    { cwd: root, env, encoding: 'utf8' },
  );
  const ms = performance.now() - started;
  const cached = [...output.matchAll(/^> nx run \S+:skillpack-build +\[(?:local cache|existing outputs)/gm)]
    .length;
  return { ms, cached };
}

export default async function bench() {
  for (const file of NEEDED)
    if (!existsSync(file)) throw new Error(`build the packages first (npm run build): missing ${file}`);
  const root = workspace();
  try {
    const first = [];
    const cached = [];
    for (let round = 0; round < ROUNDS; round++) {
      rmSync(join(root, '.nx'), { recursive: true, force: true });
      for (let pack = 0; pack < PACKS; pack++)
        rmSync(join(root, `packs/p${pack}/dist`), { recursive: true, force: true });
      const cold = runMany(root);
      if (cold.cached !== 0) throw new Error(`the first build took ${cold.cached} tasks from an empty cache`);
      const warm = runMany(root);
      if (warm.cached !== PACKS)
        throw new Error(`the rebuild took ${warm.cached} of ${PACKS} tasks from the cache`);
      first.push(cold.ms);
      cached.push(warm.ms);
    }
    const firstMs = Math.round(median(first));
    const cachedMs = Math.round(median(cached));
    return {
      name: 'nx-pack-cache',
      figures: [
        { label: `first build of ${PACKS} packs`, value: firstMs, unit: 'ms' },
        {
          label: `cached rebuild of ${PACKS} packs`,
          value: cachedMs,
          unit: 'ms',
          baseline: firstMs,
          ratio: cachedMs / firstMs,
        },
        { label: 'first / cached', value: Number((firstMs / cachedMs).toFixed(1)), unit: 'x' },
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
