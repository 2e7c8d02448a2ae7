import { ConfigError, fail, ok, ProtocolError } from '@skillpack/core';
import type { LocalPluginForm, SelectedPackFile } from '../../install/pack-form.js';
import { PLUGIN_FORM_ROOT, pluginName, pluginTargetPath } from './plugin.js';

const MARKETPLACE_MANIFEST = 'claude-code/.claude-plugin/marketplace.json';

/** Claude Code's plugin form: the pack's local marketplace, copied whole into `.claude/skillpack-plugins/<pack>/`. */
export const claudeCodeLocalPlugin: LocalPluginForm = {
  root: PLUGIN_FORM_ROOT,
  select(manifest) {
    const name = pluginName(manifest.pack.name);
    if (name === undefined)
      return fail(
        new ProtocolError(
          'pack_path_unsafe',
          `Refusing the pack: its name ${JSON.stringify(manifest.pack.name)} cannot name a Claude Code plugin and marketplace.`,
          { details: { pack: manifest.pack.name } },
        ),
      );
    const selected: SelectedPackFile[] = [];
    for (const entry of manifest.files) {
      const path = pluginTargetPath(name, entry.path);
      if (path !== undefined)
        selected.push({ path, source: entry.path, sha256: entry.sha256, executable: entry.executable });
    }
    if (!selected.some((file) => file.source === MARKETPLACE_MANIFEST))
      return fail(
        new ConfigError(
          'pack_runtime_missing',
          `The pack ${manifest.pack.name}@${manifest.pack.version} has no Claude Code plugin (it was built for: ${manifest.targets.join(', ') || 'nothing'}).`,
          { details: { runtime: 'claude-code', targets: manifest.targets } },
        ),
      );
    return ok(selected);
  },
};
