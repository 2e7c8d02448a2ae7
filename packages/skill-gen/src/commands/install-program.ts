import { runCommandProcess } from '../cli/main.js';
import { runCommand } from '../cli/run-command.js';
import { command } from './install.js';

// The program of dist/bundles/skillpack-install.cjs (scripts/bundle-commands.mjs): `skillpack install` as one
// CommonJS file run with V8's code cache, so an install does not load and compile ~500 ES modules first. The
// declaration, parsing, output and exit codes are the unbundled command's.

/** Run `skillpack install ARGS` (the arguments after `install`) as this process (what the bin calls). */
export function runInstallProcess(args: readonly string[]): void {
  runCommandProcess((io) => runCommand(command, args, io));
}
