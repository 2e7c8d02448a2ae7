// Copilot CLI's plugin form: `skillpack install --form plugin --runtime copilot-cli --scope user --activate`
// stages the pack's plugin in ~/.copilot/skillpack-plugins/<pack>/ and has `copilot plugin install <folder>` copy
// it into ~/.copilot/installed-plugins/_direct/<pack>/ (recorded in ~/.copilot/config.json); then the real
// headless `copilot -p` loads its skills and its agentStop hook (a plugin's hooks need no folder trust).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { definePluginFormTests } from './_plugin-form.mjs';

definePluginFormTests(
  {
    runtime: 'copilot-cli',
    cli: 'copilot',
    staged: (pack) => `.copilot/skillpack-plugins/${pack}/`,
    installed: (pack) => `.copilot/installed-plugins/_direct/${pack}/`,
    // Copilot CLI 1.0.102 lists installed plugins in config.json (two comment lines, then JSON).
    registered: (home, pack) => {
      const file = join(home, '.copilot/config.json');
      if (!existsSync(file)) return false;
      const text = readFileSync(file, 'utf8').replace(/^\/\/.*$/gm, '');
      return (JSON.parse(text).installedPlugins ?? []).some((plugin) => plugin.name === pack);
    },
  },
  { describe, it, before, after },
);
