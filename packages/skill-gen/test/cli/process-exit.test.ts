import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The compiled guard, run in a child process: how a process ends cannot be watched from inside it.
const GUARD = fileURLToPath(new URL('../../dist/cli/process-exit.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(GUARD)) throw new Error(`${GUARD} is missing: build the skill-gen package first`);
});

/** Run `body` in a child Node whose process is guarded. */
function guarded(body: string) {
  const script = `import { guardCommandProcess } from ${JSON.stringify(pathToFileURL(GUARD).href)};\nconst command = guardCommandProcess();\n${body}`;
  return spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('guardCommandProcess', () => {
  it('a command that never settles (the event loop drains) exits 70 with a message, not 0', () => {
    const run = guarded('await new Promise(() => {});');
    expect(run.status).toBe(70);
    expect(run.stderr).toContain('internal error: the command stopped before it finished');
  });

  it('a stray process.exit(0) before the command finished exits 70', () => {
    const run = guarded('process.exit(0);');
    expect(run.status).toBe(70);
    expect(run.stderr).toContain('Node was about to exit with code 0');
  });

  it("finish exits with the command's code once the output is flushed, timers or not", () => {
    const run = guarded(
      "setInterval(() => {}, 1000);\nprocess.stdout.write('x'.repeat(200000));\ncommand.finish(3);",
    );
    expect(run.status).toBe(3);
    expect(run.stdout).toHaveLength(200000);
    expect(run.stderr).toBe('');
  });

  it('finish(0) exits 0', () => {
    expect(guarded('command.finish(0);').status).toBe(0);
  });
});
