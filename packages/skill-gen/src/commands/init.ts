import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { authorError } from '../author-error.js';
import { type Command, EXIT } from '../cli-io.js';
import { PackNameSchema } from '../config/pack-config.js';
import { scaffoldFiles } from '../init/scaffold.js';
import { reportFailure, usageFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack init [DIR] [--name NAME]

Scaffold a pack project in DIR (default: the current directory, which must be empty): a contract in
TypeScript (contracts/review.ts), a skill that speaks it, skillpack.config.json, a recorded example run
and a test that parses it. Then: npm install && npx skillpack build && npm test.

Options:
  --name NAME  Pack name, kebab-case (default: the folder's name)
  -h, --help   Show this help

Exit status: 0 written, 1 the folder is not empty or the name is not kebab-case, 2 usage error.
`;

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export const command: Command = {
  name: 'init',
  summary: 'Scaffold a pack project with its own contract, a skill, a recorded run and a test',
  usage: USAGE,
  async run(args, io) {
    let parsed: { values: { name?: string; help: boolean }; positionals: string[] };
    try {
      parsed = parseArgs({
        args: [...args],
        allowPositionals: true,
        strict: true,
        options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      });
    } catch (error) {
      return usageFailure(io, 'init', (error as Error).message, USAGE);
    }
    if (parsed.values.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    if (parsed.positionals.length > 1) return usageFailure(io, 'init', 'expected at most one DIR', USAGE);
    const dir = resolve(io.cwd, parsed.positionals[0] ?? '.');
    const shown = relative(io.cwd, dir) || '.';
    try {
      const name = parsed.values.name ?? basename(dir);
      if (!PackNameSchema.safeParse(name).success) {
        throw authorError('init_invalid_name', {
          file: shown,
          message: `The pack name "${name}" is not kebab-case.`,
          fix: 'Pass --name with lowercase letters, digits and single hyphens, e.g. --name acme-review.',
        });
      }
      if (!(await isEmpty(dir))) {
        throw authorError('init_not_empty', {
          file: shown,
          message: 'The folder is not empty; init writes only into an empty or new folder.',
          fix: 'Pass a new folder: skillpack init my-pack.',
        });
      }
      const files = scaffoldFiles({ name });
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), content, { flag: 'wx' });
      }
      io.stdout(
        `Wrote a pack project into ${shown} (${Object.keys(files).length} files).\nNext: ${shown === '.' ? '' : `cd ${shown} && `}npm install && npx skillpack build && npm test\n`,
      );
      return EXIT.ok;
    } catch (error) {
      return reportFailure(io, 'init', error);
    }
  },
};
