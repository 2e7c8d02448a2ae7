// Registering (or unregistering) a home plugin form with the runtime's own CLI (`gemini extensions install`,
// `copilot plugin install`), which copies the staged folder into the runtime's plugin store in the home. I/O
// at the edge; the arguments come from the runtime's declaration (`install.homePlugin`).
import { execFile } from 'node:child_process';
import { fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { homePluginArgs } from './home-plugin.js';
import type { HomePluginForm } from './install-declaration.js';

export interface HomePluginContext {
  /** The runtime's title, for messages: `Gemini CLI`. */
  readonly title: string;
  readonly form: HomePluginForm;
  /** The executable (`--plugin-cli PATH`, default the declaration's command on PATH). */
  readonly cli: string;
  /** The home the CLI keeps its plugins in (`--home`, `SKILLPACK_HOME`, else the OS home). */
  readonly home: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
}

interface Ran {
  readonly code: number | string | null;
  readonly output: string;
}

function run(context: HomePluginContext, args: readonly string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      context.cli,
      [...args],
      {
        cwd: context.home,
        env: { ...(context.env ?? process.env), ...env, HOME: context.home, USERPROFILE: context.home },
        timeout: context.timeoutMs ?? 120_000,
        maxBuffer: 4 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const code = error ? ((error as NodeJS.ErrnoException).code ?? 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
    // Never interactive: a prompt the CLI shows reads end of input (and so its default, "no").
    child.stdin?.end();
  });
}

function failed(context: HomePluginContext, args: readonly string[], ran: Ran): IoError {
  if (ran.code === 'ENOENT' || ran.code === 'EACCES')
    return new IoError(
      'plugin_cli_not_found',
      `Cannot run ${context.cli} (${ran.code}): the plugin form is installed by ${context.title}'s own \`${context.form.command}\` command. Install ${context.title} or pass --plugin-cli PATH.`,
      { details: { cli: context.cli, runtime: context.title } },
    );
  const command = `${context.cli} ${args.join(' ')}`;
  const output = ran.output.trim().slice(-600);
  return new IoError(
    'plugin_command_failed',
    `\`${command}\` failed (${ran.code}): ${output || 'no output'}`,
    {
      details: { command, code: ran.code, output },
    },
  );
}

/** Check that the CLI runs at all (`--version`), before install changes anything. */
export async function checkHomePluginCli(context: HomePluginContext): Promise<Result<void, SkillpackError>> {
  const ran = await run(context, ['--version'], {});
  return ran.code === 0 ? ok(undefined) : fail(failed(context, ['--version'], ran));
}

/** Install the staged folder `path` as the plugin `name` (`register`), or uninstall it (`unregister`). */
export async function homePluginCommand(
  direction: 'register' | 'unregister',
  context: HomePluginContext,
  values: { readonly path: string; readonly name: string },
): Promise<Result<void, SkillpackError>> {
  const args = homePluginArgs(context.form, direction, values);
  const env = direction === 'register' ? { ...context.form.registerEnv } : {};
  const ran = await run(context, args, env);
  return ran.code === 0 ? ok(undefined) : fail(failed(context, args, ran));
}
