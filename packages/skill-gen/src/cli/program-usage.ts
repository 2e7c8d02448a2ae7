import { cliCommand } from './invocation.js';

/** A command as the program's help page lists it. */
export interface CommandSummary {
  readonly name: string;
  readonly summary: string;
}

/** The program's help page: every command with its summary (no command module is loaded for it). */
export function programUsage(commands: readonly CommandSummary[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: skillpack <command> [options]',
    '',
    'Define agent output contracts once; render skill packs and parse agent answers from them.',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Options:',
    '  -h, --help     Show this help',
    '  -v, --version  Print the version',
    '',
    `Run "${cliCommand('help <command>')}" (or "${cliCommand('<command> --help')}") for its options.`,
    '',
  ].join('\n');
}
