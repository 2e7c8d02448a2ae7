import type { ContractRegistry } from '@skillpack/core';
import type { BundlePaths } from '../hooks/hook-bundles.js';
import type { TypeReferenceOptions } from '../render/type-reference.js';
import type { TargetId } from '../targets/target-id.js';

/** What `build` and `check` work from; every field has a default the CLI relies on. */
export interface PackRequest {
  /** Directory relative paths are resolved from (default `process.cwd()`). */
  readonly cwd?: string;
  /** The pack config (default `skillpack.config.json` in `cwd`). */
  readonly config?: string;
  /** Pack directory, relative to `cwd` (default: the config's `out`, relative to the config file). */
  readonly out?: string;
  /** Render only these targets (default: the config's `targets`). */
  readonly targets?: readonly TargetId[];
  /** Contracts skills may speak (default: `builtinContracts` from `@skillpack/core/contracts`). */
  readonly registry?: ContractRegistry;
  /** Templates folder (default: the package's `templates/`). */
  readonly templatesDir?: string;
  /** Paths of the adapters' bundles (default: resolved from `@skillpack/adapters`). */
  readonly bundles?: BundlePaths;
  readonly typeReferences?: TypeReferenceOptions;
}

/** The pack config file read when none is named: `skillpack.config.json`. */
export const DEFAULT_CONFIG_FILE = 'skillpack.config.json';
