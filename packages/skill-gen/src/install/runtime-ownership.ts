import type { InstallScope } from './layout.js';

/**
 * What one install of a pack may own in a runtime, beyond what install derives from the declaration (the hook
 * program and hook configuration file of its `hookWiring`, the staged folder of its `homePlugin`): a lock travels
 * with the repository, so a lock entry is taken at its word only for a path in the pack's own namespace
 * (lock-ownership.ts). A new kind of installed file or edit is a new field here.
 */
export interface RuntimeOwnership {
  /** Where skills go, below the scope root. */
  readonly skillsFolder: Readonly<Record<InstallScope, string>>;
  /** The files the pack name gives an install besides its hook program (its plugin files), if any. */
  readonly packFiles?: (pack: string, scope: InstallScope) => readonly string[];
  /** The folders the pack name and version give an install (an installed plugin), if any. */
  readonly packFolders?: (pack: string, version: string, scope: InstallScope) => readonly string[];
  /** Where an install may add `Skill(<name>)` allow rules for its own skills (its `activation`), if anywhere. */
  readonly activationFile?: Readonly<Record<InstallScope, string>>;
  /** Where runtime configuration a pack carries may be recorded (never deleted, only released). */
  readonly configRoots: Readonly<Record<InstallScope, readonly string[]>>;
}
