import {
  failure,
  filesMatching,
  installedSkills,
  type ProbeContext,
  parseJson,
  skillChecks,
} from '../../doctor/probe-kit.js';
import type { PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';

export async function probeOpenCode(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  const listing = await runRuntime('opencode', ['debug', 'skill'], context);
  const listed = parseJson(listing.kind === 'ran' ? listing.stdout : '');
  const loaded =
    failure(listing, 'opencode debug skill') ??
    (Array.isArray(listed)
      ? new Set(
          listed.map((skill) => (skill as { name?: unknown })?.name).filter((n) => typeof n === 'string'),
        )
      : '`opencode debug skill` printed no JSON array');
  const checks = skillChecks(skills, loaded as Set<string> | string, '`opencode debug skill`');
  const plugins = filesMatching(install, /(?:^|\/)plugins\/[^/]+\.js$/);
  if (plugins.length > 0) {
    const config = await runRuntime(
      'opencode',
      ['debug', 'config', '--print-logs', '--log-level', 'INFO'],
      context,
    );
    const problem = failure(config, 'opencode debug config');
    const picked = (parseJson(config.kind === 'ran' ? config.stdout : '') as { plugin?: unknown })?.plugin;
    const stderr = config.kind === 'ran' ? config.stderr : '';
    const disabled = /skillpack plugin disabled: ([^\n"]*)/.exec(stderr)?.[1];
    for (const plugin of plugins) {
      const name = plugin;
      if (problem) checks.push({ kind: 'plugin', name, status: 'unchecked', detail: problem });
      else if (!Array.isArray(picked) || !picked.some((spec) => String(spec).endsWith(`/${plugin}`)))
        checks.push({
          kind: 'plugin',
          name,
          status: 'inactive',
          detail: 'OpenCode does not load this plugin file',
        });
      else if (disabled)
        checks.push({
          kind: 'plugin',
          name,
          status: 'inactive',
          detail: `the plugin disabled itself: ${disabled}`,
        });
      else if (!/skillpack: OpenCode plugin ready/.test(stderr))
        checks.push({
          kind: 'plugin',
          name,
          status: 'inactive',
          detail: 'OpenCode loaded the file but the plugin never reported ready',
        });
      else checks.push({ kind: 'plugin', name, status: 'active', detail: 'loaded by OpenCode and ready' });
    }
  }
  return {
    runtime: 'opencode',
    scope: install.scope,
    pack: install.pack,
    commands: ['opencode debug skill', ...(plugins.length > 0 ? ['opencode debug config --print-logs'] : [])],
    checks,
  };
}
