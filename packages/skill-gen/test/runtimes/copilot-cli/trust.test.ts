import { describe, expect, it } from 'vitest';
import {
  splitCopilotConfig,
  trustCopilotFolder,
  untrustCopilotFolder,
} from '../../../src/runtimes/copilot-cli/trust.js';

// config.json as Copilot CLI 1.0.102 rewrote it after a run (comment lines, its own keys).
const WRITTEN_BY_COPILOT = `// User settings belong in settings.json.
// This file is managed automatically.
{
  "trustedFolders": [
    "/work/other"
  ],
  "firstLaunchAt": "2026-03-11T00:00:00.000Z"
}
`;

describe('Copilot folder trust in ~/.copilot/config.json', () => {
  it('creates the file with the one folder when there is none', () => {
    const edit = trustCopilotFolder(undefined, '/p');
    expect(edit.kind).toBe('add');
    if (edit.kind === 'add') expect(JSON.parse(edit.text)).toEqual({ trustedFolders: ['/p'] });
  });

  it('adds the folder after Copilot’s comment lines and takes exactly it out again, byte for byte', () => {
    const edit = trustCopilotFolder(WRITTEN_BY_COPILOT, '/p');
    expect(edit.kind).toBe('add');
    if (edit.kind !== 'add') return;
    expect(edit.text.startsWith('// User settings belong in settings.json.\n// This file')).toBe(true);
    expect(JSON.parse(splitCopilotConfig(edit.text).body).trustedFolders).toEqual(['/work/other', '/p']);
    expect(untrustCopilotFolder(edit.text, '/p')).toBe(WRITTEN_BY_COPILOT);
  });

  it('adds trustedFolders to a config without it, and removing it restores the file', () => {
    const original = '// managed\n{\n  "firstLaunchAt": "x"\n}\n';
    const edit = trustCopilotFolder(original, '/p');
    expect(edit.kind).toBe('add');
    expect(edit).toMatchObject({ kind: 'add', created: 'list' });
    if (edit.kind === 'add') expect(untrustCopilotFolder(edit.text, '/p', edit.created)).toBe(original);
  });

  it.each(['{\n  "trustedFolders": []\n}\n', '// managed\n{"trustedFolders": [], "model": "x"}'])(
    "keeps a person's own empty trustedFolders list: %j",
    (original) => {
      const edit = trustCopilotFolder(original, '/p');
      expect(edit.kind).toBe('add');
      if (edit.kind !== 'add') return;
      expect(edit.created).toBeUndefined();
      expect(untrustCopilotFolder(edit.text, '/p', edit.created)).toBe(original);
    },
  );

  it('leaves an already trusted folder alone, and never removes a folder it is not asked to', () => {
    expect(trustCopilotFolder(WRITTEN_BY_COPILOT, '/work/other')).toEqual({ kind: 'already_trusted' });
    expect(untrustCopilotFolder(WRITTEN_BY_COPILOT, '/p')).toBeUndefined();
  });

  it('refuses a file it cannot read instead of guessing', () => {
    expect(trustCopilotFolder('// x\nnot json', '/p')).toMatchObject({ kind: 'unreadable' });
    expect(trustCopilotFolder('{"trustedFolders": "/p"}', '/p')).toMatchObject({ kind: 'unreadable' });
    expect(untrustCopilotFolder('nope', '/p')).toBeUndefined();
  });
});
