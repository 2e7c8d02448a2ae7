import type { CommandDeclaration, OptionDeclaration } from './command.js';
import { cliCommand } from './invocation.js';
import { allOptions } from './parse-command-line.js';

const WIDTH = 100;

function wrap(text: string, indent: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((entry) => `${indent}${entry}`);
}

/** Paragraphs (blank-line separated) re-wrapped; lines starting with spaces are kept as they are. */
function paragraphs(text: string): string[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .flatMap((paragraph, index) => [
      ...(index > 0 ? [''] : []),
      ...(/^\s/.test(paragraph) || paragraph.includes('\n ') ? paragraph.split('\n') : wrap(paragraph, '')),
    ]);
}

function valueText(option: OptionDeclaration): string {
  if (option.type === 'boolean') return '';
  const value =
    option.choices && option.choices.join('|').length <= 40 ? option.choices.join('|') : option.value;
  return ` ${value}${option.multiple ? '…' : ''}`;
}

function synopsis(command: CommandDeclaration): string[] {
  const parts = Object.entries(allOptions(command))
    .filter(([name]) => name !== 'help')
    .map(([name, option]) => {
      const text = `--${name}${valueText(option)}`;
      return option.type === 'string' && option.required ? text : `[${text}]`;
    });
  for (const positional of command.positionals ?? []) {
    const text = `${positional.name}${positional.multiple ? '…' : ''}`;
    parts.push(positional.required ? text : `[${text}]`);
  }
  const head = `Usage: skillpack ${command.name}`;
  const lines: string[] = [];
  let line = head;
  for (const part of parts) {
    if (line.length + 1 + part.length > WIDTH && line !== head) {
      lines.push(line);
      line = `${' '.repeat(head.length)} ${part}`;
    } else line = `${line} ${part}`;
  }
  return [...lines, line];
}

function optionRows(command: CommandDeclaration): string[] {
  const rows = Object.entries(allOptions(command)).map(([name, option]) => {
    const label = `${option.short ? `-${option.short}, ` : '    '}--${name}${option.type === 'string' ? ` ${option.value}${option.multiple ? '…' : ''}` : ''}`;
    const facts = [
      option.type === 'string' && option.choices ? `one of: ${option.choices.join(', ')}` : undefined,
      option.type === 'string' && option.multiple ? 'repeat or comma-separate' : undefined,
      option.type === 'string' && option.required ? 'required' : undefined,
      option.type === 'string' && (option.default ?? option.defaultText) !== undefined
        ? `default: ${option.default ?? option.defaultText}`
        : undefined,
    ].filter((fact) => fact !== undefined);
    return {
      label,
      text: facts.length > 0 ? `${option.description} (${facts.join('; ')})` : option.description,
    };
  });
  const width = Math.max(...rows.map((row) => row.label.length));
  return rows.flatMap(({ label, text }) => {
    const [first = '', ...rest] = wrap(text, ' '.repeat(width + 4));
    return [`  ${label.padEnd(width)}  ${first.trimStart()}`, ...rest];
  });
}

/** The help page of one command, generated from its declaration. */
export function commandUsage(command: CommandDeclaration): string {
  const positionals = (command.positionals ?? []).map(
    (positional) => `  ${positional.name}  ${positional.description}`,
  );
  const failed = command.exits.failed === undefined ? '' : `; 1 ${command.exits.failed}`;
  return [
    ...synopsis(command),
    '',
    ...paragraphs(command.description),
    '',
    ...(positionals.length > 0 ? ['Arguments:', ...positionals, ''] : []),
    'Options:',
    ...optionRows(command),
    '',
    ...(command.notes ? [...paragraphs(command.notes), ''] : []),
    ...wrap(`Exit status: 0 ${command.exits.ok}${failed}; 2 usage or I/O error.`, ''),
    '',
  ].join('\n');
}

/**
 * What a usage error prints after its message: the command's one-line synopsis (its required options, then
 * `[options]` and its arguments) and where the full help is, not the whole help page.
 */
export function shortUsage(command: CommandDeclaration): string {
  const options = Object.entries(allOptions(command)).filter(([name]) => name !== 'help');
  const required = options
    .filter(([, option]) => option.type === 'string' && option.required)
    .map(([name, option]) => `--${name}${valueText(option)}`);
  const optional = options.length > required.length ? ['[options]'] : [];
  const positionals = (command.positionals ?? []).map((positional) => {
    const text = `${positional.name}${positional.multiple ? '…' : ''}`;
    return positional.required ? text : `[${text}]`;
  });
  const line = [`Usage: ${cliCommand(command.name)}`, ...required, ...optional, ...positionals].join(' ');
  return `${line}
Run "${cliCommand(`${command.name} --help`)}" for every option.
`;
}
