import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { runDocs } from '../../src/commands/docs.js';
import { contractFamily, GENERATED_MARKER } from '../../src/docs/contract-docs.js';
import { demoRegistry } from '../_support/demo-registry.js';
import { tempDir } from '../_support/temp.js';

function capture(cwd: string) {
  const out = { stdout: '', stderr: '' };
  const io = {
    stdout: (text: string) => {
      out.stdout += text;
    },
    stderr: (text: string) => {
      out.stderr += text;
    },
    stdin: new PassThrough(),
    cwd,
    env: {},
  };
  return { io, out };
}

describe('skillpack docs', () => {
  it('with --builtin, writes a page per family of the built-in contracts, then --check finds them up to date', async () => {
    const cwd = tempDir();
    const write = capture(cwd);
    expect(await runCli(['docs', '--builtin', '--out', 'docs/contracts'], write.io)).toBe(0);
    const families = new Set(builtinContracts.ids.map(contractFamily));
    const pages = families.size + 1;
    expect(write.out.stdout).toBe(
      `Wrote docs/contracts: ${pages} pages for ${builtinContracts.ids.length} contracts, ${pages} changed.\n`,
    );
    for (const page of ['README.md', 'conflux.md', 'zaofu.md', 'maestro.md', 'devflow.md']) {
      expect(existsSync(join(cwd, 'docs/contracts', page))).toBe(true);
    }
    const check = capture(cwd);
    expect(await runCli(['docs', '--builtin', '--out', 'docs/contracts', '--check'], check.io)).toBe(0);
    expect(check.out.stdout).toBe(`docs/contracts: ${pages} pages up to date.\n`);
  });

  it('--check exits 1 naming edited and stale pages, writes nothing; a write repairs them', async () => {
    const cwd = tempDir();
    const dir = join(cwd, 'docs');
    await runDocs(dir, false, capture(cwd).io, demoRegistry);
    writeFileSync(join(dir, 'demo.md'), 'edited by hand\n');
    writeFileSync(join(dir, 'old.md'), `<!-- ${GENERATED_MARKER} -->\n`);
    writeFileSync(join(dir, 'notes.md'), '# Notes a person wrote\n');
    const check = capture(cwd);
    expect(await runDocs(dir, true, check.io, demoRegistry)).toBe(1);
    expect(check.out.stderr).toContain('docs is out of date');
    expect(check.out.stderr).toContain('changed  demo.md');
    expect(check.out.stderr).toContain('stale    old.md');
    expect(check.out.stderr).not.toContain('notes.md');
    expect(readFileSync(join(dir, 'demo.md'), 'utf8')).toBe('edited by hand\n');

    expect(await runDocs(dir, false, capture(cwd).io, demoRegistry)).toBe(0);
    expect(existsSync(join(dir, 'old.md'))).toBe(false);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('# Notes a person wrote\n');
    expect(await runDocs(dir, true, capture(cwd).io, demoRegistry)).toBe(0);
  });

  it.each([
    ['without --out', ['docs'], '--out DIR is required'],
    ['with an unknown option', ['docs', '--out', 'x', '--frob'], 'unknown option --frob.'],
    [
      'with a mistyped option',
      ['docs', '--out', 'x', '--chek'],
      'unknown option --chek. Did you mean --check?',
    ],
    [
      'with a positional argument',
      ['docs', '--out', 'y', 'x'],
      'unexpected argument "x" (docs takes only options).',
    ],
  ] as const)('exits 2 %s', async (_name, argv, message) => {
    const run = capture(tempDir());
    expect(await runCli(argv, run.io)).toBe(2);
    expect(run.out.stderr).toContain(message);
    expect(run.out.stderr).toContain('Usage: skillpack docs');
  });

  it('prints its help with --help and is listed in skillpack --help', async () => {
    const help = capture(tempDir());
    expect(await runCli(['docs', '--help'], help.io)).toBe(0);
    expect(help.out.stdout).toMatch(/^Usage: skillpack docs --out DIR \[--check\]/);
    const top = capture(tempDir());
    expect(await runCli(['--help'], top.io)).toBe(0);
    expect(top.out.stdout).toContain('  docs ');
  });
});
