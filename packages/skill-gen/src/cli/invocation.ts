import { dirname, join, sep } from 'node:path';

/** How this process was started: the script node runs, its environment and node's own path. */
export interface InvocationFacts {
  readonly script: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly execPath: string;
}

/**
 * The command a person types to run this CLI again, from where its script lives: `npx skillpack` in a
 * project's `node_modules` (a local install is not on PATH), `npx -p @skillpack/skill-gen skillpack` in npx's
 * cache (no install: `npx skillpack` would fetch another package), else `skillpack` (a global install or a
 * checkout). The environment is not asked: a process started under `npx` passes `npm_command` to its children.
 */
export function detectInvocation(facts: InvocationFacts): string {
  const script = facts.script?.split(/[\\/]/).join(sep);
  if (script === undefined || !script.includes(`${sep}node_modules${sep}`)) return 'skillpack';
  if (script.includes(`${sep}_npx${sep}`)) return 'npx -p @skillpack/skill-gen skillpack';
  const prefix = facts.env.npm_config_prefix ?? dirname(dirname(facts.execPath));
  const globalRoots = [join(prefix, 'lib', 'node_modules'), join(prefix, 'node_modules')];
  return globalRoots.some((root) => script.startsWith(`${root}${sep}`)) ? 'skillpack' : 'npx skillpack';
}

/** The facts of this process: what the bin and dist/cli.js both detect the invocation from. */
export function processInvocationFacts(proc: NodeJS.Process = process): InvocationFacts {
  return { script: proc.argv[1], env: proc.env, execPath: proc.execPath };
}

let invocation = 'skillpack';

/** Set once by the bin, from the process it runs in; in-process callers (tests, hosts) keep `skillpack`. */
export function setInvocation(command: string): void {
  invocation = command;
}

/** `skillpack <args>` as the person running this CLI types it (`npx skillpack <args>` in a project). */
export function cliCommand(args = ''): string {
  return args === '' ? invocation : `${invocation} ${args}`;
}
