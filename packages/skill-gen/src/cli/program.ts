import type { CommandName } from '../commands/_summaries.js';
import { generatorVersion } from '../pack/generator-version.js';
import type { CommandDeclaration } from './command.js';
import { suggestion } from './did-you-mean.js';
import { EXIT } from './exit-status.js';
import { cliCommand } from './invocation.js';
import type { CliIo } from './io.js';
import { COMMAND_LIST, programAnswer } from './program-answer.js';

type CommandModule = Promise<{ readonly command: CommandDeclaration }>;

/**
 * Every command's module, loaded only when that command runs (or prints its help): `skillpack --help` and
 * `--version` load none, so no schema, and a command loads its own imports alone. A command module holds
 * only its declaration and `run`, which imports the heavy modules it needs, so `parse` never loads the
 * template engine.
 */
const COMMAND_MODULES: { readonly [name in CommandName]: () => CommandModule } = {
  init: () => import('../commands/init.js'),
  build: () => import('../commands/build.js'),
  check: () => import('../commands/check.js'),
  schemas: () => import('../commands/schemas.js'),
  docs: () => import('../commands/docs.js'),
  parse: () => import('../commands/parse.js'),
  lint: () => import('../commands/lint.js'),
  install: () => import('../commands/install.js'),
  uninstall: () => import('../commands/uninstall.js'),
  list: () => import('../commands/list.js'),
  doctor: () => import('../commands/doctor.js'),
};

function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_MODULES, name);
}

/** Every command's declaration, in the order `skillpack help` lists them (loads every command module). */
export async function loadCommands(): Promise<CommandDeclaration[]> {
  return Promise.all(COMMAND_LIST.map(async ({ name }) => (await COMMAND_MODULES[name]()).command));
}

function unknownCommand(io: CliIo, name: string): number {
  const hint = suggestion(
    name,
    COMMAND_LIST.map((command) => command.name),
  );
  io.stderr(
    `skillpack: unknown command "${name}".${hint}\nRun "${cliCommand('help')}" for the list of commands.\n`,
  );
  return EXIT.usage;
}

async function runNamed(name: string, argv: readonly string[], io: CliIo): Promise<number> {
  if (!isCommandName(name)) return unknownCommand(io, name);
  const [{ command }, { runCommand }] = await Promise.all([
    COMMAND_MODULES[name](),
    import('./run-command.js'),
  ]);
  return runCommand(command, argv, io);
}

/** Run the CLI with `argv` (without `node` and the script) and return the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const answer = programAnswer(argv, generatorVersion);
  if (answer !== undefined) {
    io[answer.stream](answer.text);
    return answer.code;
  }
  // Not empty, and `help` has a topic: programAnswer answered the rest.
  const [first = '', ...rest] = argv;
  if (first === 'help') return runNamed(rest[0] ?? '', ['--help'], io);
  return runNamed(first, rest, io);
}
