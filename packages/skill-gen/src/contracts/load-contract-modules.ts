import { existsSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyContract, isContract, isContractRegistry } from '@skillpack/core';
import type { Plugin } from 'esbuild';
import { importOptionalPeer } from '../cli/optional-peer.js';
import { kindCode, PATH_KIND_PHRASE, pathKind } from '../cli/path-kind.js';
import { authorError } from '../errors/author-error.js';
import { notLoaded } from './module-load-error.js';
import { contractModuleTimeoutMs } from './module-timeout.js';
import { probeModule } from './probe-module.js';

/** One contract a module exports, and where it came from (errors and generated hooks name both). */
export interface ModuleContract {
  readonly contract: AnyContract;
  /** The module as the config or `--contracts` wrote it. */
  readonly specifier: string;
  /** The file esbuild resolved it to. */
  readonly file: string;
  readonly exportName: string;
  /**
   * The module's files as esbuild read them: its entry, every local file it imports and the package.json /
   * tsconfig.json files that steer their compilation (absolute).
   */
  readonly inputs: readonly string[];
  /** The packages it imports (`zod`, `@skillpack/core`): their code is loaded from the project, not bundled. */
  readonly packages: readonly string[];
}

/** What bundling a module read: its entry file, its local imports and the packages it imports. */
export interface ContractModuleFiles {
  readonly file: string;
  readonly inputs: readonly string[];
  readonly packages: readonly string[];
}

export interface ContractModuleOptions {
  /** Where relative paths and package names resolve from (the config's folder, or the cwd). */
  readonly baseDir: string;
  /** The file errors point at (the config, or `--contracts`). */
  readonly origin: string;
  /**
   * How long the module's import may take, in milliseconds (default: `SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS`,
   * else 10000).
   */
  readonly timeoutMs?: number;
}

/** A path (`./x.ts`, `../x.js`, `/abs/x.mjs`) rather than a package specifier (`@acme/contracts`). */
export function isPathSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || isAbsolute(specifier);
}

/** Packages the contract modules share with the CLI; when the project lacks one, the CLI's own copy serves. */
const CLI_PACKAGES = /^(?:zod|@skillpack\/(?:core|adapters))(?:\/|$)/;

/**
 * Bare imports stay imports, resolved (with esbuild's resolver, so `exports` maps count) to absolute file URLs
 * from the importing file: the bundle imports the project's own zod and @skillpack/core, never a copy.
 */
/** `@scope/name/sub` -> `@scope/name`, `zod/v4` -> `zod`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

const projectPackages = (imported: Set<string>): Plugin => ({
  name: 'skillpack-project-packages',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'inner') return undefined;
      if (args.path.startsWith('.') || isAbsolute(args.path)) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'inner',
      });
      if (found.errors.length === 0) {
        imported.add(packageNameOf(args.path));
        return { path: pathToFileURL(found.path).href, external: true };
      }
      if (CLI_PACKAGES.test(args.path)) {
        try {
          const path = createRequire(import.meta.url).resolve(args.path);
          imported.add(packageNameOf(args.path));
          return { path: pathToFileURL(path).href, external: true };
        } catch {
          // Reported below with esbuild's own message.
        }
      }
      return { errors: found.errors };
    });
  },
});

/**
 * Bundle one module (TypeScript or JavaScript) to ESM in memory; returns the code, its entry file, the files
 * esbuild read for it and the packages it imports. Bundling reads and compiles, it runs nothing.
 */
async function bundleModule(specifier: string, options: ContractModuleOptions) {
  const { build } = await importOptionalPeer('esbuild', () => import('esbuild'));
  const entry = isPathSpecifier(specifier) ? resolve(options.baseDir, specifier) : specifier;
  if (isPathSpecifier(specifier)) {
    const kind = await pathKind(entry).catch(() => 'file' as const);
    if (kind === 'missing') {
      throw authorError('contract_module_not_found', {
        file: options.origin,
        message: `The contract module "${specifier}" does not exist (looked for ${entry}).`,
        fix: 'Correct the path in "contracts"; paths are relative to the config file.',
        details: { module: specifier },
      });
    }
    if (kind !== 'file') {
      throw authorError(kindCode('contract_module', kind), {
        file: options.origin,
        message: `The contract module "${specifier}" is ${PATH_KIND_PHRASE[kind]} (${entry}); expected a .ts, .mts, .js or .mjs file.`,
        fix: 'Name the module file itself in "contracts".',
        details: { module: specifier, kind },
      });
    }
  }
  const imported = new Set<string>();
  try {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: options.baseDir,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [projectPackages(imported)],
    });
    const code = result.outputFiles[0]?.text ?? '';
    const sources = Object.keys(result.metafile.inputs).map((input) => resolve(options.baseDir, input));
    const file = sources.at(-1) ?? entry;
    const inputs = [...new Set([...sources, ...resolutionFiles(sources)])].sort();
    return { code, file, inputs, packages: [...imported].sort() };
  } catch (cause) {
    throw compileError(specifier, options, cause);
  }
}

interface EsbuildMessage {
  readonly text: string;
  readonly location?: { readonly file: string; readonly line: number; readonly column: number } | null;
}

/**
 * A module esbuild could not compile, pointing at the first error's `file:line:column` in the module (not at
 * the config that names it); `npm install` is the fix only when an import did not resolve.
 */
function compileError(specifier: string, options: ContractModuleOptions, cause: unknown) {
  const errors = (cause as { errors?: readonly EsbuildMessage[] }).errors ?? [];
  const why = errors.length > 0 ? errors.map((error) => error.text).join('; ') : String(cause);
  const at = errors.find((error) => error.location)?.location ?? undefined;
  const where = at ? `${at.file}:${at.line}:${at.column + 1}` : undefined;
  const unresolved = errors.length > 0 && errors.every((error) => error.text.startsWith('Could not resolve'));
  const fix = unresolved
    ? 'Install what the module imports in the project (npm install), or correct the import.'
    : `Correct the module${where ? ` at ${where}` : ''}.`;
  return authorError('contract_module_unloadable', {
    file: at ? at.file : options.origin,
    ...(at ? { line: at.line, column: at.column + 1 } : {}),
    message: `The contract module "${specifier}"${at ? ` (named in ${options.origin})` : ''} cannot be compiled: ${why}.`,
    fix,
    details: { module: specifier },
    cause,
  });
}

const TIMED_OUT = Symbol('timed out');

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** `import(url)`, rejected with TIMED_OUT after `timeoutMs`; the timer keeps the process alive until then. */
async function importWithin(url: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), timeoutMs);
  });
  try {
    return await Promise.race([import(url) as Promise<Record<string, unknown>>, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The files esbuild consults beside the sources: package.json, tsconfig.json and jsconfig.json of every ancestor folder. */
const RESOLUTION_FILES = ['package.json', 'tsconfig.json', 'jsconfig.json'];

/** Those of them that exist above each of `files`, outside node_modules (installed packages are versioned). */
function resolutionFiles(files: readonly string[]): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  for (const file of files) {
    if (/[\\/]node_modules[\\/]/.test(file)) continue;
    for (let dir = dirname(file); !seen.has(dir); dir = dirname(dir)) {
      seen.add(dir);
      for (const name of RESOLUTION_FILES) if (existsSync(join(dir, name))) found.add(join(dir, name));
      if (dirname(dir) === dir) break;
    }
  }
  return [...found];
}

function contractsOf(value: unknown): readonly AnyContract[] | undefined {
  if (isContract(value)) return [value];
  if (isContractRegistry(value)) return value.list();
  if (Array.isArray(value) && value.length > 0 && value.every(isContract)) return value;
  return undefined;
}

/**
 * Load one contract module: bundle it with esbuild (so `.ts`, `.mts`, `.js` and `.mjs` load on plain Node),
 * import the result and collect its exports. Every export must be a contract made by `defineContract`, a
 * registry or an array of contracts; anything else, or a module that fails to load, is a ConfigError. The
 * import is bounded: a module that does not finish loading within `timeoutMs` is `contract_module_timeout`,
 * one that can never finish is `contract_module_unsettled`; either way the CLI goes on to exit.
 */
export async function loadContractModule(
  specifier: string,
  options: ContractModuleOptions,
): Promise<ModuleContract[]> {
  const timeoutMs = options.timeoutMs ?? contractModuleTimeoutMs();
  const { code, file, inputs, packages } = await bundleModule(specifier, options);
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  // A trial import in a worker thread first: only there can a module that loops, never settles or exits be
  // stopped. The import that yields the contracts runs here once the trial finished.
  const trial = await probeModule(url, timeoutMs);
  if (trial.kind !== 'loaded') throw notLoaded(specifier, options.origin, trial, timeoutMs);
  let namespace: Record<string, unknown>;
  try {
    namespace = await importWithin(url, timeoutMs);
  } catch (cause) {
    if (cause === TIMED_OUT) throw notLoaded(specifier, options.origin, { kind: 'timeout' }, timeoutMs);
    const threw = { kind: 'threw', message: messageOf(cause) } as const;
    throw notLoaded(specifier, options.origin, threw, timeoutMs, cause);
  }
  const found: ModuleContract[] = [];
  for (const [exportName, value] of Object.entries(namespace)) {
    const contracts = contractsOf(value);
    if (!contracts) {
      throw authorError('contract_module_export', {
        file: options.origin,
        message: `The export "${exportName}" of contract module "${specifier}" is not a contract: expected a value made by defineContract, a contract registry or an array of contracts.`,
        fix: `Move "${exportName}" into another module, or export a contract.`,
        details: { module: specifier, export: exportName },
      });
    }
    for (const contract of contracts) found.push({ contract, specifier, file, exportName, inputs, packages });
  }
  if (found.length === 0) {
    throw authorError('contract_module_empty', {
      file: options.origin,
      message: `The contract module "${specifier}" exports no contract.`,
      fix: 'Export the contracts made by defineContract from the module.',
      details: { module: specifier },
    });
  }
  return found;
}

/**
 * The files loading `specifier` reads, without running it: what `skillpack build` lists for the module, at
 * the cost of one esbuild pass (graph-time tools such as the Nx plugin call this).
 */
export async function contractModuleFiles(
  specifier: string,
  options: ContractModuleOptions,
): Promise<ContractModuleFiles> {
  const { file, inputs, packages } = await bundleModule(specifier, options);
  return { file, inputs, packages };
}
