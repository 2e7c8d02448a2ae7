// A plan: what an install or an uninstall does with each path below the scope root, and the lock after it.
// install-plan.ts makes one; apply-plan.ts carries it out.
import type { RuntimeId } from '@skillpack/adapters';
import type { LockedHookConfig } from './hook-config.js';
import type { InstallScope } from './layout.js';
import type { LockFile } from './lock-file.js';

/** What is at a target path right now (symlinks are never followed). */
export type DiskState =
  | { readonly kind: 'missing' }
  | { readonly kind: 'file'; readonly sha256: string; readonly executable: boolean }
  | { readonly kind: 'symlink' }
  | { readonly kind: 'directory' }
  | { readonly kind: 'other' }
  /** A parent directory resolves (through a symlink) outside the scope root. */
  | { readonly kind: 'outside-root'; readonly resolved: string };

/** A pack file to install: where it goes (relative to the scope root) and where it comes from in the pack. */
export interface PackFile {
  readonly path: string;
  readonly source: string;
  readonly sha256: string;
  readonly executable: boolean;
  /** A file under a runtime's folders outside the ones a pack may own (settings, config, MCP, agents). */
  readonly runtimeConfig?: boolean;
}

/** What a write or a replace puts at its path. */
export interface FileContent {
  readonly source: string;
  /** The bytes to write when they are computed (a merged hook configuration), not copied from `source`. */
  readonly content?: string;
  readonly sha256: string;
  readonly executable: boolean;
  readonly runtimeConfig?: true;
}

export type PlanAction =
  | ({
      readonly type: 'write';
      readonly path: string;
      readonly reason: 'new' | 'restore' | 'hook-entry';
    } & FileContent)
  | ({
      readonly type: 'replace';
      readonly path: string;
      readonly reason: 'update' | 'mode' | 'forced-modified' | 'forced-foreign' | 'hook-entry';
      /** The content expected on disk at apply time; a change in between aborts the apply. */
      readonly previousSha256: string;
    } & FileContent)
  | { readonly type: 'keep'; readonly path: string; readonly reason: 'unchanged' | 'adopt-identical' }
  | {
      readonly type: 'delete';
      readonly path: string;
      readonly reason: 'removed-from-pack' | 'uninstall' | 'hook-entry';
      readonly sha256: string;
    }
  /** Stop owning the file and leave whatever is there. */
  | {
      readonly type: 'release';
      readonly path: string;
      readonly reason: 'modified' | 'missing' | 'not-a-file' | 'runtime-config' | 'hook-entry-modified';
    }
  | {
      readonly type: 'conflict';
      readonly path: string;
      readonly reason:
        | 'modified'
        | 'foreign'
        | 'symlink'
        | 'not-a-file'
        | 'outside-root'
        | 'owned-by-other'
        | 'runtime-config'
        | 'hook-entry-modified'
        | 'hook-config-invalid';
      readonly detail: string;
    };

export type PlanActionType = PlanAction['type'];

export interface Plan {
  readonly operation: 'install' | 'uninstall';
  readonly pack: { readonly name: string; readonly version: string };
  readonly runtimes: readonly RuntimeId[];
  readonly scope: InstallScope;
  /** Sorted by path. */
  readonly actions: readonly PlanAction[];
  /** The lock file after the plan is applied. */
  readonly lock: LockFile;
  readonly lockChanged: boolean;
  readonly conflicts: number;
  /** Whether applying would change anything on disk. */
  readonly changes: boolean;
}

export interface HookConfigPlan {
  readonly action?: PlanAction;
  readonly locked?: LockedHookConfig;
}
