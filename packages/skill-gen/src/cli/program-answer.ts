import { COMMAND_SUMMARIES, type CommandName } from '../commands/_summaries.js';
import { EXIT } from './exit-status.js';
import { programUsage } from './program-usage.js';

/** The commands in the order `skillpack help` lists them. */
export const COMMAND_LIST = (Object.keys(COMMAND_SUMMARIES) as CommandName[]).map((name) => ({
  name,
  summary: COMMAND_SUMMARIES[name],
}));

/** What the program prints by itself, on which stream, and the exit code. */
export interface ProgramAnswer {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
  readonly code: number;
}

/**
 * The program's own answer to `argv` (without `node` and the script), or nothing when a command is to run:
 * no arguments print the usage on stderr (exit 2); `-h`, `--help` and `help` alone print it on stdout;
 * `-v` and `--version` print the version. No command module is loaded for any of them. The CLI answers
 * with it, and so does the bin before it loads the CLI (from dist/bundles/skillpack-start.cjs, built from
 * this module), so the two can never print different text.
 */
export function programAnswer(argv: readonly string[], version: () => string): ProgramAnswer | undefined {
  const [first, topic] = argv;
  if (first === undefined) return { stream: 'stderr', text: programUsage(COMMAND_LIST), code: EXIT.usage };
  if (first === '-h' || first === '--help' || (first === 'help' && topic === undefined)) {
    return { stream: 'stdout', text: programUsage(COMMAND_LIST), code: EXIT.ok };
  }
  if (first === '-v' || first === '--version')
    return { stream: 'stdout', text: `${version()}\n`, code: EXIT.ok };
  return undefined;
}
