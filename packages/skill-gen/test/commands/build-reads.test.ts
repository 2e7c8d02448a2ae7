import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built CLI, as a user runs it; `planPack` from the same build, as the Nx plugin calls it.
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const CLI = join(DIST, 'cli.js');
const TEMPLATES = realpathSync(join(DIST, 'templates'));
const BUNDLES = realpathSync(fileURLToPath(new URL('../../../adapters/dist/bundles/', import.meta.url)));
const hasStrace = spawnSync('strace', ['-V']).status === 0;

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

const skill = (name: string, contracts: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, a fixture for the build's read list.\ncontracts: [${contracts}]\n---\n\nAnswer.\n`;

const config = (name: string, extra: Record<string, unknown>) =>
  JSON.stringify({
    name,
    version: '1.0.0',
    description: name,
    author: { name: 't' },
    license: 'MIT',
    ...extra,
  });

/** A project with a contract module importing a local file, assets, a file no build reads, two configs. */
function seed(root: string): void {
  write(root, 'package.json', '{ "type": "module" }\n');
  write(root, 'lib/common.ts', "import { z } from 'zod';\n\nexport const reasons = z.array(z.string());\n");
  write(root, 'lib/unused.ts', 'export const nothing = 1;\n');
  write(
    root,
    'contracts/a.ts',
    `import { defineContract } from '@skillpack/core';
import { z } from 'zod';
import { reasons } from '../lib/common.ts';

export const verdict = defineContract({
  id: 'acme.a',
  version: '1.0.0',
  title: 'Verdict',
  description: 'Whether it passed.',
  delivery: 'text',
  schema: z.object({ ok: z.boolean(), reasons }),
  examples: [{ name: 'ok', value: { ok: true, reasons: ['fine'] } }],
});
`,
  );
  write(root, 'skills/one/skill.md', skill('one', 'acme.a'));
  write(root, 'skills/one/references/notes.md', 'Notes.\n');
  write(root, 'skills/one/draft.txt', 'Not copied into the pack.\n');
  write(root, 'skills/two/skill.md', skill('two', 'conflux.acceptance'));
  write(
    root,
    'own.json',
    config('own', {
      skills: ['skills/one'],
      contracts: ['./contracts/a.ts'],
      hooks: { 'acme.a': {} },
      out: 'out-own',
      targets: ['claude-code', 'opencode'],
    }),
  );
  write(
    root,
    'builtin.json',
    config('builtin', {
      skills: ['skills/two'],
      hooks: { 'conflux.acceptance': {} },
      out: 'out-builtin',
      targets: ['codex', 'opencode'],
    }),
  );
}

interface BuildJson {
  readonly reads: string[];
  readonly writes: string[];
  readonly packages: string[];
}

/**
 * The regular files a traced process opened, for reading and for writing, by absolute path. With `-f`, a
 * call another thread interrupts is split into `<unfinished ...>` and `<... openat resumed>` lines.
 */
function traced(trace: string): { read: Set<string>; written: Set<string> } {
  const read = new Set<string>();
  const written = new Set<string>();
  const pending = new Map<string, [string, string]>();
  const record = (path: string, flags: string) => {
    if (flags.includes('O_DIRECTORY') || !statSync(path, { throwIfNoEntry: false })?.isFile()) return;
    (/O_WRONLY|O_RDWR|O_CREAT/.test(flags) ? written : read).add(path);
  };
  for (const line of trace.split('\n')) {
    const call = /^(\d+)\s+openat\([^,]+, "([^"]+)", ([A-Z_|]+)(.*)$/.exec(line);
    if (call) {
      const [, pid, path, flags, rest] = call;
      if (rest!.includes('<unfinished ...>')) pending.set(pid!, [path!, flags!]);
      else if (/\)\s+= \d+/.test(rest!)) record(path!, flags!);
      continue;
    }
    // strace pads a resumed call's result: `<... openat resumed>)             = 19`.
    const resumed = /^(\d+)\s+<\.\.\. openat resumed>.*\)\s+= (-?\d+)/.exec(line);
    if (resumed && pending.has(resumed[1]!)) {
      const [path, flags] = pending.get(resumed[1]!)!;
      pending.delete(resumed[1]!);
      if (Number(resumed[2]) >= 0) record(path, flags);
    }
  }
  return { read, written };
}

const under = (dir: string, paths: Iterable<string>) =>
  [...paths].filter((path) => path.startsWith(`${dir}${sep}`)).sort();

describe('skillpack build --format json: the files it read and wrote', () => {
  let root: string;
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-reads-')));
    seed(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const build = (file: string, prefix: string[] = []): BuildJson => {
    const [command, ...args] = [
      ...prefix,
      process.execPath,
      CLI,
      'build',
      '--config',
      file,
      '--format',
      'json',
    ];
    return JSON.parse(execFileSync(command!, args, { cwd: root, encoding: 'utf8' }));
  };

  it('lists the config, skills and assets, the contract module with its import and the templates', async () => {
    const own = build('own.json');
    const project = own.reads.filter((path) => !path.startsWith('..') && !path.startsWith('/'));
    expect(project).toEqual([
      'contracts/a.ts',
      'lib/common.ts',
      'own.json',
      'package.json',
      'skills/one/references/notes.md',
      'skills/one/skill.md',
    ]);
    expect(own.packages).toEqual(['@skillpack/adapters', '@skillpack/core', '@skillpack/skill-gen', 'zod']);
    expect(own.writes).toContain('out-own/skillpack.manifest.json');
    const builtin = build('builtin.json');
    // A pack of built-in contracts bundles its own hook and plugin from the packages' code: it reads none of
    // the adapters' prebuilt files, and nothing of the project but its config, the package.json beside it (whose
    // version is the pack's) and its skills.
    const bundles = builtin.reads.map((path) => join(root, path)).filter((path) => path.startsWith(BUNDLES));
    expect(bundles).toEqual([]);
    expect(builtin.reads.filter((path) => !path.startsWith('..') && !path.startsWith('/'))).toEqual([
      'builtin.json',
      'package.json',
      'skills/two/skill.md',
    ]);
    expect(builtin.packages).toEqual(['@skillpack/adapters', '@skillpack/core', '@skillpack/skill-gen']);
    // The Nx plugin's graph-time list is the build's own.
    const { planPack } = await import(pathToFileURL(join(DIST, 'index.js')).href);
    for (const [file, built] of [
      ['own.json', own],
      ['builtin.json', builtin],
    ] as const) {
      const plan = await planPack({ cwd: root, config: file });
      expect(plan.reads).toEqual({ files: built.reads, packages: built.packages });
    }
  });

  it.skipIf(!hasStrace)(
    'is exactly what an strace of the build saw it open (project files, templates, bundles)',
    () => {
      for (const file of ['own.json', 'builtin.json']) {
        rmSync(join(root, `out-${file.replace('.json', '')}`), { recursive: true, force: true });
        const traceFile = join(root, '..', `${root.split(sep).at(-1)}-${file}.trace`);
        const report = build(file, ['strace', '-f', '-qq', '-e', 'trace=openat', '-o', traceFile]);
        const { read, written } = traced(readFileSync(traceFile, 'utf8'));
        rmSync(traceFile);
        const listed = report.reads.map((path) => join(root, path));
        const out = join(root, `out-${file.replace('.json', '')}`);
        const projectReads = under(root, read).filter((path) => !path.startsWith(`${out}${sep}`));
        expect(projectReads).toEqual(under(root, listed));
        expect(under(TEMPLATES, read)).toEqual(under(TEMPLATES, listed));
        expect(under(BUNDLES, read)).toEqual(under(BUNDLES, listed));
        expect(under(out, written)).toEqual(report.writes.map((path) => join(root, path)).sort());
      }
    },
  );
});
