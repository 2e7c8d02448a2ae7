import { describe, expect, it } from 'vitest';
import {
  pluginTable,
  pluginTomlState,
  withoutPluginTable,
  withPluginTable,
} from '../../../src/runtimes/codex/plugin-toml.js';

const ID = 'demo-pack@demo-pack';
const TABLE = '[plugins."demo-pack@demo-pack"]\nenabled = true\n';

describe('the config.toml table that enables an installed Codex plugin', () => {
  it.each([
    ['', TABLE],
    ['model = "gpt-5.5"\n', `model = "gpt-5.5"\n\n${TABLE}`],
    ['model = "gpt-5.5"', `model = "gpt-5.5"\n\n${TABLE}`],
    ['# mine\r\n[a]\r\nb = 1\r\n', `# mine\r\n[a]\r\nb = 1\r\n\n${TABLE}`],
  ])('is appended to %j and taken out again byte for byte', (before, after) => {
    expect(pluginTable(ID)).toBe(TABLE);
    expect(pluginTomlState(before, ID)).toBe('absent');
    const added = withPluginTable(before, ID);
    expect(added).toBe(after);
    expect(pluginTomlState(added, ID)).toBe('enabled-by-skillpack');
    const removed = withoutPluginTable(added, ID);
    expect(removed).toBe(before.endsWith('\n') || before === '' ? before : `${before}\n`);
    expect(pluginTomlState(removed, ID)).toBe('absent');
  });

  it('leaves a table the user wrote (or disabled) alone', () => {
    for (const text of [
      '[plugins."demo-pack@demo-pack"]\nenabled = false\n',
      '[plugins."demo-pack@demo-pack"]\nenabled = true # mine\n',
      "plugins.'demo-pack@demo-pack'.enabled = true\n",
    ]) {
      expect(pluginTomlState(text, ID)).toBe('configured-by-user');
      expect(withoutPluginTable(text, ID)).toBe(text);
    }
  });

  it('takes out only its own table when the user added more after it', () => {
    const text = `model = "m"\n\n${TABLE}[projects."/p"]\ntrust_level = "trusted"\n`;
    expect(withoutPluginTable(text, ID)).toBe('model = "m"\n[projects."/p"]\ntrust_level = "trusted"\n');
    expect(pluginTomlState('[plugins."other@other"]\nenabled = true\n', ID)).toBe('absent');
  });
});
