import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the bundling script is plain JavaScript without declarations.
import { START_BUNDLE } from '../../scripts/bundle-commands.mjs';
import { tempDir, writeTree } from '../_support/temp.js';

// `skillpack --help`, `--version` and the rest of what the program answers by itself come from the bin,
// through dist/bundles/skillpack-start.cjs, without loading the CLI. Each must print the same bytes on the
// same stream and exit with the same code as the CLI (dist/cli.js) does: the built file is generated from
// the CLI's own modules, and this test is what notices when it is stale or edited.
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const BIN = 'bin/skillpack.js';
const CLI = 'dist/cli.js';
const OWN_ANSWERS = [
  [],
  ['--help'],
  ['-h'],
  ['help'],
  ['--version'],
  ['-v'],
  ['--version', 'extra'],
  ['-h', 'x'],
];

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(root: string, script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Ran {
  const ran = spawnSync(process.execPath, [join(root, script), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

/** The bin and its package.json beside a start bundle (or none), and no CLI at all unless `withCli`. */
function packageCopy(startBundle: string | Uint8Array | undefined, withCli = false): string {
  const copy = tempDir('skillpack-start-');
  writeTree(copy, {
    'package.json': readFileSync(join(packageDir, 'package.json')),
    [BIN]: readFileSync(join(packageDir, BIN)),
    'bin/package.json': readFileSync(join(packageDir, 'bin/package.json')),
    ...(startBundle === undefined ? {} : { [START_BUNDLE]: startBundle }),
  });
  mkdirSync(join(copy, 'dist'), { recursive: true });
  if (withCli) symlinkSync(join(packageDir, CLI), join(copy, CLI));
  return copy;
}

describe('what the program answers by itself, from the bin', () => {
  it.each(OWN_ANSWERS.map((args) => ({ args, line: `skillpack ${args.join(' ')}` })))(
    'prints what the CLI prints for $line',
    ({ args }) => {
      const fromBin = run(packageDir, BIN, args);
      expect(fromBin).toEqual(run(packageDir, CLI, args));
      expect(fromBin.stdout + fromBin.stderr).not.toBe('');
    },
  );

  it('words the usage for the command a person typed (npx in a project) as the CLI does', () => {
    const project = tempDir('skillpack-start-npx-');
    mkdirSync(join(project, 'node_modules/@skillpack'), { recursive: true });
    symlinkSync(packageDir, join(project, 'node_modules/@skillpack/skill-gen'));
    const installed = join(project, 'node_modules/@skillpack/skill-gen');
    const fromBin = run(installed, BIN, ['--help']);
    expect(fromBin.stdout).toContain('Run "npx skillpack help <command>"');
    expect(fromBin).toEqual(run(installed, CLI, ['--help']));
  });

  it('answers without the CLI: a package without dist/cli.js still prints them', () => {
    const copy = packageCopy(readFileSync(join(packageDir, START_BUNDLE)));
    for (const args of OWN_ANSWERS) expect(run(copy, BIN, args)).toEqual(run(packageDir, CLI, args));
    // Anything else goes to the CLI, which this copy lacks.
    expect(run(copy, BIN, ['lint']).stderr).toContain('dist/cli.js');
    expect(run(copy, BIN, ['help', 'lint']).stderr).toContain('dist/cli.js');
  });

  it('goes to the CLI when the start bundle cannot be loaded, or SKILLPACK_CLI_BUNDLE=0 asks for the modules', () => {
    const broken = packageCopy("throw new Error('a broken start bundle');\n", true);
    const empty = packageCopy('', true);
    const missing = packageCopy(undefined, true);
    // A bundle whose answer differs from the CLI's: what the bin prints when it answers by itself.
    const lying = packageCopy(
      [
        'exports.detectInvocation = () => "skillpack";',
        'exports.processInvocationFacts = () => ({});',
        'exports.setInvocation = () => {};',
        'exports.programAnswer = () => ({ stream: "stdout", text: "not the CLI\\n", code: 0 });',
        '',
      ].join('\n'),
      true,
    );
    expect(run(lying, BIN, ['--help']).stdout).toBe('not the CLI\n');
    for (const args of [['--help'], ['--version'], []]) {
      const cli = run(packageDir, CLI, args);
      expect(run(broken, BIN, args)).toEqual(cli);
      expect(run(empty, BIN, args)).toEqual(cli);
      expect(run(missing, BIN, args)).toEqual(cli);
      expect(run(lying, BIN, args, { SKILLPACK_CLI_BUNDLE: '0' })).toEqual(cli);
    }
  });
});
