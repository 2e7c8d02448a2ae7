import { installedSkills, type ProbeContext, parseJson, skillChecks } from '../../doctor/probe-kit.js';
import type { PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';

/**
 * Qwen Code 0.24.4 has no offline skill listing either, but its stream-json `init` line lists every skill it
 * loaded (`.qwen/skills`, `.agents/skills`, the user's) among `slash_commands` before it calls the model:
 * doctor points it at a closed local port and stops it there. A built-in command of the same name (`review`)
 * is listed there too.
 */
export async function probeQwenCode(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  const initOf = (stdout: string) =>
    stdout
      .split('\n')
      .map(
        (line) =>
          parseJson(line) as { type?: string; subtype?: string; slash_commands?: unknown } | undefined,
      )
      .find((event) => event?.type === 'system' && event.subtype === 'init');
  const run = await runRuntime(
    'qwen',
    ['-p', 'skillpack doctor', '--auth-type', 'openai', '--output-format', 'stream-json'],
    {
      ...context,
      env: {
        ...context.env,
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        OPENAI_API_KEY: 'skillpack-doctor-offline',
        OPENAI_MODEL: 'skillpack-doctor',
      },
      until: (stdout) => initOf(stdout) !== undefined,
      timeoutMs: 60_000,
    },
  );
  const init = run.kind === 'ran' ? initOf(run.stdout) : undefined;
  const loaded =
    run.kind === 'missing'
      ? `${run.message}; install the CLI or pass --bin-dir`
      : Array.isArray(init?.slash_commands)
        ? new Set(init.slash_commands.map(String))
        : `Qwen Code printed no init event (it needs Node.js 22 or newer first on PATH): ${run.stderr.trim().slice(0, 300)}`;
  return {
    runtime: 'qwen-code',
    scope: install.scope,
    pack: install.pack,
    commands: ['qwen -p --output-format stream-json (init event; stopped before any model call)'],
    checks: skillChecks(skills, loaded, "Qwen Code's init event"),
  };
}
