/**
 * Whether a command line's exit status speaks for one `zf emit` in it: a shell tool reports the status of the
 * whole line, so a zero exit proves the emit ran and succeeded only where the shell's rules carry the emit's own
 * status to the end of the line. Pure; conservative (a form it cannot prove is not proven).
 */
import type { ShellWord, SimpleCommand } from './_shell.js';

/**
 * The rule a ZaoFu contract's instructions give for emitting its event with `command`: the shell tool's exit
 * status is all a reader sees of an emit, so it must be the emit's.
 */
export function emitRule(command: string): string {
  return `Emit it with ${command} --payload '<json>' (or --payload-file) as a command of its own, or followed only by && commands: an emit piped on, followed by ; or ||, or run under if, ! or || does not count.`;
}

/**
 * Why a zero exit of the command line does not prove the emit succeeded (`unconfirmed`: the runtime recorded no
 * exit status for it, and its output does not show zf's line of success).
 */
export type UnprovenEmitReason = 'condition' | 'or' | 'piped' | 'background' | 'sequence' | 'unconfirmed';

/** What each reason tells the agent, after "the shell command does not show whether the emit succeeded:". */
export const UNPROVEN_EMIT_WORDING: Readonly<Record<UnprovenEmitReason, string>> = {
  condition: 'it is a condition (after !, if, elif, while or until)',
  or: 'it follows ||, so a command before it may end the line without running it',
  piped: 'its output is piped on, and the last command of a pipe gives the status',
  background: 'it runs in the background (&)',
  sequence: 'a later command gives the status (after ;, a newline, ||, a subshell or a group)',
  unconfirmed:
    'the shell tool recorded no exit status for it, and its output does not show the line "Emitted: <type> (evt-…)" zf prints when an emit succeeds (a line a command before it printed proves nothing)',
};

/** Prefix words after which a zero exit does not mean the command ran and succeeded. */
const CONDITION_WORDS = new Set(['!', 'if', 'elif', 'while', 'until']);

/** The operators that may follow a command after the emit: each runs the rest only when all before succeeded. */
const AND_OR_PIPE = new Set(['&&', '|', '|&']);

function isCondition(prefix: readonly ShellWord[]): boolean {
  return prefix.some((word) => !word.quoted && CONDITION_WORDS.has(word.value));
}

/** Why a zero exit of the line from command `at` on does not carry the status of the command before `at`. */
function laterReason(followedBy: string | undefined, last: boolean): UnprovenEmitReason | 'next' | undefined {
  if (followedBy === '&') return 'background';
  if (last) return followedBy === undefined || followedBy === ';' ? undefined : 'sequence';
  return followedBy !== undefined && AND_OR_PIPE.has(followedBy) ? 'next' : 'sequence';
}

/**
 * For the line `commands`, why its exit status does not prove the emit at an index succeeded, or `undefined`
 * when it does: the emit's pipeline is not negated or a condition, follows no `||`, ends its pipeline, and every
 * command after it is joined by `&&` (or a pipe after an `&&`) up to a plain end of the line. `prefixOf` gives a
 * command's words before its program (assignments, `!`, `if`, `time`, …). Linear in the line, however many
 * emits it asks about.
 */
export function unprovenEmitReasons(
  commands: readonly SimpleCommand[],
  prefixOf: (command: SimpleCommand) => readonly ShellWord[],
): (index: number) => UnprovenEmitReason | undefined {
  const pipelineStart: number[] = [];
  commands.forEach((command, at) => {
    pipelineStart.push(at > 0 && command.pipedInput ? pipelineStart[at - 1]! : at);
  });
  // What the commands from each index to the end make of the status before them, from the end back.
  const fromHere: (UnprovenEmitReason | undefined)[] = new Array(commands.length);
  for (let at = commands.length - 1; at >= 0; at--) {
    const reason = laterReason(commands[at]!.followedBy, at === commands.length - 1);
    fromHere[at] = reason === 'next' ? fromHere[at + 1] : reason;
  }
  return (index) => {
    const start = pipelineStart[index]!;
    if (isCondition(prefixOf(commands[start]!)) || isCondition(prefixOf(commands[index]!)))
      return 'condition';
    if (start > 0 && commands[start - 1]!.followedBy === '||') return 'or';
    const own = commands[index]!.followedBy;
    if (own === '|' || own === '|&') return 'piped';
    return fromHere[index];
  };
}
