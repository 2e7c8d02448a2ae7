// A runtime whose pack comes in more than one form chooses one per install (`install.packForm` in its
// runtimes/<id>/runtime.ts): Codex's plugin, put in its plugin cache, or its standalone skills.
import type { ConfigError, ProtocolError, Result } from '@skillpack/core';
import type { Manifest } from '../pack/manifest.js';
import type { InstallScope } from './layout.js';
import type { LockedInstall } from './lock-file.js';

/** The form an install chose, when it is not the runtime's skill form. */
export interface ChosenPackForm {
  /** Where a pack file lands below the scope root in this form, or `undefined` when it is not part of it. */
  readonly targetPath: (packPath: string) => string | undefined;
  /**
   * Whether install still wires the pack's Stop hook into the runtime's hook configuration itself, so the form's
   * own copy of the hook declaration and program stays out (a hook trusted twice runs twice per stop).
   */
  readonly wiresHook: boolean;
  /** What the runtime's install steps read of the choice (`InstallStepContext.packForm`). */
  readonly value: unknown;
}

/** How a runtime chooses the form of an install. */
export interface PackFormChoice {
  /**
   * Choose from the pack, the scope, the install's options (the runtime's own `--<id>-form`) and the install
   * the lock records: `undefined` is the skill form. A form the pack lacks or the scope cannot take is a
   * typed error that says which to use instead.
   */
  choose(
    manifest: Manifest,
    scope: InstallScope,
    options: Readonly<Record<string, unknown>>,
    previous: LockedInstall | undefined,
  ): Result<ChosenPackForm | undefined, ConfigError>;
}

/** A file of the pack and where it goes below the scope root. */
export interface SelectedPackFile {
  readonly path: string;
  readonly source: string;
  readonly sha256: string;
  readonly executable: boolean;
}

/**
 * A plugin form install stages in the scope root and the runtime enables through its settings (Claude Code's local
 * marketplace); install steps of the runtime do the enabling.
 */
export interface LocalPluginForm {
  /** The folder its plugins are staged in, below the scope root: an install with files there is in this form. */
  readonly root: string;
  /** The pack's files of the form and where they go, or why the pack has none. */
  select(manifest: Manifest): Result<SelectedPackFile[], ConfigError | ProtocolError>;
}
