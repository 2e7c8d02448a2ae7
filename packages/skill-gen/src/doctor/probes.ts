import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import type { LockedInstall } from '../install/lock-file.js';
import { codexHooks } from '../runtimes/codex/app-server.js';
import { probeCopilotCli } from '../runtimes/copilot-cli/probe.js';
import { probeGeminiCli } from '../runtimes/gemini-cli/probe.js';
import type { DoctorCheck, PackDiagnosis } from './report.js';
import { type RuntimeOutput, runRuntime } from './run-runtime.js';

/** The file name of skillpack's hook program (a pack's own bundle), which every generated hook command runs. */
const HOOK_PROGRAM = 'skillpack-hook.cjs';

export interface ProbeContext {
  /** The scope root the pack is installed in (a project, or the home). */
  readonly root: string;
  /** Where the runtimes are asked from: the project for project scope. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
}

/** The skills an install wrote: the folder of every `…/skills/<name>/SKILL.md`. */
export function installedSkills(install: LockedInstall): string[] {
  return install.files
    .map((file) => /(?:^|\/)skills\/([^/]+)\/SKILL\.md$/.exec(file.path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

function filesMatching(install: LockedInstall, pattern: RegExp): string[] {
  return install.files.map((file) => file.path).filter((path) => pattern.test(path));
}

function skillChecks(
  skills: readonly string[],
  loaded: ReadonlySet<string> | string,
  how: string,
): DoctorCheck[] {
  return skills.map((name) =>
    typeof loaded === 'string'
      ? { kind: 'skill', name, status: 'unchecked', detail: loaded }
      : loaded.has(name)
        ? { kind: 'skill', name, status: 'loaded', detail: `listed by ${how}` }
        : { kind: 'skill', name, status: 'missing', detail: `not listed by ${how}` },
  );
}

/** Why a runtime command gave no usable answer, or undefined when it did. */
function failure(output: RuntimeOutput, command: string): string | undefined {
  if (output.kind === 'missing') return `${output.message}; install the CLI or pass --bin-dir`;
  if (output.status !== 0 && output.stdout.trim() === '')
    return `\`${command}\` exited ${output.status}: ${output.stderr.trim().slice(0, 300)}`;
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function probeOpenCode(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  const listing = await runRuntime('opencode', ['debug', 'skill'], context);
  const listed = parseJson(listing.kind === 'ran' ? listing.stdout : '');
  const loaded =
    failure(listing, 'opencode debug skill') ??
    (Array.isArray(listed)
      ? new Set(
          listed.map((skill) => (skill as { name?: unknown })?.name).filter((n) => typeof n === 'string'),
        )
      : '`opencode debug skill` printed no JSON array');
  const checks = skillChecks(skills, loaded as Set<string> | string, '`opencode debug skill`');
  const plugins = filesMatching(install, /(?:^|\/)plugins\/[^/]+\.js$/);
  if (plugins.length > 0) {
    const config = await runRuntime(
      'opencode',
      ['debug', 'config', '--print-logs', '--log-level', 'INFO'],
      context,
    );
    const problem = failure(config, 'opencode debug config');
    const picked = (parseJson(config.kind === 'ran' ? config.stdout : '') as { plugin?: unknown })?.plugin;
    const stderr = config.kind === 'ran' ? config.stderr : '';
    const disabled = /skillpack plugin disabled: ([^\n"]*)/.exec(stderr)?.[1];
    for (const plugin of plugins) {
      const name = plugin;
      if (problem) checks.push({ kind: 'plugin', name, status: 'unchecked', detail: problem });
      else if (!Array.isArray(picked) || !picked.some((spec) => String(spec).endsWith(`/${plugin}`)))
        checks.push({
          kind: 'plugin',
          name,
          status: 'inactive',
          detail: 'OpenCode does not load this plugin file',
        });
      else if (disabled)
        checks.push({
          kind: 'plugin',
          name,
          status: 'inactive',
          detail: `the plugin disabled itself: ${disabled}`,
        });
      else if (!/skillpack: OpenCode plugin ready/.test(stderr))
        checks.push({
          kind: 'plugin',
          name,
          status: 'inactive',
          detail: 'OpenCode loaded the file but the plugin never reported ready',
        });
      else checks.push({ kind: 'plugin', name, status: 'active', detail: 'loaded by OpenCode and ready' });
    }
  }
  return {
    runtime: 'opencode',
    scope: install.scope,
    pack: install.pack,
    commands: ['opencode debug skill', ...(plugins.length > 0 ? ['opencode debug config --print-logs'] : [])],
    checks,
  };
}

/** Codex lists each skill in `<skills_instructions>` as `- <name>: <description> (file: <path>)`. */
function codexListedSkills(stdout: string): Set<string> | undefined {
  const text = JSON.stringify(parseJson(stdout) ?? null);
  const block = /<skills_instructions>.*?<\/skills_instructions>/.exec(text)?.[0];
  if (block === undefined) return undefined;
  const decoded = parseJson(`"${block}"`);
  if (typeof decoded !== 'string') return undefined;
  return new Set(
    decoded
      .split('\n')
      // A plugin's skills are listed as `<plugin>:<skill>`.
      .map((line) => /^- (?:[^:\s]+:)?([^:\s]+): .* \(file: [^)]*\)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

/** Skills whose `agents/openai.yaml` sets `allow_implicit_invocation: false` (Codex does not list them). */
async function codexExplicitOnly(install: LockedInstall, root: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const path of filesMatching(install, /(?:^|\/)skills\/[^/]+\/agents\/openai\.yaml$/)) {
    const text = await readFile(join(root, path), 'utf8').catch(() => '');
    const name = /skills\/([^/]+)\/agents\//.exec(path)?.[1];
    if (name && /^\s*allow_implicit_invocation:\s*false\s*$/m.test(text)) names.add(name);
  }
  return names;
}

async function probeCodex(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  const prompt = await runRuntime('codex', ['debug', 'prompt-input', 'skillpack doctor'], context);
  const listed =
    failure(prompt, 'codex debug prompt-input') ??
    codexListedSkills(prompt.kind === 'ran' ? prompt.stdout : '');
  const explicitOnly = await codexExplicitOnly(install, context.root);
  const checks = skillChecks(
    skills,
    listed ?? '`codex debug prompt-input` listed no skills block',
    '`codex debug prompt-input`',
  ).map(
    (check): DoctorCheck =>
      check.status === 'missing' && explicitOnly.has(check.name)
        ? {
            ...check,
            status: 'explicit_only',
            detail: `agents/openai.yaml disallows implicit use, so Codex lists it to no model; invoke it as $${check.name}`,
          }
        : check,
  );
  // The pack's hooks: those in a hook file the install wrote, and any hook Codex lists that runs skillpack's
  // hook program (a hook wired by hand, or by an install that did not record it).
  const rootPath = context.root.replaceAll('\\', '/');
  const hookFiles = [
    ...filesMatching(install, /(?:^|\/)hooks\.json$/),
    ...(install.hookConfig ? [install.hookConfig.file] : []),
  ].map((file) => posix.join(rootPath, file));
  // The program an install recorded in `.codex/hooks/<pack>/`: its hooks are this pack's, wherever listed.
  const programs = filesMatching(install, /^\.codex\/hooks\/[^/]+\/skillpack-hook\.[cm]?js$/).map((file) =>
    posix.join(rootPath, file),
  );
  const hooks = await codexHooks(context);
  if (!hooks.success) {
    if (hookFiles.length > 0)
      checks.push({ kind: 'hook', name: 'Stop', status: 'unchecked', detail: hooks.error });
  } else {
    const mine = hooks.data.filter((hook) =>
      programs.length > 0
        ? programs.some((program) => hook.command.includes(program))
        : hookFiles.includes(hook.sourcePath.replaceAll('\\', '/')) || hook.command.includes(HOOK_PROGRAM),
    );
    if (mine.length === 0 && hookFiles.length > 0)
      checks.push({
        kind: 'hook',
        name: 'Stop',
        status: 'inactive',
        detail: 'Codex lists none of the installed hooks (is the project trusted in config.toml?)',
      });
    for (const hook of mine) {
      const name = `${hook.eventName} hook in ${hook.sourcePath}`;
      checks.push(
        hook.trustStatus === 'trusted'
          ? { kind: 'hook', name, status: 'active', detail: 'trusted' }
          : {
              kind: 'hook',
              name,
              status: 'inactive',
              detail: `Codex skips it silently until trusted (${hook.trustStatus}): review it in Codex, or add [hooks.state.${JSON.stringify(hook.key)}] trusted_hash = ${JSON.stringify(hook.currentHash)} to $CODEX_HOME/config.toml`,
            },
      );
    }
  }
  return {
    runtime: 'codex',
    scope: install.scope,
    pack: install.pack,
    commands: ['codex debug prompt-input', 'codex app-server hooks/list'],
    checks,
  };
}

/**
 * Claude Code has no offline skill listing, but `claude -p --output-format stream-json` prints its init event,
 * skills included, before it calls the model: doctor points it at a closed local port and stops it there.
 */
async function probeClaudeCode(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
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

/**
 * Qwen Code 0.24.4 has no offline skill listing either, but its stream-json `init` line lists every skill it
 * loaded (`.qwen/skills`, `.agents/skills`, the user's) among `slash_commands` before it calls the model:
 * doctor points it at a closed local port and stops it there. A built-in command of the same name (`review`)
 * is listed there too.
 */
async function probeQwenCode(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
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

const PROBES: Readonly<
  Record<RuntimeId, (install: LockedInstall, context: ProbeContext) => Promise<PackDiagnosis>>
> = {
  'claude-code': probeClaudeCode,
  codex: probeCodex,
  opencode: probeOpenCode,
  'gemini-cli': probeGeminiCli,
  'copilot-cli': (install, context) =>
    probeCopilotCli(install, context, skillChecks, installedSkills(install)),
  'qwen-code': probeQwenCode,
};

export function diagnoseInstall(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  return PROBES[install.runtime](install, context);
}
