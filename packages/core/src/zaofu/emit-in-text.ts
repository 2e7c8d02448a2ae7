import { fail } from '../result.js';
import { emitError } from './_emit-arguments.js';
import { toEmitCommand } from './_emit-call.js';
import { scanShell } from './_shell.js';
import type { FoundZfEmitCommand } from './emit-command-types.js';

/** `zf`, at a word start, then blanks, then `emit` as a whole word. */
function emitStartsAt(text: string, index: number): boolean {
  const before = text[index - 1];
  if (before !== undefined && !/[\s`(;&|/$>]/.test(before)) return false;
  let i = index + 2;
  const blankStart = i;
  while (text[i] === ' ' || text[i] === '\t' || (text[i] === '\\' && text[i + 1] === '\n')) {
    i += text[i] === '\\' ? 2 : 1;
  }
  if (i === blankStart || !text.startsWith('emit', i)) return false;
  const after = text[i + 4];
  return (
    after === undefined ||
    after === ' ' ||
    after === '\t' ||
    after === '\n' ||
    after === '`' ||
    after === '\\'
  );
}

/**
 * `zf emit` calls written in prose or Markdown (a fenced `bash` block, an inline code span): each is read
 * from its `zf` word to the end of that command, so text before it on the line is ignored. An unclosed
 * quote swallows the rest of the text, as it would in a shell.
 */
export function findZfEmitCommandsInText(text: string): FoundZfEmitCommand[] {
  const found: FoundZfEmitCommand[] = [];
  if (typeof text !== 'string') return found;
  let from = 0;
  while (from < text.length) {
    const index = text.indexOf('zf', from);
    if (index === -1) break;
    if (!emitStartsAt(text, index)) {
      from = index + 2;
      continue;
    }
    const scan = scanShell(text, { start: index, firstCommandOnly: true, markdown: true });
    const command = scan.commands[0];
    if (scan.error) {
      const type = /^zf[ \t\\\n]+emit[ \t\\\n]+([^\s'"`$\\-][^\s'"`$\\]*)/.exec(
        text.slice(index, index + 300),
      )?.[1];
      found.push({
        result: fail(
          emitError(
            'invalid_shell_syntax',
            `The zf emit command is not valid shell: ${scan.error.message}.`,
            {
              ...(type === undefined ? {} : { type }),
            },
          ),
        ),
        start: index,
        end: text.length,
      });
      break;
    }
    if (command)
      found.push({
        result: toEmitCommand(command.words.slice(2), command, undefined),
        start: index,
        end: scan.end,
      });
    from = Math.max(scan.end, index + 2);
  }
  return found;
}
