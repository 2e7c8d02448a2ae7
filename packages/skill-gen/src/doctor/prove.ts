// Proves enforcement: runs the real runtime CLI headless in a throwaway copy of the project (or of the user's
// configuration) against a local scripted model, once per hooked contract. Loaded only when doctor runs
// without --fast; @skillpack/testing (the scripted model and the runner) is imported only here.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import {
  CLI_NAMES,
  createScriptedModel,
  findCli,
  otherwise,
  type RunAgentOptions,
  reply,
  runAgent,
  when,
} from '@skillpack/testing';
import type { LockedInstall } from '../install/lock-file.js';
import { deriveAnswers } from './answers.js';
import { enforcementVerdict, type ProofScript } from './enforcement-verdict.js';
import { readHookedContractIds } from './hooked-contracts.js';
import { copyProject, emptyProject } from './project-copy.js';
import type { ProveContext, ProvenRuntime, RuntimeProof, ScriptedAnswer } from './proof-kit.js';

export type { ProveContext, ProvenRuntime } from './proof-kit.js';

import type { DoctorCheck } from './report.js';
import { runRuntime } from './run-runtime.js';
import { stageUserConfig } from './stage-user-config.js';

/** The declarations of every runtime, by id: what the proving run reads of each. */
export type ProvenRuntimes = Readonly<Record<RuntimeId, ProvenRuntime>>;

/** `testedVersion`: the version doctor's proof is tested with (e2e/runtimes/package.json). */
async function versionNote(
  runtime: RuntimeId,
  testedVersion: string,
  cli: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const output = await runRuntime(cli, ['--version'], { cwd: tmpdir(), env, timeoutMs: 30_000 });
  const version = output.kind === 'ran' ? /\d+\.\d+\.\d+/.exec(output.stdout)?.[0] : undefined;
  if (version === undefined) return '';
  return version === testedVersion
    ? ''
    : ` Unsupported version: ${CLI_NAMES[runtime]} ${version} (doctor is tested with ${testedVersion}).`;
}

interface RunSetup {
  readonly copyIntoHome: { from: string; to: string }[];
  readonly runOptions?: Partial<RunAgentOptions> | undefined;
}

/** One headless run in `project` whose scripted model answers `answers` turn by turn (the last repeats). */
async function runScripted(
  install: LockedInstall,
  proof: RuntimeProof,
  context: ProveContext,
  cli: string,
  project: string,
  setup: RunSetup,
  script: ProofScript,
  answers: readonly ScriptedAnswer[],
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
      // Its caches go to doctor's throwaway home too (the runner's default is a shared one in the user's).
      env: Object.fromEntries(
        Object.entries({ PATH: context.env.PATH, XDG_CACHE_HOME: context.env.XDG_CACHE_HOME }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
      copyIntoHome: setup.copyIntoHome,
      ...setup.runOptions,
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
        ...(proof.settle?.(output.run, script) ?? {
          finish: output.run.finish,
          finalText: output.run.finalText,
        }),
      },
    };
  } finally {
    await model.close();
  }
}

/** One proving run of `script` in `project`, and the reason when it does not enforce. */
async function proveOne(
  install: LockedInstall,
  runtime: ProvenRuntime,
  runtimeProof: RuntimeProof,
  context: ProveContext,
  cli: string,
  project: string,
  setup: RunSetup,
  script: ProofScript,
): Promise<DoctorCheck> {
  try {
    const { proof } = await runScripted(install, runtimeProof, context, cli, project, setup, script, [
      reply.text(script.wrong),
      reply.text(script.right),
    ]);
    const first = enforcementVerdict(proof, script, () => '');
    if (first.status === 'enforced') return first;
    const why = await runtimeProof.why({
      install,
      context,
      cli,
      script,
      proof,
      runAgain: (answers) =>
        runScripted(install, runtimeProof, context, cli, project, setup, script, answers),
    });
    const check = enforcementVerdict(proof, script, () => why);
    const note = await versionNote(install.runtime, runtime.testedVersion, cli, context.env);
    return { ...check, detail: `${check.detail}${note}` };
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
 * exactly why not. `runtimes`: every runtime's declaration (each one's hook configuration files are read,
 * and each one's kept `node_modules` are copied). Never throws; never writes outside its temp folders.
 */
export async function proveEnforcement(
  install: LockedInstall,
  context: ProveContext,
  runtimes: ProvenRuntimes,
): Promise<DoctorCheck[]> {
  const declared = RUNTIME_IDS.map((id) => runtimes[id]);
  const runtime = runtimes[install.runtime];
  const hookConfigFiles = declared.flatMap(({ doctor }) => doctor.hookConfigFiles);
  const ids = await readHookedContractIds(install, context.root, hookConfigFiles);
  if (ids.length === 0) return missingHookEntries(install);
  // Each contract's answers first: a contract doctor cannot find says so whatever the CLI.
  const scripts: (ProofScript | DoctorCheck)[] = [];
  for (const id of ids) {
    const contract = await context.contract(id, { install, root: context.root });
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
  /** Every contract whose answers were derived, marked `status`; the others keep why they have none. */
  const notProven = (status: DoctorCheck['status'], detail: string) =>
    scripts.map((script) => ('kind' in script ? script : check(script.contractId, status, detail)));
  const cli = context.binDir
    ? join(context.binDir, CLI_NAMES[install.runtime])
    : findCli(install.runtime, context.env.PATH);
  if (cli === undefined || !existsSync(cli))
    return notProven(
      'unchecked',
      `CLI missing: ${cli ?? `${CLI_NAMES[install.runtime]} is not on PATH`}; install it or pass --bin-dir`,
    );
  const runtimeProof = await runtime.doctor.proof();
  const preflight = await runtimeProof.preflight(install, context, cli);
  if (preflight.kind === 'blocked') return notProven('not_enforced', preflight.detail);
  const stage = await mkdtemp(join(tmpdir(), 'skillpack-doctor-home-'));
  let copy: ReturnType<typeof copyProject>;
  try {
    copy =
      install.scope === 'project'
        ? copyProject(
            context.cwd,
            declared.flatMap(({ doctor }) => doctor.keptModules ?? []),
          )
        : emptyProject();
  } catch (error) {
    await rm(stage, { recursive: true, force: true });
    const detail = `could not make the throwaway copy of ${context.cwd}: ${(error as Error).message}`;
    return notProven('unchecked', detail);
  }
  try {
    const copyIntoHome =
      install.scope === 'user'
        ? await stageUserConfig(
            runtime.install.userConfig,
            runtime.doctor.histories ?? [],
            context.root,
            stage,
          )
        : ((await runtimeProof.stageProjectHome?.(install, cli, copy.dir, stage)) ?? []);
    runtimeProof.prepareCopy?.(install.scope === 'project' ? copy.dir : stage, install.scope);
    const setup = { copyIntoHome, runOptions: preflight.runOptions };
    const checks: DoctorCheck[] = [];
    for (const script of scripts)
      checks.push(
        'kind' in script
          ? script
          : await proveOne(install, runtime, runtimeProof, context, cli, copy.dir, setup, script),
      );
    return checks;
  } finally {
    copy.remove();
    await rm(stage, { recursive: true, force: true });
  }
}
