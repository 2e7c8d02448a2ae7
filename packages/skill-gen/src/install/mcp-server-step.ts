// A pack's MCP server wired into its runtime's MCP configuration, as install steps every runtime with an
// `install.mcp` declaration gets (operations.ts adds them; the runtime declares only data): the server entry, and
// the approval rule its headless runs need where the runtime keeps that elsewhere (Claude Code's permissions).
// Each records in the lock exactly what it added; uninstall takes that out and nothing else. An edit of the file
// the hook configuration is in (Gemini CLI's and Qwen Code's settings.json) chains onto that file's edit.
import { ConfigError, fail, ok, type SkillpackError } from '@skillpack/core';
import {
  type InstallStepContext,
  type InstallStepPlan,
  lockedRecord,
  type RuntimeInstallStep,
} from './install-step.js';
import type { InstallScope } from './layout.js';
import {
  addMcpApproval,
  addMcpEntry,
  hasMcpServers,
  type McpEdit,
  mcpEntryDigest,
  removeMcpApproval,
  removeMcpEntry,
} from './mcp-config-edit.js';
import {
  type LockedMcpApproval,
  type LockedMcpServer,
  MCP_APPROVAL_RECORD,
  MCP_SERVER_RECORD,
} from './mcp-lock.js';
import {
  type McpApproval,
  type McpWiring,
  mcpProgramFolder,
  mcpProgramPath,
  mcpServerKey,
} from './mcp-wiring.js';
import type { PlanAction } from './plan.js';
import {
  chainSettingsRemoval,
  currentSettings,
  type SettingsRemoval,
  writingSettings,
} from './settings-file.js';

function refused(file: string, key: string, edit: Extract<McpEdit, { kind: 'refused' }>): SkillpackError {
  return new ConfigError(
    edit.conflict ? 'mcp_server_conflict' : 'mcp_config_invalid',
    edit.conflict
      ? `Refusing to install: ${file} ${edit.problem}. Rename or remove that entry (or uninstall the pack that wrote it) and install again.`
      : `${file} is not an MCP configuration skillpack can edit: ${edit.problem}. skillpack leaves it as it is; fix it and install again.`,
    { details: { file, key, problem: edit.problem } },
  );
}

/** The folder of the pack's server program when this install carries one (read-pack put it there). */
function serverFolder(mcp: McpWiring, context: InstallStepContext): string | undefined {
  const folder = mcpProgramFolder(mcp, context.scope, context.pack.name);
  return folder !== undefined && context.packFiles.includes(`${folder}skillpack-mcp.cjs`)
    ? folder
    : undefined;
}

/** What is in `file` now: the hook configuration's planned text when the step chains onto it, else the disk. */
async function currentText(context: InstallStepContext, file: string) {
  const disk = await currentSettings(context.root, file);
  const hook = context.settingsAction?.path === file ? context.settingsAction : undefined;
  const planned = hook ?? context.plannedAction(file);
  const base = planned?.type === 'write' || planned?.type === 'replace' ? planned.content : disk.text;
  // Chained onto the hook configuration's edit: it takes that edit's place; onto another step's: it supersedes it.
  return { disk, text: base, chained: hook !== undefined };
}

/** The plan of a step whose edit is `action` (in place of the hook configuration's edit when chained). */
const planOf = (action: PlanAction | undefined, chained: boolean, locked?: unknown): InstallStepPlan => ({
  ...(locked === undefined ? {} : { locked }),
  ...(action ? (chained ? { settingsAction: action } : { action }) : {}),
  finish: async () => ok({}),
});

/** Chain the removal of one recorded edit of `file` onto `actions`; a file a person changed is released. */
async function chainRemoval(
  root: string,
  actions: PlanAction[],
  file: string,
  remove: (text: string) => { kind: 'kept' } | Extract<SettingsRemoval, { kind: 'changed' }>,
): Promise<void> {
  await chainSettingsRemoval(root, actions, file, (text) => {
    const removed = remove(text);
    return removed.kind === 'kept' ? { kind: 'invalid' } : removed;
  });
}

/** The uninstall of a step's record as a plan of an install that no longer carries the server. */
async function removalPlan(
  context: InstallStepContext,
  file: string,
  remove: (text: string) => { kind: 'kept' } | Extract<SettingsRemoval, { kind: 'changed' }>,
): Promise<InstallStepPlan> {
  const chained = context.settingsAction?.path === file;
  const actions: PlanAction[] = chained ? [context.settingsAction!] : [];
  await chainRemoval(context.root, actions, file, remove);
  const action = actions.find((candidate) => candidate.path === file && candidate.type !== 'release');
  return planOf(action === context.settingsAction ? undefined : action, chained);
}

/** The server entry step of a runtime's `install.mcp`. */
export function mcpServerStep(mcp: McpWiring): RuntimeInstallStep {
  const removeEntry = (scope: InstallScope, recorded: LockedMcpServer) => (text: string) =>
    removeMcpEntry({
      text,
      config: mcp.config[scope],
      key: recorded.key,
      entry: recorded.entry,
      recorded: mcpEntryDigest(recorded.entry),
      ...(recorded.prefix === undefined ? {} : { prefix: recorded.prefix }),
      prune: recorded.createdServers,
      createdFile: recorded.createdFile,
    });
  return {
    record: MCP_SERVER_RECORD,
    async plan(context) {
      const config = mcp.config[context.scope];
      const previous = lockedRecord(context.previous, MCP_SERVER_RECORD);
      // A lock travels with the repository: only the runtime's own MCP file is ever edited.
      const recorded = previous?.file === config.file ? previous : undefined;
      const folder = serverFolder(mcp, context);
      if (folder === undefined) {
        return ok(
          recorded
            ? await removalPlan(context, config.file, removeEntry(context.scope, recorded))
            : undefined,
        );
      }
      const key = mcpServerKey(context.pack.name);
      const entry = mcp.entry('node', [mcpProgramPath(context.root, folder), ...(mcp.serverArgs ?? [])]);
      const { disk, text, chained } = await currentText(context, config.file);
      if (disk.state.kind !== 'file' && disk.state.kind !== 'missing')
        return fail(refused(config.file, key, { kind: 'refused', problem: 'it is not a regular file' }));
      const same = recorded?.key === key ? recorded : undefined;
      const edit = addMcpEntry({
        text,
        config,
        key,
        entry,
        recorded: same ? mcpEntryDigest(same.entry) : undefined,
      });
      if (edit.kind === 'refused') return fail(refused(config.file, key, edit));
      const base = text ?? '';
      const locked: LockedMcpServer = {
        file: config.file,
        key,
        entry,
        createdFile: same?.createdFile ?? disk.text === undefined,
        createdServers: same?.createdServers ?? !hasMcpServers(text, config),
        ...(config.syntax === 'toml'
          ? { prefix: same?.prefix ?? (base === '' ? '' : base.endsWith('\n') ? '\n' : '\n\n') }
          : {}),
      };
      const action =
        edit.kind === 'changed' ? writingSettings(config.file, edit.text, disk.state) : undefined;
      return ok(planOf(action, chained, locked));
    },
    async planRemoval(root, installs, actions) {
      const next = [...actions];
      for (const install of installs) {
        const recorded = lockedRecord(install, MCP_SERVER_RECORD);
        const file = mcp.config[install.scope].file;
        if (recorded?.file === file)
          await chainRemoval(root, next, file, removeEntry(install.scope, recorded));
      }
      return next;
    },
  };
}

/** The approval step of a runtime's `install.mcp` (a runtime whose headless calls need a rule elsewhere). */
export function mcpApprovalStep(mcp: McpWiring): RuntimeInstallStep {
  const removeRule = (approval: McpApproval, recorded: LockedMcpApproval) => (text: string) =>
    removeMcpApproval(text, approval, recorded.rule, recorded.keep, recorded.createdFile);
  return {
    record: MCP_APPROVAL_RECORD,
    async plan(context) {
      const approval = mcp.approval?.[context.scope];
      if (!approval) return ok(undefined);
      const previous = lockedRecord(context.previous, MCP_APPROVAL_RECORD);
      const recorded = previous?.file === approval.file ? previous : undefined;
      if (serverFolder(mcp, context) === undefined) {
        return ok(
          recorded ? await removalPlan(context, approval.file, removeRule(approval, recorded)) : undefined,
        );
      }
      const rule = approval.rule(mcpServerKey(context.pack.name));
      const { disk, text, chained } = await currentText(context, approval.file);
      if (disk.state.kind !== 'file' && disk.state.kind !== 'missing')
        return fail(refused(approval.file, rule, { kind: 'refused', problem: 'it is not a regular file' }));
      const edit = addMcpApproval(text, approval, rule);
      if (edit.kind === 'refused') return fail(refused(approval.file, rule, edit));
      // Already there: skillpack's own from the last install, or the user's (then never recorded, never removed).
      if (edit.kind === 'unchanged')
        return ok(planOf(undefined, chained, recorded?.rule === rule ? recorded : undefined));
      const locked: LockedMcpApproval = {
        file: approval.file,
        rule,
        keep: edit.existing ?? approval.array.length,
        createdFile: disk.text === undefined,
      };
      return ok(planOf(writingSettings(approval.file, edit.text, disk.state), chained, locked));
    },
    async planRemoval(root, installs, actions) {
      const next = [...actions];
      for (const install of installs) {
        const recorded = lockedRecord(install, MCP_APPROVAL_RECORD);
        const approval = mcp.approval?.[install.scope];
        if (recorded && approval && recorded.file === approval.file)
          await chainRemoval(root, next, approval.file, removeRule(approval, recorded));
      }
      return next;
    },
  };
}

/** The steps of a runtime's `install.mcp`, after its own. */
export const mcpSteps = (mcp: McpWiring | undefined): readonly RuntimeInstallStep[] =>
  mcp ? [mcpServerStep(mcp), ...(mcp.approval ? [mcpApprovalStep(mcp)] : [])] : [];
