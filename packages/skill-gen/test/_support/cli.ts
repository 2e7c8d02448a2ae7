import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

/** Run the CLI in process with captured output. */
export async function cli(cwd: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: Readable.from([]),
    cwd,
    env: {},
  });
  return { code, stdout, stderr };
}
