import { installedSkills, type ProbeContext, parseJson, skillChecks } from '../../doctor/probe-kit.js';
import type { PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';

/**
 * Claude Code has no offline skill listing, but `claude -p --output-format stream-json` prints its init event,
 * skills included, before it calls the model: doctor points it at a closed local port and stops it there.
 */
export async function probeClaudeCode(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  const initOf = (stdout: string) =>
    stdout
      .split('\n')
      .map((line) => parseJson(line) as { type?: string; subtype?: string; skills?: unknown } | undefined)
      .find((event) => event?.type === 'system' && event.subtype === 'init');
  const run = await runRuntime(
    'claude',
    ['-p', 'skillpack doctor', '--output-format', 'stream-json', '--verbose', '--max-turns', '1'],
    {
      ...context,
      env: {
        ...context.env,
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
        ANTHROPIC_API_KEY: 'skillpack-doctor-offline',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_ERROR_REPORTING: '1',
      },
      until: (stdout) => initOf(stdout) !== undefined,
      timeoutMs: 60_000,
    },
  );
  const init = run.kind === 'ran' ? initOf(run.stdout) : undefined;
  const loaded =
    run.kind === 'missing'
      ? `${run.message}; install the CLI or pass --bin-dir`
      : Array.isArray(init?.skills)
        ? new Set(init.skills.map((skill) => String(skill).replace(/^[^:]+:/, '')))
        : `Claude Code printed no init event: ${run.stderr.trim().slice(0, 300)}`;
  return {
    runtime: 'claude-code',
    scope: install.scope,
    pack: install.pack,
    commands: ['claude -p --output-format stream-json (init event; stopped before any model call)'],
    // Skill-scoped Stop hooks live in SKILL.md and run whenever their skill does; Claude asks no trust for them.
    checks: skillChecks(skills, loaded, "Claude Code's init event"),
  };
}
