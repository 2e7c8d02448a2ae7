/** Turn the words of one `zf emit` call into the event it emits, the way `run_emit` builds it. */
import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isJsonObject, type JsonObject, safeJsonParse } from '../text/json-line.js';
import { type EmitOption, emitError, guessType, parseArguments, withType } from './_emit-arguments.js';
import type { ShellRedirect, ShellWord, SimpleCommand } from './_shell.js';
import type { ZfEmitCommand } from './emit-command-types.js';
import type { ZaofuProtocolError } from './error-codes.js';

const EXPANSION_HINT = '$VAR, $' + '{…}, $(…) or backticks';

/** The text a command reads on stdin, when the command string itself supplies it. */
function suppliedStdin(command: SimpleCommand, previous: SimpleCommand | undefined): ShellWord | undefined {
  const fromRedirect = (redirects: readonly ShellRedirect[]) => {
    const last = [...redirects].reverse().find((r) => r.operator.startsWith('<<') || r.operator === '<');
    if (last === undefined || last.operator === '<') return undefined;
    if (last.operator === '<<<') return { ...last.target, value: `${last.target.value}\n` };
    return { value: last.body ?? '', dynamic: last.bodyDynamic ?? false, quoted: true };
  };
  const own = fromRedirect(command.redirects);
  if (own || !command.pipedInput || previous === undefined) return own;
  const [program, ...args] = previous.words;
  if (program?.value === 'cat' && args.length === 0) return fromRedirect(previous.redirects);
  if (program?.value === 'echo' && args.length === 1) return { ...args[0]!, value: `${args[0]!.value}\n` };
  return undefined;
}

function optionValue(options: ReadonlyMap<EmitOption, ShellWord>, option: EmitOption): string | null {
  return options.get(option)?.value ?? null;
}

/** `json.loads` then the kernel's object check, with its error texts. */
function decodePayload(text: string, source: string, type: string): JsonObject | ZaofuProtocolError {
  const parsed = safeJsonParse(text);
  if (parsed === undefined) {
    return emitError(
      'invalid_emit_payload',
      `${source} must be valid JSON (a JSON object such as {"summary":"…"}); received ${describeValue(text)}.`,
      { type, fieldPath: source },
    );
  }
  if (!isJsonObject(parsed.value)) {
    return emitError(
      'invalid_emit_payload',
      `payload must be a JSON object; ${source} holds ${describeValue(parsed.value)}.`,
      { type, fieldPath: source },
    );
  }
  return parsed.value;
}

/**
 * The event a call emits: `--payload` and `--payload-file` exclude each other only when `--payload` is
 * non-empty, and a truthy `--dispatch-id` overwrites the payload's `dispatch_id` (as `run_emit` does).
 */
export function toEmitCommand(
  args: readonly ShellWord[],
  command: SimpleCommand,
  previous: SimpleCommand | undefined,
): Result<ZfEmitCommand, ZaofuProtocolError> {
  const parsed = parseArguments(args);
  if (parsed instanceof ProtocolError) return fail(withType(parsed, guessType(args)));
  const { type, options } = parsed;
  const used = [type, ...options.values()];
  const dynamic = used.find((word) => word.dynamic);
  if (dynamic) {
    return fail(
      emitError(
        'dynamic_emit_argument',
        `zf emit ${describeValue(type.value)} uses shell expansion (${EXPANSION_HINT}) whose value only the running shell knows; received ${describeValue(dynamic.value)}.`,
        { type: type.value },
      ),
    );
  }
  const payloadText = optionValue(options, '--payload');
  const payloadFile = optionValue(options, '--payload-file');
  if (payloadText && payloadFile !== null) {
    return fail(
      emitError('invalid_emit_arguments', 'use only one of --payload or --payload-file', {
        type: type.value,
      }),
    );
  }
  let payload: JsonObject | null = {};
  if (payloadFile !== null) {
    const stdin = payloadFile === '-' ? suppliedStdin(command, previous) : undefined;
    payload = null;
    if (stdin?.dynamic) {
      return fail(
        emitError(
          'dynamic_emit_argument',
          `the stdin of zf emit ${describeValue(type.value)} uses shell expansion.`,
          {
            type: type.value,
          },
        ),
      );
    }
    if (stdin) {
      const decoded = decodePayload(stdin.value, '--payload-file', type.value);
      if (decoded instanceof ProtocolError) return fail(decoded);
      payload = decoded;
    }
  } else if (payloadText) {
    const decoded = decodePayload(payloadText, '--payload', type.value);
    if (decoded instanceof ProtocolError) return fail(decoded);
    payload = decoded;
  }
  const dispatchId = optionValue(options, '--dispatch-id');
  if (payload && dispatchId) payload = { ...payload, dispatch_id: dispatchId };
  return ok({
    type: type.value,
    payload,
    task: optionValue(options, '--task'),
    actor: optionValue(options, '--actor'),
    dispatchId,
    stateDir: optionValue(options, '--state-dir'),
    ...(payloadFile === null ? {} : { payloadFile }),
  });
}
