// What every runtime's proof (`proof.ts` of its folder) plugs into doctor's proving run (prove.ts).
import type { AgentRun } from '@skillpack/adapters';
import type { RunAgentOptions, reply } from '@skillpack/testing';
import type { LockedInstall } from '../install/lock-file.js';
import type { ProofScript } from './enforcement-verdict.js';
import type { ContractResolver } from './resolve-contract.js';

export interface ProveContext {
  /** The scope root the pack is installed in (the project, or the home). */
  readonly root: string;
  /** The project directory (the working directory doctor asks runtimes from). */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
  /**
   * The contract with this id (built-in, from the project's contract modules or from the installed pack's
   * contracts module), or why there is none.
   */
  readonly contract: ContractResolver;
  readonly timeoutMs?: number;
}

/** How one runtime's run is set up (options of its proving runs), or why it cannot enforce before anything runs. */
export type Preflight =
  | { readonly kind: 'run'; readonly runOptions?: Partial<RunAgentOptions> }
  | { readonly kind: 'blocked'; readonly detail: string };

/** One scripted answer of the proving run's model. */
export type ScriptedAnswer = ReturnType<typeof reply.text>;

/** One proving run's output: what the runtime printed, and what the verdict judges. */
export interface ScriptedRun {
  readonly stdout: string;
  readonly proof: { readonly stderr: string; readonly lastMessages: readonly (string | undefined)[] };
}

export interface WhyInput {
  readonly install: LockedInstall;
  readonly context: ProveContext;
  readonly cli: string;
  readonly script: ProofScript;
  readonly proof: { readonly stderr: string };
  /** Runs the runtime again in the same copy, its model answering `answers` turn by turn. */
  readonly runAgain: (answers: readonly ScriptedAnswer[]) => Promise<ScriptedRun>;
}

/** What differs per runtime in a proof: its preflight, its copy's preparation, and why a run let a wrong answer through. */
export interface RuntimeProof {
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

/** What doctor's proving run reads of a runtime's declaration (`SkillGenRuntime`). */
export interface ProvenRuntime {
  /** The version its proof is tested with; another version's failure says so. */
  readonly testedVersion: string;
  /** The user configuration a user-scope install lives in, copied into the run's home. */
  readonly install: { readonly userConfig: readonly string[] };
  readonly doctor: {
    /** Loads its proof (`proof.ts` of its folder). */
    readonly proof: () => Promise<RuntimeProof>;
    /** Its configuration files a Stop hook may be registered in besides the pack's own files. */
    readonly hookConfigFiles: readonly string[];
    /** Its project folders whose `node_modules` the throwaway copy keeps. */
    readonly keptModules?: readonly string[];
    /** Folders of its user configuration that only record its use: left out of the run's home. */
    readonly histories?: readonly string[];
  };
}

/** A proof whose preflight always runs. */
export const runAlways = async (): Promise<Preflight> => ({ kind: 'run' });

/** The folders of the pack's installed hook programs (`…/hooks/<pack>/`). */
export function hookFolderOf(install: LockedInstall): string[] {
  return install.files
    .map((file) => /^(.*\/hooks\/[^/]+\/)skillpack-hook\.[cm]?js$/.exec(file.path)?.[1])
    .filter((folder): folder is string => folder !== undefined);
}
