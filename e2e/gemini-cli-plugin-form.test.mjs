// Gemini CLI's extension form: `skillpack install --form plugin --runtime gemini-cli --scope user --activate`
// stages the pack's extension in ~/.gemini/skillpack-extensions/<pack>/ and has `gemini extensions install
// <folder> --consent` (the source trusted for that one process) copy it into ~/.gemini/extensions/<name>/; then
// the real headless `gemini -p` (the project trusted for the run) loads its skills and its AfterAgent hook.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { definePluginFormTests } from './_plugin-form.mjs';

definePluginFormTests(
  {
    runtime: 'gemini-cli',
    cli: 'gemini',
    staged: (pack) => `.gemini/skillpack-extensions/${pack}/`,
    installed: (pack) => `.gemini/extensions/${pack}/`,
    // The project's folder trust is the skill form's step (loops-gemini-cli); here it is given for the run.
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
    // Gemini CLI 0.61 lists an installed extension in extension-enablement.json.
    registered: (home, pack) => {
      const file = join(home, '.gemini/extensions/extension-enablement.json');
      return existsSync(file) && pack in JSON.parse(readFileSync(file, 'utf8'));
    },
  },
  { describe, it, before, after },
);
