import type { CommandDeclaration } from './cli/command.js';
import { suggestion } from './cli/did-you-mean.js';
import { EXIT } from './cli/exit-code.js';
import { runCommand } from './cli/run-command.js';
import { programUsage } from './cli/usage.js';
import type { CliIo } from './cli-io.js';
import { command as build } from './commands/build.js';
import { command as check } from './commands/check.js';
import { command as docs } from './commands/docs.js';
import { command as doctor } from './commands/doctor.js';
import { command as init } from './commands/init.js';
import { command as install } from './commands/install.js';
import { command as lint } from './commands/lint.js';
import { command as list } from './commands/list.js';
import { command as parse } from './commands/parse.js';
import { command as schemas } from './commands/schemas.js';
import { command as uninstall } from './commands/uninstall.js';
import { generatorVersion } from './version.js';

/**
 * Every command, in the order `skillpack help` lists them. A command module holds only its declaration
 * and `run`, which imports the heavy modules it needs, so `parse` never loads the template engine.
 */
export const COMMANDS: readonly CommandDeclaration[] = [
  init,
  build,
  check,
  schemas,
  docs,
  parse,
  lint,
  install,
  uninstall,
  list,
  doctor,
];

function findCommand(name: string): CommandDeclaration | undefined {
  return COMMANDS.find((command) => command.name === name);
}

function unknownCommand(io: CliIo, name: string): number {
  const hint = suggestion(
    name,
    COMMANDS.map((command) => command.name),
  );
  io.stderr(`skillpack: unknown command "${name}".${hint}\nRun "skillpack help" for the list of commands.\n`);
  return EXIT.usage;
}

/** Run the CLI with `argv` (without `node` and the script) and return the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(programUsage(COMMANDS));
    return EXIT.usage;
  }
  if (first === '-h' || first === '--help' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic === undefined) {
      io.stdout(programUsage(COMMANDS));
      return EXIT.ok;
    }
    const command = findCommand(topic);
    return command ? runCommand(command, ['--help'], io) : unknownCommand(io, topic);
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${generatorVersion()}\n`);
    return EXIT.ok;
  }
  const command = findCommand(first);
  if (!command) return unknownCommand(io, first);
  return runCommand(command, rest, io);
}
