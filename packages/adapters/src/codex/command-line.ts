/** A word as a POSIX shell reads it back: bare when it holds only safe characters, else single-quoted. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A command as one shell line: a rollout's `CommandExecution` records its argv (`["/bin/bash", "-lc", "…"]`),
 * `exec --json`'s `command_execution` a line; a call's reader (ZaoFu's `zf emit`) reads a line. Pure.
 */
export function commandLineOf(command: string | readonly string[]): string {
  return typeof command === 'string' ? command : command.map(shellWord).join(' ');
}
