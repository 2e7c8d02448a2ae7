import { dirname, join, sep } from 'node:path';

/** How this process was started: the script node runs, its environment and node's own path. */
export interface InvocationFacts {
  readonly script: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly execPath: string;
}

/**
 * The command a person types to run this CLI again: `npx skillpack` when it runs through npx (`npm exec`) or
 * from a project's `node_modules` (a local install is not on PATH), else `skillpack` (a global install).
 */
export function detectInvocation(facts: InvocationFacts): string {
  if (facts.env.npm_command === 'exec') return 'npx skillpack';
  const script = facts.script?.split(/[\\/]/).join(sep);
  if (script === undefined || !script.includes(`${sep}node_modules${sep}`)) return 'skillpack';
  const prefix = facts.env.npm_config_prefix ?? dirname(dirname(facts.execPath));
  const globalRoots = [join(prefix, 'lib', 'node_modules'), join(prefix, 'node_modules')];
  return globalRoots.some((root) => script.startsWith(`${root}${sep}`)) ? 'skillpack' : 'npx skillpack';
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
