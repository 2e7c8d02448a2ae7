import type { ActivationReport } from './activation-plan.js';
import type { HomePluginReport } from './home-plugin-step.js';
import type { OperationOutcome, ScopeListing } from './operations.js';
import type { PlanAction, PlanActionType } from './plan.js';
import type { PluginFormReport } from './plugin-form-report.js';

const REASONS: Readonly<Record<string, string>> = {
  'write:new': 'new',
  'write:restore': 'was missing; restored',
  'replace:update': 'updated',
  'replace:mode': 'same content; executable bit set as the pack says',
  'replace:forced-modified': 'changed since it was installed; overwritten (--force)',
  'replace:forced-foreign': 'not installed by skillpack; overwritten (--force)',
  'keep:unchanged': 'unchanged',
  'keep:adopt-identical': 'already there with the same content; now tracked',
  'delete:removed-from-pack': 'no longer in the pack',
  'delete:uninstall': 'unchanged since it was installed',
  'release:modified': 'changed since it was installed; kept, and no longer tracked',
  'release:missing': 'already gone',
  'release:not-a-file': 'no longer a regular file; left as it is',
  'write:hook-entry': "created for skillpack's hook entry (or permission rules)",
  'replace:hook-entry': "skillpack's hook entry added, updated or removed; every other entry kept",
  'delete:hook-entry': "only held skillpack's hook entry, and skillpack created it",
  'release:hook-entry-modified': "skillpack's hook entry was changed since it was installed; kept as it is",
  'release:runtime-config': 'runtime configuration; skillpack never deletes it, so it was left in place',
};

export function describeAction(action: PlanAction): string {
  if (action.type === 'conflict') return action.detail;
  const reason = REASONS[`${action.type}:${action.reason}`] ?? action.reason;
  return 'runtimeConfig' in action && action.runtimeConfig
    ? `${reason}; runtime configuration, allowed by --allow-runtime-config`
    : reason;
}

const LABELS: Readonly<Record<PlanActionType, string>> = {
  write: 'write',
  replace: 'replace',
  delete: 'delete',
  keep: 'keep',
  release: 'keep',
  conflict: 'CONFLICT',
};

const FORCEABLE = new Set(['modified', 'foreign']);

function summary(outcome: OperationOutcome): Record<PlanActionType, number> {
  const counts: Record<PlanActionType, number> = {
    write: 0,
    replace: 0,
    delete: 0,
    keep: 0,
    release: 0,
    conflict: 0,
  };
  for (const action of outcome.plan.actions) counts[action.type]++;
  return counts;
}

/** The plan and its outcome for people. Unchanged files are counted, not listed. */
export function formatOutcomeText(outcome: OperationOutcome): string {
  const { plan } = outcome;
  const lines = [
    `${plan.operation} ${plan.pack.name}@${plan.pack.version} for ${plan.runtimes.join(', ')} (${plan.scope} scope) in ${outcome.root}`,
  ];
  const unchanged = plan.actions.filter(
    (action) => action.type === 'keep' && action.reason === 'unchanged',
  ).length;
  for (const action of plan.actions) {
    if (action.type === 'keep' && action.reason === 'unchanged') continue;
    lines.push(`  ${LABELS[action.type].padEnd(8)} ${action.path}  (${describeAction(action)})`);
  }
  if (unchanged > 0) lines.push(`  ${unchanged} file(s) unchanged`);
  const counts = summary(outcome);
  switch (outcome.status) {
    case 'refused': {
      const forceable = plan.actions.every(
        (action) => action.type !== 'conflict' || FORCEABLE.has(action.reason),
      );
      const config = plan.actions.filter(
        (action) => action.type === 'conflict' && action.reason === 'runtime-config',
      ).length;
      const advice =
        config === counts.conflict
          ? ` The pack carries ${config} runtime configuration file(s); pass --allow-runtime-config only if you trust it to change how the runtime runs.`
          : forceable
            ? ' Use --force to overwrite them.'
            : '';
      lines.push(
        `Refused: ${counts.conflict} file(s) in the way (marked CONFLICT). Nothing was changed.${advice}`,
      );
      break;
    }
    case 'planned':
      lines.push('Dry run: nothing was changed.');
      break;
    case 'unchanged':
      lines.push('Nothing to do: already installed as planned.');
      break;
    case 'applied': {
      const done =
        plan.operation === 'install'
          ? `${counts.write + counts.replace} written, ${counts.delete} deleted, ${counts.release} left in place`
          : `${counts.delete} deleted, ${counts.release} left in place`;
      const lock =
        plan.lock.installs.length === 0
          ? `${outcome.lockFile} removed (nothing left installed)`
          : `lock file ${outcome.lockFile}`;
      lines.push(`Done: ${done}; ${lock}.`);
      break;
    }
  }
  if (
    counts.release > 0 &&
    plan.actions.some((action) => action.type === 'release' && action.reason === 'modified')
  ) {
    lines.push('Files you changed were kept; delete them yourself if you no longer need them.');
  }
  for (const { staging, outcome: how, untouched } of outcome.recovered) {
    const done = how === 'completed' ? 'finished its clean-up' : 'rolled its changes back';
    const kept = untouched.length > 0 ? ` (left ${untouched.join(', ')} as you changed them)` : '';
    lines.push(`Recovered an interrupted run (${staging}): ${done}${kept}.`);
  }
  for (const staging of outcome.pendingRecovery) {
    lines.push(`Note: ${staging} is from an interrupted run; the next install or uninstall recovers it.`);
  }
  return `${lines.join('\n')}\n`;
}

/** One JSON document describing the plan and its outcome. */
export function formatOutcomeJson(outcome: OperationOutcome, extra: Record<string, unknown> = {}): string {
  const { plan } = outcome;
  return `${JSON.stringify(
    {
      schemaVersion: 1,
      command: plan.operation,
      status: outcome.status,
      pack: plan.pack,
      runtimes: plan.runtimes,
      scope: plan.scope,
      root: outcome.root,
      lockFile: outcome.lockFile,
      actions: plan.actions.map((action) => ({
        type: action.type,
        path: action.path,
        reason: action.reason,
        description: describeAction(action),
      })),
      summary: summary(outcome),
      recovered: outcome.recovered,
      pendingRecovery: outcome.pendingRecovery,
      ...extra,
    },
    null,
    2,
  )}\n`;
}

export function formatListingText(listings: readonly ScopeListing[]): string {
  const lines: string[] = [];
  for (const listing of listings) {
    lines.push(`${listing.scope} scope: ${listing.lockFile}`);
    if (listing.packs.length === 0) lines.push('  (nothing installed)');
    for (const { install, unchanged, modified, missing } of listing.packs) {
      const changes = [
        modified.length > 0 ? `${modified.length} changed` : '',
        missing.length > 0 ? `${missing.length} missing` : '',
      ].filter(Boolean);
      lines.push(
        `  ${install.runtime.padEnd(12)} ${install.pack.name}@${install.pack.version}${install.pack.package ? ` (npm ${install.pack.package})` : ''}  ${install.files.length} file(s)${changes.length > 0 ? ` (${unchanged} as installed, ${changes.join(', ')})` : ''}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function formatListingJson(listings: readonly ScopeListing[]): string {
  const scopes = listings.map((listing) => ({
    scope: listing.scope,
    root: listing.root,
    lockFile: listing.lockFile,
    packs: listing.packs.map(({ install, unchanged, modified, missing }) => ({
      pack: install.pack,
      runtime: install.runtime,
      files: install.files.length,
      unchanged,
      modified,
      missing,
    })),
  }));
  return `${JSON.stringify({ schemaVersion: 1, command: 'list', scopes }, null, 2)}\n`;
}

/** The permission step a user without `--activate` is told: the file and the exact JSON to merge into it. */
export function formatActivationStep(report: ActivationReport): string {
  return [
    `Claude Code refuses, headless, to run ${report.rules.length === 1 ? 'this skill' : 'these skills'} without an allow rule (${report.rules.join(', ')}).`,
    `To let them run, add to ${report.file}:`,
    JSON.stringify(report.add, null, 2),
    'or run the install again with --activate. The Stop hook enforces either way.',
    '',
  ].join('\n');
}

/**
 * What a `--form plugin` install without `--activate` tells the user to run to enable the plugin; `title` names
 * the runtime (its declaration's).
 */
export function formatPluginFormStep(report: PluginFormReport | HomePluginReport, title: string): string {
  if (!('settingsFile' in report)) {
    return [
      `The plugin ${report.plugin} is staged in ${report.folder} but not installed: ${title} loads it only once its own`,
      `command has installed it into ${report.installed}. Install again with --activate, or run:`,
      ...report.steps.map((step) => `  ${step}`),
      '',
    ].join('\n');
  }
  return [
    `The plugin ${report.plugin} is copied to ${report.folder} but not enabled: Claude Code loads it only once it is`,
    `registered and enabled (this changes ${report.settingsFile} and Claude's plugin registry in your home).`,
    'Install again with --activate, or run:',
    ...report.steps.map((step) => `  ${step}`),
    '',
  ].join('\n');
}
