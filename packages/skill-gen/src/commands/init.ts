import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { authorError } from '../author-error.js';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { writeJson } from '../cli/report.js';
import { PackNameSchema } from '../config/pack-config.js';
import { windowsNameProblem } from '../windows-names.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export const command = defineCommand({
  name: 'init',
  summary: COMMAND_SUMMARIES.init,
  description: `Scaffold a pack project in DIR (default: the current directory, which must be empty): a contract
in TypeScript (contracts/review.ts), a skill that speaks it, skillpack.config.json, a recorded example run and
a test that parses it. Then: npm install && npx skillpack build && npm test.`,
  positionals: [{ name: 'DIR', description: 'The new or empty folder to write into (default: .)' }],
  options: {
    name: {
      type: 'string',
      value: 'NAME',
      description: 'Pack name, kebab-case',
      defaultText: "the folder's name",
    },
  },
  output: 'formats',
  exits: {
    ok: 'written',
    failed: 'the folder is not empty or the name is not kebab-case (or Windows reserves it)',
  },
  async run({ io, values, positionals, format }) {
    const { scaffoldFiles } = await import('../init/scaffold.js');
    const dir = resolve(io.cwd, positionals[0] ?? '.');
    const shown = relative(io.cwd, dir) || '.';
    const { checkOutputFolder } = await import('../cli/output-folder.js');
    await checkOutputFolder(dir, 'DIR', io.cwd);
    const name = values.name ?? basename(dir);
    if (!PackNameSchema.safeParse(name).success) {
      const windows = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) ? windowsNameProblem(name) : undefined;
      throw authorError('init_invalid_name', {
        file: shown,
        message: windows
          ? `The pack name "${name}" ${windows}: it names the pack's folders and files, which Windows cannot create, and every runtime runs on Windows.`
          : `The pack name "${name}" is not kebab-case.`,
        fix: windows
          ? `Pass another --name, e.g. --name ${name}-pack.`
          : 'Pass --name with lowercase letters, digits and single hyphens, e.g. --name acme-review.',
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
    if (format === 'json') {
      writeJson(io, { schemaVersion: 1, command: 'init', ok: true, out: shown, files: Object.keys(files) });
    } else {
      io.stdout(
        `Wrote a pack project into ${shown} (${Object.keys(files).length} files).\nNext: ${shown === '.' ? '' : `cd ${shown} && `}npm install && npx skillpack build && npm test\n`,
      );
    }
    return EXIT.ok;
  },
});
