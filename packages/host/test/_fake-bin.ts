import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp folder for one test's bins and logs. */
export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'skillpack-host-test-'));
}

/** A node script as an executable file: `body` runs with `args` (the argv after the script) in scope. */
export function nodeBin(dir: string, name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `#!${process.execPath}\nconst args = process.argv.slice(2);\nconst fs = require('node:fs');\n${body}\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

/** Codex exec --json lines of one completed turn whose final message is `text`. */
export function codexRun(thread: string, text: string): string {
  return [
    { type: 'thread.started', thread_id: thread },
    { type: 'turn.started' },
    { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text } },
    {
      type: 'turn.completed',
      usage: { input_tokens: 10, cached_input_tokens: 0, output_tokens: 5, reasoning_output_tokens: 0 },
    },
  ]
    .map((event) => `${JSON.stringify(event)}\n`)
    .join('');
}

/** Every process (zombies included) whose process group is `pgid`, from /proc (Linux). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) members.push(Number(entry));
  }
  return members;
}
