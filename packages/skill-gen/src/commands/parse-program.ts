import type { CliIo } from '../cli/io.js';
import { runCommandProcess } from '../cli/main.js';
import { runCommand } from '../cli/run-command.js';
import { loadBuiltinPackContracts } from '../contracts/builtin-pack-contracts.js';
import { contractModuleRequests } from './_contract-options.js';
import { parseCommand } from './parse.js';

// The program of dist/bundles/skillpack-parse.cjs (scripts/bundle-parse.mjs): `skillpack parse` as one
// CommonJS file run with V8's code cache, so a parse does not load and compile ~200 ES modules first. It
// reads the built-in contracts only; a contract module is the project's own code, importing the project's
// zod and @skillpack/core, so a run that names one is handed to the unbundled CLI before reading any input.

/** Thrown, never printed, when the command line or the config names contract modules. */
const NEEDS_CONTRACT_MODULES = Symbol('skillpack parse: contract modules');

const bundledParse = parseCommand(async (options) => {
  if ((await contractModuleRequests(options)).length > 0) throw NEEDS_CONTRACT_MODULES;
  return loadBuiltinPackContracts(options.only);
});

/** The unbundled CLI (dist/cli/program.js), imported only when a run needs contract modules. */
export type UnbundledCli = () => Promise<{
  readonly runCli: (argv: readonly string[], io: CliIo) => Promise<number>;
}>;

/**
 * `skillpack parse ARGS` (the arguments after `parse`) with the bundled program: the same declaration,
 * parsing, output and exit codes as the unbundled command, which takes over (from the start, before any
 * input is read) when contract modules are to be loaded.
 */
export async function runParse(args: readonly string[], io: CliIo, unbundled: UnbundledCli): Promise<number> {
  try {
    return await runCommand(bundledParse, args, io);
  } catch (error) {
    if (error !== NEEDS_CONTRACT_MODULES) throw error;
    const { runCli } = await unbundled();
    return runCli(['parse', ...args], io);
  }
}

/** Run `skillpack parse ARGS` as this process (what the bin calls). */
export function runParseProcess(args: readonly string[], unbundled: UnbundledCli): void {
  runCommandProcess((io) => runParse(args, io, unbundled));
}
