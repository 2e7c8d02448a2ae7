import { type CliIo, type Command, EXIT } from './cli-io.js';
import { generatorVersion } from './version.js';

interface CommandEntry {
  readonly summary: string;
  /** Loaded on demand so that, for example, `parse` never loads the template engine. */
  readonly load: () => Promise<Command>;
}

const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  init: {
    summary: 'Scaffold a pack project with its own contract, a skill, a recorded run and a test',
    load: () => import('./commands/init.js').then((m) => m.command),
  },
  build: {
    summary: 'Render skill packs for Claude Code, Codex, OpenCode and portable npm',
    load: () => import('./commands/build.js').then((m) => m.command),
  },
  check: {
    summary: 'Exit 1 when a built pack drifted from its sources or manifest',
    load: () => import('./commands/check.js').then((m) => m.command),
  },
  schemas: {
    summary: "Write every registered contract's JSON Schema",
    load: () => import('./commands/schemas.js').then((m) => m.command),
  },
  docs: {
    summary: 'Write Markdown reference pages for every registered contract',
    load: () => import('./commands/docs.js').then((m) => m.command),
  },
  parse: {
    summary: "Read an agent's output and print the contract's value or typed error as JSON",
    load: () => import('./commands/parse.js').then((m) => m.command),
  },
  lint: {
    summary: "Check SKILL.md files against each runtime's load rules",
    load: () => import('./commands/lint.js').then((m) => m.command),
  },
  install: {
    summary: "Install a built pack's skills for one runtime, tracked in skillpack-lock.json",
    load: () => import('./commands/install.js').then((m) => m.command),
  },
  uninstall: {
    summary: 'Remove an installed pack, keeping any file you changed',
    load: () => import('./commands/uninstall.js').then((m) => m.command),
  },
  list: {
    summary: 'Show installed packs per runtime and scope',
    load: () => import('./commands/list.js').then((m) => m.command),
  },
  doctor: {
    summary: 'Ask each runtime whether it loads the installed skills and runs their hooks',
    load: () => import('./commands/doctor.js').then((m) => m.command),
  },
};

function usage(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(8, ...names.map((name) => name.length));
  const lines = names.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name]!.summary}`);
  return [
    'Usage: skillpack <command> [options]',
    '',
    'Define agent output contracts once; render skill packs and parse agent answers from them.',
    '',
    'Commands:',
    ...(lines.length > 0 ? lines : ['  (none yet)']),
    '',
    'Options:',
    '  -h, --help     Show help (also: skillpack <command> --help)',
    '  -v, --version  Print the version',
    '',
  ].join('\n');
}

/** Run the CLI with `argv` (without `node` and the script) and return the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    if (first === undefined) {
      io.stderr(usage());
      return EXIT.usage;
    }
    io.stdout(usage());
    return EXIT.ok;
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${generatorVersion()}\n`);
    return EXIT.ok;
  }
  const entry = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!entry) {
    io.stderr(`skillpack: unknown command "${first}"\n\n${usage()}`);
    return EXIT.usage;
  }
  const command = await entry.load();
  return command.run(rest, io);
}
