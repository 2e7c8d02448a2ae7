import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../src/cli/command.js';
import { loadCommands } from '../../src/cli/program.js';
import { programUsage } from '../../src/cli/program-usage.js';
import { commandUsage } from '../../src/cli/usage.js';
import { COMMAND_SUMMARIES } from '../../src/commands/_summaries.js';
import { skillpack, tempDir } from '../install/_support/packs.js';

const COMMANDS = await loadCommands();

describe('usage generated from a declaration', () => {
  it('renders the synopsis, description, arguments, options and exit status', () => {
    const command = defineCommand({
      name: 'demo',
      summary: 'A demo',
      description: 'Does the demo.',
      positionals: [{ name: 'FILE', required: true, description: 'The input' }],
      options: {
        out: { type: 'string', short: 'o', value: 'DIR', required: true, description: 'Where' },
        mode: { type: 'string', value: 'M', choices: ['a', 'b'], default: 'a', description: 'How' },
        force: { type: 'boolean', description: 'Overwrite' },
      },
      output: 'formats',
      exits: { ok: 'done', failed: 'refused' },
      run: async () => 0,
    });
    expect(commandUsage(command)).toBe(
      [
        'Usage: skillpack demo --out DIR [--mode a|b] [--force] [--format text|json] FILE',
        '',
        'Does the demo.',
        '',
        'Arguments:',
        '  FILE  The input',
        '',
        'Options:',
        '  -o, --out DIR   Where (required)',
        '      --mode M    How (one of: a, b; default: a)',
        '      --force     Overwrite',
        '      --format F  text for people, or json: one JSON document on stdout, failures included (one of:',
        '                  text, json; default: text)',
        '  -h, --help      Show this help',
        '',
        'Exit status: 0 done; 1 refused; 2 usage or I/O error.',
        '',
      ].join('\n'),
    );
  });

  it("lists every command, by the name its module declares, with its declaration's summary", () => {
    expect(COMMANDS.map((command) => command.name)).toEqual(Object.keys(COMMAND_SUMMARIES));
    const usage = programUsage(COMMANDS);
    for (const command of COMMANDS)
      expect(usage).toContain(`  ${command.name.padEnd(9)}  ${command.summary}\n`);
  });

  it.each(COMMANDS.map((command) => [command.name, command] as const))(
    'gives %s a help page within 100 columns that documents every option',
    (_name, command) => {
      const usage = commandUsage(command);
      for (const line of usage.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
      for (const name of Object.keys(command.options)) expect(usage).toContain(`--${name}`);
    },
  );
});

describe('a usage error', () => {
  it('prints the message, the one-line usage and where the help is, not the whole help page', async () => {
    const run = await skillpack(['lint', '--frobnicate'], { cwd: tempDir('skillpack-usage-') });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'skillpack lint: unknown option --frobnicate.\nUsage: skillpack lint [options] [PATH…]\nRun "skillpack lint --help" for every option.\n',
    );
  });

  it('names the required options in the usage line', async () => {
    const run = await skillpack(['parse'], { cwd: tempDir('skillpack-usage-') });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[1]).toMatch(/^Usage: skillpack parse --contract ID \[options\] \[FILE\]$/);
    expect(run.stderr.split('\n').length).toBeLessThanOrEqual(4);
  });
});
