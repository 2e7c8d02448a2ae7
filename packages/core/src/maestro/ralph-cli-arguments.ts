import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import type { MaestroErrorCode, MaestroProtocolError } from './error-codes.js';
import { CLI_TOOLS, type CliTool, DEFAULT_CLI_TOOL } from './invocation.js';

/** What `maestro-ralph-cli`'s `$ARGUMENTS` ask for. */
export interface RalphCliArguments {
  /** `status` and `continue` are route keywords; anything else runs (or amends) a chain. */
  readonly route: 'status' | 'continue' | 'run';
  readonly auto_confirm: boolean;
  readonly cli_tool: CliTool;
  readonly wants_roadmap: boolean;
  readonly amend_mode: boolean;
  /** The first `.md` / `.txt` path given. */
  readonly input_doc: string | null;
  /** The remaining words (the change request when `amend_mode`); empty for a route keyword. */
  readonly intent: string;
}

function argumentError(
  code: MaestroErrorCode,
  message: string,
  details: Record<string, unknown>,
): MaestroProtocolError {
  return new ProtocolError(code, message, { details });
}

/** Whitespace-separated words; a `"…"` or `'…'` span stays one word, without its quotes. */
function words(text: string): string[] | undefined {
  const out: string[] = [];
  let current = '';
  let started = false;
  let quote: string | undefined;
  for (const char of text) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (char.trim() === '') {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (quote !== undefined) return undefined;
  if (started) out.push(current);
  return out;
}

/**
 * Parse `maestro-ralph-cli`'s `$ARGUMENTS` (seed 002 "Parse"): `-y` → auto_confirm, `--to <tool>` → cli_tool
 * (claude | codex | opencode | agy, default claude), `--roadmap` → wants_roadmap, `--amend` / `-a` →
 * amend_mode, a `.md` / `.txt` path → input_doc, `status` | `continue` → route keyword, the rest → intent
 * (the change request in amend mode). A route keyword counts only as the whole remaining intent, so "continue
 * the refactor" is an intent; the seed leaves that open.
 */
export function safeParseRalphCliArguments(input: unknown): Result<RalphCliArguments, MaestroProtocolError> {
  if (typeof input !== 'string') {
    return fail(
      argumentError(
        'invalid_arguments',
        `Expected $ARGUMENTS as a string, received ${describeValue(input)}.`,
        {},
      ),
    );
  }
  const tokens = words(input);
  if (tokens === undefined) {
    return fail(
      argumentError(
        'unterminated_quote',
        `Expected every quote in $ARGUMENTS to close, received ${describeValue(input)}.`,
        {},
      ),
    );
  }
  let autoConfirm = false;
  let cliTool: CliTool = DEFAULT_CLI_TOOL;
  let wantsRoadmap = false;
  let amendMode = false;
  let inputDoc: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '-y') autoConfirm = true;
    else if (token === '--roadmap') wantsRoadmap = true;
    else if (token === '--amend' || token === '-a') amendMode = true;
    else if (token === '--to') {
      const tool = tokens[++i];
      if (!(CLI_TOOLS as readonly string[]).includes(tool ?? '')) {
        return fail(
          argumentError(
            'invalid_cli_tool',
            `Expected --to to name one of ${CLI_TOOLS.join(', ')}, received ${describeValue(tool)}.`,
            { received: tool ?? null, expected: [...CLI_TOOLS] },
          ),
        );
      }
      cliTool = tool as CliTool;
    } else if (inputDoc === null && /\.(?:md|txt)$/i.test(token)) inputDoc = token;
    else rest.push(token);
  }
  const intent = rest.join(' ');
  const route = !amendMode && (intent === 'status' || intent === 'continue') ? intent : 'run';
  return ok({
    route,
    auto_confirm: autoConfirm,
    cli_tool: cliTool,
    wants_roadmap: wantsRoadmap,
    amend_mode: amendMode,
    input_doc: inputDoc,
    intent: route === 'run' ? intent : '',
  });
}

/** The throwing twin of `safeParseRalphCliArguments`. */
export function parseRalphCliArguments(input: unknown): RalphCliArguments {
  const result = safeParseRalphCliArguments(input);
  if (!result.success) throw result.error;
  return result.data;
}
