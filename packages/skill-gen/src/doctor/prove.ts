// Proves enforcement: runs the real runtime CLI headless in a throwaway copy of the project (or of the user's
// configuration) against a local scripted model, once per hooked contract. Loaded only when doctor runs
// without --fast; @skillpack/testing (the scripted model and the runner) is imported only here.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentRun, RuntimeId } from '@skillpack/adapters';
import type { AnyContract } from '@skillpack/core';
import {
  CLI_NAMES,
  createScriptedModel,
  findCli,
  otherwise,
  reply,
  runAgent,
  when,
} from '@skillpack/testing';
import type { LockedInstall } from '../install/lock-file.js';
import {
  claudeWhy,
  onlySkillScoped,
  permissionDenials,
  skillsHooking,
} from '../runtimes/claude-code/diagnosis.js';
import { codexHooks } from '../runtimes/codex/app-server.js';
import { copilotTrustDetail, isTrustedFolder, stageCopilotTrust } from '../runtimes/copilot-cli/probe.js';
import { perRuntime, SKILL_GEN_RUNTIME_LIST } from '../runtimes/registry.js';
import { deriveAnswers } from './answers.js';
import { enforcementVerdict, type ProofScript } from './enforcement-verdict.js';
import { readHookedContractIds } from './hooked-contracts.js';
import { copyProject, emptyProject, standInOpenCodePlugin } from './project-copy.js';
import type { DoctorCheck } from './report.js';
import { runRuntime } from './run-runtime.js';

/** Runtime configuration files a Stop hook may be registered in, every runtime's. */
const HOOK_CONFIG_FILES = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) => runtime.doctor.hookConfigFiles);

/** The versions doctor's proof is tested with (e2e/runtimes/package.json). */
export const TESTED_VERSIONS = perRuntime((runtime) => runtime.testedVersion);

/** The user configuration a user-scope install lives in, copied into the run's home. */
const USER_CONFIG = perRuntime((runtime) => runtime.install.userConfig);

/** Where OpenCode keeps its plugins folder, relative to the project or to the home. */
const OPENCODE_DIR = { project: '.opencode', user: '.config/opencode' } as const;

interface WhyInput {
  readonly install: LockedInstall;
  readonly context: ProveContext;
  readonly cli: string;
  readonly project: string;
  readonly setup: RunSetup;
  readonly script: ProofScript;
  readonly proof: { readonly stderr: string };
}

/** What differs per runtime in a proof: its preflight, its copy's preparation, and why a run let a wrong answer through. */
interface RuntimeProof {
  preflight(install: LockedInstall, context: ProveContext, cli: string): Promise<Preflight>;
  /** Prepare the copy (`dir` is the project copy, or the staged home for the user scope). */
  prepareCopy?(dir: string, scope: LockedInstall['scope']): void;
  /** Register in the staged home what the runtime keeps there for a project install; folders to copy into HOME. */
  stageProjectHome?(
    install: LockedInstall,
    cli: string,
    copy: string,
    stage: string,
  ): Promise<{ from: string; to: string }[]>;
  why(input: WhyInput): Promise<string>;
  /**
   * The finish and final message the verdict judges, when the runtime's output cannot give them itself (Qwen
   * Code joins the pushed-back answers): doctor knows both scripted answers, so it can tell the join apart.
   */
  settle?(run: AgentRun, script: ProofScript): { finish: string; finalText: string | undefined };
}

export interface ProveContext {
  /** The scope root the pack is installed in (the project, or the home). */
  readonly root: string;
  /** The project directory (the working directory doctor asks runtimes from). */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
  /** The contract with this id (built-in or from the project's contract modules), or why there is none. */
  readonly contract: (id: string) => Promise<AnyContract | string>;
  readonly timeoutMs?: number;
}

/** How one runtime's run is set up, or why it cannot enforce before anything runs. */
type Preflight =
  | { readonly kind: 'run'; readonly trust?: (hook: { currentHash: string }) => boolean }
  | { readonly kind: 'blocked'; readonly detail: string };

function hookFolderOf(install: LockedInstall): string[] {
  return install.files
    .map((file) => /^(.*\/hooks\/[^/]+\/)skillpack-hook\.[cm]?js$/.exec(file.path)?.[1])
    .filter((folder): folder is string => folder !== undefined);
}

/**
 * Codex runs a hook only when it is trusted, by absolute path and hash: doctor asks the original's trust
 * through `codex app-server`, and replicates it into the throwaway CODEX_HOME only for hooks trusted there.
 */
async function codexPreflight(
  install: LockedInstall,
  context: ProveContext,
  cli: string,
): Promise<Preflight> {
  const listed = await codexHooks({ cwd: context.cwd, env: context.env, codex: cli });
  if (!listed.success)
    return { kind: 'blocked', detail: `could not ask Codex for its hooks: ${listed.error}` };
  const folders = hookFolderOf(install).map((folder) => join(context.root, folder).replaceAll('\\', '/'));
  const mine = listed.data.filter((hook) => folders.some((folder) => hook.command.includes(folder)));
  if (mine.length === 0)
    return {
      kind: 'blocked',
      detail:
        install.scope === 'project'
          ? `hook not registered: Codex lists no hook of this pack for ${context.cwd}; Codex reads a project's .codex/hooks.json only when the project is trusted: add [projects.${JSON.stringify(context.cwd)}] trust_level = "trusted" to $CODEX_HOME/config.toml`
          : 'hook not registered: Codex lists no hook of this pack in $CODEX_HOME/hooks.json',
    };
  const untrusted = mine.filter((hook) => hook.trustStatus !== 'trusted');
  if (untrusted.length > 0)
    return {
      kind: 'blocked',
      detail: `not trusted: Codex skips this pack's hook silently (${untrusted.map((hook) => hook.trustStatus).join(', ')}). Review it in Codex, or add ${untrusted.map((hook) => `[hooks.state.${JSON.stringify(hook.key)}] trusted_hash = ${JSON.stringify(hook.currentHash)}`).join(' and ')} to $CODEX_HOME/config.toml (or reinstall with --trust-codex-hooks)`,
    };
  const trusted = new Set(mine.map((hook) => hook.currentHash));
  return { kind: 'run', trust: (hook) => trusted.has(hook.currentHash) };
}

function opencodeWhy(stderr: string): string {
  const disabled = /skillpack plugin disabled: ([^\n"]*)/.exec(stderr)?.[1];
  return disabled
    ? `Plugin disabled: ${disabled}.`
    : "OpenCode did not run this pack's plugin for the answer (plugin not loaded or disabled; see the plugin check).";
}

async function versionNote(runtime: RuntimeId, cli: string, env: NodeJS.ProcessEnv): Promise<string> {
  const output = await runRuntime(cli, ['--version'], { cwd: tmpdir(), env, timeoutMs: 30_000 });
  const version = output.kind === 'ran' ? /\d+\.\d+\.\d+/.exec(output.stdout)?.[0] : undefined;
  if (version === undefined) return '';
  return version === TESTED_VERSIONS[runtime]
    ? ''
    : ` Unsupported version: ${CLI_NAMES[runtime]} ${version} (doctor is tested with ${TESTED_VERSIONS[runtime]}).`;
}

/**
 * A project's plugin form (install --form plugin --activate) loads only once Claude's home registers it for that
 * project folder: register it for the copy in the staged home, the way install did for the original.
 */
async function claudePluginHome(install: LockedInstall, cli: string, copy: string, stage: string) {
  const plugin = install.claudePlugin;
  if (!plugin) return [];
  const { claudePluginCommands } = await import('../runtimes/claude-code/plugin-register.js');
  const { pluginWant } = await import('../runtimes/claude-code/plugin-plan.js');
  const registered = await claudePluginCommands(
    'register',
    { claude: cli, scope: 'project', root: copy, home: stage, timeoutMs: 60_000 },
    pluginWant(copy, plugin.marketplace),
  );
  // Not registered: the run shows it (the plugin is not loaded, so the wrong answer is let through).
  if (!registered.success) return [];
  return existsSync(join(stage, '.claude')) ? [{ from: join(stage, '.claude'), to: '.claude' }] : [];
}

/** Copy each user configuration folder that exists into a staging folder, so a stand-in can be added. */
async function stageUserConfig(runtime: RuntimeId, home: string, stage: string) {
  const copies: { from: string; to: string }[] = [];
  for (const folder of USER_CONFIG[runtime]) {
    if (!existsSync(join(home, folder))) continue;
    await cp(join(home, folder), join(stage, folder), {
      recursive: true,
      filter: (source) => !/[\\/](?:\.git|sessions|log|logs)$/.test(source),
    });
    copies.push({ from: join(stage, folder), to: folder });
  }
  return copies;
}

interface RunSetup {
  readonly copyIntoHome: { from: string; to: string }[];
  readonly trust?: (hook: { currentHash: string }) => boolean;
}

/** One headless run in `project` whose scripted model answers `answers` turn by turn (the last repeats). */
async function runScripted(
  install: LockedInstall,
  context: ProveContext,
  cli: string,
  project: string,
  setup: RunSetup,
  script: ProofScript,
  answers: readonly ReturnType<typeof reply.text>[],
) {
  const { contractId } = script;
  const model = await createScriptedModel({
    replies: [
      // OpenCode's title request declares no tools.
      when({ hasTools: false, protocol: 'chat-completions' }, reply.text('skillpack doctor')),
      otherwise((request) => answers[Math.min(request.turn, answers.length - 1)]!),
    ],
  });
  try {
    const output = await runAgent({
      runtime: install.runtime,
      model,
      prompt: `skillpack doctor: end your answer with the ${contractId} answer.`,
      project,
      cli,
      env: context.env.PATH === undefined ? {} : { PATH: context.env.PATH },
      copyIntoHome: setup.copyIntoHome,
      ...(setup.trust ? { trustCodexHooks: setup.trust } : {}),
      timeoutMs: context.timeoutMs ?? 180_000,
    });
    return {
      stdout: output.stdout,
      proof: {
        exitCode: output.exitCode,
        timedOut: output.timedOut,
        stderr: output.stderr,
        lastMessages: output.requests
          .filter((request) => request.hasTools)
          .map((request) => request.lastMessage),
        ...(RUNTIME_PROOF[install.runtime].settle?.(output.run, script) ?? {
          finish: output.run.finish,
          finalText: output.run.finalText,
        }),
      },
    };
  } finally {
    await model.close();
  }
}

/** Claude Code: a second run whose model invokes the skill first shows whether permission is what stops it. */
async function claudeReason(
  install: LockedInstall,
  context: ProveContext,
  cli: string,
  project: string,
  setup: RunSetup,
  script: ProofScript,
): Promise<string> {
  const skillScoped = onlySkillScoped(install);
  const skills = await skillsHooking(install, context.root, script.contractId);
  if (!skillScoped || skills.length === 0) return claudeWhy(skillScoped, skills, undefined);
  const invoked = await runScripted(install, context, cli, project, setup, script, [
    reply.toolCall('Skill', { skill: skills[0]! }),
    reply.text(script.wrong),
    reply.text(script.right),
  ]);
  const next = invoked.proof.lastMessages[2] ?? '';
  return claudeWhy(skillScoped, skills, {
    denials: permissionDenials(invoked.stdout),
    pushedBack: next.includes(script.correction),
  });
}

/** One proving run of `script` in `project`, and the reason when it does not enforce. */
async function proveOne(
  install: LockedInstall,
  context: ProveContext,
  cli: string,
  project: string,
  setup: RunSetup,
  script: ProofScript,
): Promise<DoctorCheck> {
  try {
    const { proof } = await runScripted(install, context, cli, project, setup, script, [
      reply.text(script.wrong),
      reply.text(script.right),
    ]);
    const first = enforcementVerdict(proof, script, () => '');
    if (first.status === 'enforced') return first;
    const why = await RUNTIME_PROOF[install.runtime].why({
      install,
      context,
      cli,
      project,
      setup,
      script,
      proof,
    });
    const check = enforcementVerdict(proof, script, () => why);
    return { ...check, detail: `${check.detail}${await versionNote(install.runtime, cli, context.env)}` };
  } catch (error) {
    return {
      kind: 'enforcement',
      name: script.contractId,
      status: 'unchecked',
      detail: `the proving run could not start: ${(error as Error).message}`,
    };
  }
}

const check = (name: string, status: DoctorCheck['status'], detail: string): DoctorCheck => ({
  kind: 'enforcement',
  name,
  status,
  detail,
});

/**
 * An install that wired Stop hook entries into the scope's hook configuration (the lock's `hookConfig`), none of
 * which is there any more: nothing enforces, whatever the pack's files say.
 */
function missingHookEntries(install: LockedInstall): DoctorCheck[] {
  const wired = install.hookConfig;
  if (wired === undefined || wired.entries.length === 0) return [];
  return [
    check(
      wired.file,
      'not_enforced',
      `Hook not registered: the install wired ${wired.entries.length} Stop hook entr${wired.entries.length === 1 ? 'y' : 'ies'} running this pack's hook into ${wired.file}, and none is there now, so no answer is checked; run skillpack install again.`,
    ),
  ];
}

/**
 * For each contract an installed pack hooks: run the real CLI headless in a throwaway copy and report
 * whether a wrong answer was pushed back with the contract's correction and a right one accepted, or
 * exactly why not. Never throws; never writes outside its temp folders.
 */
export async function proveEnforcement(
  install: LockedInstall,
  context: ProveContext,
): Promise<DoctorCheck[]> {
  const ids = await readHookedContractIds(install, context.root, HOOK_CONFIG_FILES);
  if (ids.length === 0) return missingHookEntries(install);
  const cli = context.binDir
    ? join(context.binDir, CLI_NAMES[install.runtime])
    : findCli(install.runtime, context.env.PATH);
  if (cli === undefined || !existsSync(cli))
    return ids.map((id) =>
      check(
        id,
        'unchecked',
        `CLI missing: ${cli ?? `${CLI_NAMES[install.runtime]} is not on PATH`}; install it or pass --bin-dir`,
      ),
    );
  const preflight = await RUNTIME_PROOF[install.runtime].preflight(install, context, cli);
  if (preflight.kind === 'blocked') return ids.map((id) => check(id, 'not_enforced', preflight.detail));
  const scripts: (ProofScript | DoctorCheck)[] = [];
  for (const id of ids) {
    const contract = await context.contract(id);
    if (typeof contract === 'string') {
      scripts.push(check(id, 'unchecked', contract));
      continue;
    }
    const answers = deriveAnswers(contract);
    scripts.push(
      answers.success
        ? { contractId: id, ...answers.data }
        : check(id, 'unchecked', `no scripted answers: ${answers.error}`),
    );
  }
  const stage = await mkdtemp(join(tmpdir(), 'skillpack-doctor-home-'));
  let copy: ReturnType<typeof copyProject>;
  try {
    copy = install.scope === 'project' ? copyProject(context.cwd) : emptyProject();
  } catch (error) {
    await rm(stage, { recursive: true, force: true });
    const detail = `could not make the throwaway copy of ${context.cwd}: ${(error as Error).message}`;
    return ids.map((id) => check(id, 'unchecked', detail));
  }
  try {
    const copyIntoHome =
      install.scope === 'user'
        ? await stageUserConfig(install.runtime, context.root, stage)
        : ((await RUNTIME_PROOF[install.runtime].stageProjectHome?.(install, cli, copy.dir, stage)) ?? []);
    RUNTIME_PROOF[install.runtime].prepareCopy?.(
      install.scope === 'project' ? copy.dir : stage,
      install.scope,
    );
    const setup = { copyIntoHome, ...(preflight.trust ? { trust: preflight.trust } : {}) };
    const checks: DoctorCheck[] = [];
    for (const script of scripts)
      checks.push('kind' in script ? script : await proveOne(install, context, cli, copy.dir, setup, script));
    return checks;
  } finally {
    copy.remove();
    await rm(stage, { recursive: true, force: true });
  }
}

const RUNTIME_PROOF: Readonly<Record<RuntimeId, RuntimeProof>> = {
  'claude-code': {
    preflight: async () => ({ kind: 'run' }),
    stageProjectHome: claudePluginHome,
    why: ({ install, context, cli, project, setup, script }) =>
      claudeReason(install, context, cli, project, setup, script),
  },
  codex: {
    preflight: codexPreflight,
    why: async () => "Codex did not run this pack's hook for the answer.",
  },
  opencode: {
    preflight: async () => ({ kind: 'run' }),
    prepareCopy: (dir, scope) => standInOpenCodePlugin(join(dir, OPENCODE_DIR[scope])),
    why: async ({ proof }) => opencodeWhy(proof.stderr),
  },
  'gemini-cli': {
    // Headless Gemini CLI runs nothing in an untrusted folder (exit 55): the original's trust decides.
    preflight: async (install, context) => {
      if (install.scope === 'user') return { kind: 'run' };
      const { geminiTrustOf } = await import('../runtimes/gemini-cli/probe.js');
      const trust = await geminiTrustOf(context.cwd, context.env);
      return trust.trusted ? { kind: 'run' } : { kind: 'blocked', detail: `not trusted: ${trust.detail}` };
    },
    why: async () =>
      "Gemini CLI did not run this pack's AfterAgent hook for the answer (is its entry still in .gemini/settings.json?).",
  },
  'copilot-cli': {
    // Copilot skips an untrusted project's hooks silently: say so instead of proving a copy that is trusted.
    preflight: async (install, context) =>
      install.scope === 'project' && !(await isTrustedFolder(context.cwd, context.env))
        ? { kind: 'blocked', detail: copilotTrustDetail(context.cwd) }
        : { kind: 'run' },
    stageProjectHome: (_install, _cli, copy, stage) => stageCopilotTrust(copy, stage),
    why: async () => "Copilot did not run this pack's agentStop hook for the answer.",
  },
  'qwen-code': {
    preflight: async () => ({ kind: 'run' }),
    why: async () =>
      "Qwen Code did not run this pack's Stop hook for the answer (is its entry in .qwen/settings.json?).",
    // After a push-back Qwen Code 0.24.4 prints both answers as one message with no separator, which its
    // reader refuses (`final_message_joined`); exactly the wrong answer followed by the right one is the
    // right answer ending the run.
    settle: (run, script) => {
      const last = run.messages.filter((message) => message.subagent !== true).at(-1)?.text;
      return run.error?.code === 'final_message_joined' && last === `${script.wrong}${script.right}`
        ? { finish: 'complete', finalText: script.right }
        : { finish: run.finish, finalText: run.finalText };
    },
  },
};
