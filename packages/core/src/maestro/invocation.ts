import { ConfigError, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { invalidInputError } from './_block-text.js';
import type { MaestroProtocolError } from './error-codes.js';

/** The CLI tools `maestro delegate --to` accepts; `claude` is the default. */
export const CLI_TOOLS = ['claude', 'codex', 'opencode', 'agy'] as const;
/** A CLI tool `maestro delegate --to` accepts, one of `CLI_TOOLS`. */
export type CliTool = (typeof CLI_TOOLS)[number];
export const DEFAULT_CLI_TOOL: CliTool = 'claude';

/** The executor skill the first line of a delegated prompt invokes. */
export const EXECUTE_SKILL = 'maestro-ralph-cli-execute';

/** Claude Code, OpenCode and agy invoke a skill as `/name`; Codex as `$name`. */
export const INVOCATION_PREFIXES = {
  claude: '/',
  codex: '$',
  opencode: '/',
  agy: '/',
} as const satisfies Record<CliTool, '/' | '$'>;

/** What an invocation line is built from: the CLI tool, the step's skill and arguments, and the session. */
export interface InvocationLine {
  readonly cliTool: CliTool;
  /** The step's skill, e.g. `maestro-plan`. */
  readonly skill: string;
  /** The step's resolved arguments; empty when it has none. */
  readonly args?: string;
  readonly sessionId: string;
  /** Defaults to `maestro-ralph-cli-execute`. */
  readonly command?: string;
}

function hasWhitespace(text: string): boolean {
  for (const char of text) if (char.trim() === '') return true;
  return false;
}

/** The first line of a delegated prompt: `{/|$}maestro-ralph-cli-execute {skill} {args} --session {id}`. */
export function renderInvocationLine(line: InvocationLine): string {
  const command = line.command ?? EXECUTE_SKILL;
  for (const [field, value] of [
    ['command', command],
    ['skill', line.skill],
    ['sessionId', line.sessionId],
  ] as const) {
    if (value === '' || hasWhitespace(value)) {
      throw new ConfigError(
        'invalid_invocation',
        `${field} must be one non-empty word; got ${JSON.stringify(value)}.`,
        {
          details: { fieldPath: field },
        },
      );
    }
  }
  if (!Object.hasOwn(INVOCATION_PREFIXES, line.cliTool)) {
    throw new ConfigError('invalid_invocation', `cliTool must be one of ${CLI_TOOLS.join(', ')}.`, {
      details: { fieldPath: 'cliTool' },
    });
  }
  const args = (line.args ?? '').trim();
  const words = [
    `${INVOCATION_PREFIXES[line.cliTool]}${command}`,
    line.skill,
    args,
    '--session',
    line.sessionId,
  ];
  return words.filter((word) => word !== '').join(' ');
}

/** An invocation line as read back: its notation, the tools that write it, the command, skill and session. */
export interface ParsedInvocationLine {
  readonly notation: '/' | '$';
  /** The tools that write this notation (`/` is shared by claude, opencode and agy). */
  readonly cliTools: readonly CliTool[];
  readonly command: string;
  /** Null in the later `--session <id>`-only form. */
  readonly skill: string | null;
  /** The remaining words joined by single spaces. */
  readonly args: string;
  readonly sessionId: string | null;
}

function invalidInvocation(message: string, line: string): MaestroProtocolError {
  return new ProtocolError(
    'invalid_invocation',
    `${message} Expected e.g. "/maestro-ralph-cli-execute maestro-plan 1 --session ralph-cli-20260628-120000"; received ${JSON.stringify(line.slice(0, 120))}.`,
    {
      details: { line: line.slice(0, 200) },
    },
  );
}

/** Read the invocation from a delegated prompt's first non-empty line. */
export function safeParseInvocationLine(prompt: unknown): Result<ParsedInvocationLine, MaestroProtocolError> {
  if (typeof prompt !== 'string') return fail(invalidInputError(prompt, 'the delegated prompt'));
  let start = 0;
  let line = '';
  while (start <= prompt.length && line === '') {
    const end = prompt.indexOf('\n', start);
    line = prompt.slice(start, end === -1 ? prompt.length : end).trim();
    start = end === -1 ? prompt.length + 1 : end + 1;
  }
  const notation = line[0];
  if (notation !== '/' && notation !== '$')
    return fail(invalidInvocation('The first line does not start with / or $.', line));
  const words = line
    .slice(1)
    .split(/[ \t]+/)
    .filter((word) => word !== '');
  const command = words.shift();
  if (command === undefined) return fail(invalidInvocation('The first line names no skill.', line));
  let sessionId: string | null = null;
  const sessionAt = words.lastIndexOf('--session');
  if (sessionAt !== -1) {
    const id = words[sessionAt + 1];
    if (id === undefined) return fail(invalidInvocation('--session has no id.', line));
    sessionId = id;
    words.splice(sessionAt, 2);
  }
  const skill = words[0] !== undefined && !words[0].startsWith('-') ? (words.shift() as string) : null;
  const cliTools = CLI_TOOLS.filter((tool) => INVOCATION_PREFIXES[tool] === notation);
  return ok({ notation, cliTools, command, skill, args: words.join(' '), sessionId });
}
