// Planning the permission rules `--activate` adds for Claude Code skills (runtimes/claude-code/activation.ts): next to the
// hook configuration edit, chained onto it when both land in the same file (the user scope's settings.json).
import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { readRegularFile } from '../files/read-regular-file.js';
import {
  ACTIVATION_FILE,
  activationStep,
  gatedSkillName,
  mergeRules,
  removeRules,
  skillRule,
} from '../runtimes/claude-code/activation.js';
import { perRuntime } from '../runtimes/registry.js';
import type { InstallScope } from './layout.js';
import type { LockedActivation, LockedInstall } from './lock-file.js';
import type { PackFile, PlanAction } from './plan.js';
import { chainSettingsRemoval, currentSettings, writingSettings } from './settings-file.js';

/** What the user is told (or what `--activate` did): the rules, the file, and whether they are in place. */
export interface ActivationReport {
  readonly file: string;
  readonly rules: readonly string[];
  /** Every rule is in the file (added now or before, by skillpack or by the person). */
  readonly active: boolean;
  readonly add: { permissions: { allow: string[] } };
}

export interface ActivationPlan {
  /** The hook configuration action, with the rules merged in when it writes the same file. */
  readonly hookAction?: PlanAction;
  readonly action?: PlanAction;
  readonly locked?: LockedActivation;
  readonly report?: ActivationReport;
}

/** Runtimes whose skills need a permission rule to run headless (`install.headlessSkillRules`). */
const NEEDS_RULES = perRuntime((runtime) => runtime.install.headlessSkillRules);

async function gatedRules(
  packDir: string,
  files: readonly PackFile[],
  skillName: (name: string) => string,
  verified: ReadonlyMap<string, Uint8Array> | undefined,
): Promise<string[]> {
  const rules: string[] = [];
  for (const file of files) {
    if (!file.source.endsWith('/SKILL.md')) continue;
    let bytes = verified?.get(file.source);
    if (bytes === undefined) {
      const read = await readRegularFile(join(packDir, file.source));
      if (!read.success) continue;
      bytes = read.data.bytes;
    }
    const name = gatedSkillName(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    );
    if (name !== undefined) rules.push(skillRule(skillName(name)));
  }
  return rules.sort();
}

/** Plan the allow rules of an install (added only when `activate`; reported either way). */
export async function planActivation(input: {
  readonly runtime: RuntimeId;
  readonly scope: InstallScope;
  readonly root: string;
  readonly packDir: string;
  readonly files: readonly PackFile[];
  /** The files' bytes readPack verified (`ReadPack.bytes`), read from `packDir` for any not in it. */
  readonly bytes?: ReadonlyMap<string, Uint8Array>;
  readonly previous: LockedInstall | undefined;
  readonly activate: boolean;
  readonly hookAction: PlanAction | undefined;
  /** The name the model calls a skill by (a plugin's skills are `<plugin>:<skill>`); default the skill's name. */
  readonly skillName?: (name: string) => string;
}): Promise<ActivationPlan> {
  const keepHook = input.hookAction ? { hookAction: input.hookAction } : {};
  if (!NEEDS_RULES[input.runtime]) return keepHook;
  const path = ACTIVATION_FILE[input.scope];
  const rules = await gatedRules(
    input.packDir,
    input.files,
    input.skillName ?? ((name) => name),
    input.bytes,
  );
  const recorded = input.previous?.activation?.allow ?? [];
  if (rules.length === 0 && recorded.length === 0) return keepHook;
  const disk = await currentSettings(input.root, path);
  const sameFile = input.hookAction?.path === path ? input.hookAction : undefined;
  const base =
    sameFile && (sameFile.type === 'write' || sameFile.type === 'replace') ? sameFile.content : disk.text;
  const report = (active: boolean): ActivationReport => ({
    ...activationStep(input.scope, input.root, rules),
    rules,
    active,
  });
  const inPlace = (text: string | undefined) => {
    const edit = text === undefined ? undefined : mergeRules(text, rules, []);
    return edit !== undefined && edit.kind === 'unchanged';
  };
  const blocked =
    (sameFile && sameFile.type === 'conflict') ||
    (disk.state.kind !== 'file' && disk.state.kind !== 'missing');
  if (!input.activate || blocked) {
    const locked = input.previous?.activation ? { locked: input.previous.activation } : {};
    return { ...keepHook, ...locked, report: report(rules.length === 0 || inPlace(base)) };
  }
  const edit = mergeRules(base, rules, recorded);
  if (edit.kind === 'invalid') {
    const action: PlanAction = { type: 'conflict', path, reason: 'hook-config-invalid', detail: edit.detail };
    return { ...keepHook, action, report: report(false) };
  }
  const locked: LockedActivation | undefined =
    edit.added.length === 0
      ? undefined
      : {
          file: path,
          createdFile: disk.state.kind === 'missing' || (input.previous?.activation?.createdFile ?? false),
          allow: [...edit.added],
        };
  const withLock = locked ? { locked } : {};
  if (edit.kind === 'unchanged') return { ...keepHook, ...withLock, report: report(true) };
  const action = writingSettings(path, edit.text, disk.state);
  if (sameFile) return { hookAction: action, ...withLock, report: report(true) };
  return { ...keepHook, action, ...withLock, report: report(true) };
}

/** Take the rules uninstalled packs added out again, chained onto the hook removal of the same file. */
export async function planActivationRemoval(
  root: string,
  installs: readonly LockedInstall[],
  hookActions: readonly PlanAction[],
): Promise<PlanAction[]> {
  const actions = [...hookActions];
  for (const install of installs) {
    const activation = install.activation;
    if (!activation) continue;
    const created = activation.createdFile || install.hookConfig?.createdFile === true;
    await chainSettingsRemoval(root, actions, activation.file, (base) => {
      const edit = removeRules(base, activation.allow);
      if (edit.kind !== 'changed') return edit;
      return {
        kind: 'changed',
        text: edit.text,
        deleteFile: created && edit.text.replace(/\s/g, '') === '{}',
      };
    });
  }
  return actions;
}
