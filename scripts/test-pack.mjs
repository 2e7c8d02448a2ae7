#!/usr/bin/env node
// Packed-tarball smoke test (`npm run test:pack`, after building every package): pack each package, install
// the tarballs into a fresh consumer project outside the repository, and use them there the way a person who
// installed them from npm would. Prints one line per check and `N passed, N failed`; exits 1 on any failure.
// `--keep` leaves the temporary folder in place for inspection.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTALLED_SIZE_GOAL_BYTES, measureInstalledSize, megabytes } from './installed-size.mjs';
import { changesetsRelease } from './test-pack/changesets.mjs';
import {
  buildPack,
  cliVersion,
  packHookStandalone,
  parseSamples,
  stopHook,
} from './test-pack/cli-checks.mjs';
import {
  cjsRequires,
  esmImports,
  resolutionsStayOutside,
  runSnippets,
  runSnippetsWithTsx,
  typecheck,
} from './test-pack/consumer-checks.mjs';
import { createContext } from './test-pack/context.mjs';
import { readmeContractLoop } from './test-pack/contract-module-checks.mjs';
import { assert, createReport, killRunning } from './test-pack/harness.mjs';
import { checkContents, install, packAll } from './test-pack/pack-install.mjs';
import { quickstart } from './test-pack/quickstart.mjs';

const keep = process.argv.includes('--keep');
const repoRoot = realpathSync(fileURLToPath(new URL('..', import.meta.url)));
const work = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-test-pack-')));
const ctx = createContext(repoRoot, work);

const PACKED = { needs: ['npm pack'] };
const INSTALLED = { needs: ['npm install into a fresh consumer'] };

/** The checks in order; one whose prerequisite failed is reported as failed with the reason. */
async function main() {
  const report = createReport();
  const check = (name, fn, options) => report.check(name, () => fn(ctx), options);
  console.log(`skillpack packed-tarball smoke test (Node ${process.version}, work dir ${work})`);
  await check('node version', () => {
    const [major, minor] = process.versions.node.split('.').map(Number);
    assert(major > 20 || (major === 20 && minor >= 19), `Node ${process.version} is older than 20.19`);
    return `Node ${process.version}`;
  });
  await check('npm pack', packAll);
  await check('tarball contents', checkContents, PACKED);
  await check('npm install into a fresh consumer', install, PACKED);
  await check('ESM import of every subpath', esmImports, INSTALLED);
  await check('CommonJS require() of every subpath', cjsRequires, { needs: ['ESM import of every subpath'] });
  await check('tsc, moduleResolution nodenext', () => typecheck(ctx, 'tsconfig.nodenext.json'), INSTALLED);
  await check('tsc, moduleResolution bundler', () => typecheck(ctx, 'tsconfig.bundler.json'), INSTALLED);
  await check('README snippets run', runSnippets, { needs: ['tsc, moduleResolution nodenext'] });
  await check('testing README snippets run with tsx', runSnippetsWithTsx, INSTALLED);
  await check('npx skillpack --version', cliVersion, INSTALLED);
  await check('skillpack build + check', buildPack, INSTALLED);
  await check("the pack's hook runs without node_modules", packHookStandalone, {
    needs: ['skillpack build + check'],
  });
  await check("the README's own-contract loop (build, hook, parse)", readmeContractLoop, INSTALLED);
  await check('skillpack parse', parseSamples, INSTALLED);
  await check('skillpack-hook on Stop payloads', stopHook, INSTALLED);
  await check(
    "the skill-gen README's quick start, verbatim, from an empty folder",
    () => quickstart(ctx, 'packages/skill-gen/README.md'),
    PACKED,
  );
  await check("docs/publishing.md's changesets release, verbatim, to Verdaccio", changesetsRelease, PACKED);
  await check('nothing resolved into the monorepo', resolutionsStayOutside, INSTALLED);
  // Issue #41's goal, reported (the figure beside the anchors' CLIs: `node bench/run.mjs install-size`).
  await check(
    'installed size of npm i -D @skillpack/skill-gen',
    async () => {
      const { skillGen } = await measureInstalledSize({ repoRoot });
      const largest = skillGen.packages.slice(0, 3).map((row) => `${row.name} ${megabytes(row.bytes)} MB`);
      const goal = megabytes(INSTALLED_SIZE_GOAL_BYTES);
      const over =
        skillGen.bytes > INSTALLED_SIZE_GOAL_BYTES
          ? `, ${megabytes(skillGen.bytes - INSTALLED_SIZE_GOAL_BYTES)} MB over the goal`
          : '';
      for (const name of ['ts-morph', 'esbuild', '@skillpack/testing', '@skillpack/host'])
        assert(
          !skillGen.packages.some((row) => row.name === name),
          `${name} was installed with @skillpack/skill-gen`,
        );
      return `${megabytes(skillGen.bytes)} MB in node_modules (goal ≤ ${goal} MB${over}; largest: ${largest.join(', ')})`;
    },
    PACKED,
  );
  const { passed, failed } = report.summary();
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

const cleanup = () => {
  if (!keep) rmSync(work, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killRunning();
    cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
main().then(
  (code) => {
    cleanup();
    if (keep) console.log(`kept ${work}`);
    process.exitCode = code;
  },
  (error) => {
    cleanup();
    console.error(error);
    process.exitCode = 1;
  },
);
