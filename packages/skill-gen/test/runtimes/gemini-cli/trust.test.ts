import { describe, expect, it } from 'vitest';
import {
  geminiFolderTrust,
  geminiTrustAdvice,
  geminiTrustedFoldersFile,
  trustGeminiFolder,
  untrustGeminiFolder,
} from '../../../src/runtimes/gemini-cli/trust.js';

const FILE = '/home/me/.gemini/trustedFolders.json';

describe('Gemini CLI folder trust (trustedFolders.json)', () => {
  it('is read from GEMINI_CLI_TRUSTED_FOLDERS_PATH, else ~/.gemini/trustedFolders.json', () => {
    expect(geminiTrustedFoldersFile('/home/me', {})).toBe(FILE);
    expect(geminiTrustedFoldersFile('/home/me', { GEMINI_CLI_TRUSTED_FOLDERS_PATH: '/etc/t.json' })).toBe(
      '/etc/t.json',
    );
  });

  it.each([
    [{}, '/work/p', undefined],
    [{ '/work/p': 'TRUST_FOLDER' }, '/work/p', true],
    [{ '/work': 'TRUST_FOLDER' }, '/work/p/sub', true],
    [{ '/work/p/x': 'TRUST_PARENT' }, '/work/p', true],
    [{ '/work': 'TRUST_FOLDER', '/work/p': 'DO_NOT_TRUST' }, '/work/p', false],
    [{ '/work': 'DO_NOT_TRUST', '/work/p': 'TRUST_FOLDER' }, '/work/p', true],
    [{ '/work/pp': 'TRUST_FOLDER' }, '/work/p', undefined],
    [{ '/work/p': 'MAYBE' }, '/work/p', undefined],
  ] as const)('judges %j for %s like Gemini CLI: %s', (rules, folder, trusted) => {
    expect(geminiFolderTrust(rules, folder)).toBe(trusted);
  });

  it('creates the file with one member when there is none', () => {
    expect(trustGeminiFolder(undefined, FILE, '/work/p')).toEqual({
      success: true,
      data: { kind: 'write', text: '{\n  "/work/p": "TRUST_FOLDER"\n}\n', createdFile: true },
    });
  });

  it('adds one member and keeps every other byte; removing it gives the original text back', () => {
    const original = '{\n    "/home/me/other": "TRUST_FOLDER",\n    "/tmp": "DO_NOT_TRUST"\n}\n';
    const added = trustGeminiFolder(original, FILE, '/work/p');
    expect(added.success && added.data.kind).toBe('write');
    if (!added.success || added.data.kind !== 'write') return;
    expect(JSON.parse(added.data.text)).toEqual({
      '/home/me/other': 'TRUST_FOLDER',
      '/tmp': 'DO_NOT_TRUST',
      '/work/p': 'TRUST_FOLDER',
    });
    expect(
      added.data.text.startsWith('{\n    "/home/me/other": "TRUST_FOLDER",\n    "/tmp": "DO_NOT_TRUST"'),
    ).toBe(true);
    expect(untrustGeminiFolder(added.data.text, FILE, '/work/p', false)).toEqual({
      success: true,
      data: { kind: 'changed', text: original },
    });
  });

  it('does nothing for a folder already trusted, and never overrides DO_NOT_TRUST', () => {
    expect(trustGeminiFolder('{"/work":"TRUST_FOLDER"}', FILE, '/work/p')).toEqual({
      success: true,
      data: { kind: 'trusted', because: 'already' },
    });
    expect(trustGeminiFolder('{"/work/p":"DO_NOT_TRUST"}', FILE, '/work/p')).toEqual({
      success: true,
      data: { kind: 'distrusted', rule: '/work/p' },
    });
  });

  it('refuses a file it cannot edit safely, with a typed error', () => {
    for (const text of ['{"a": 1,}', '[]', '// c\n{}']) {
      const result = trustGeminiFolder(text, FILE, '/work/p');
      expect(!result.success && result.error.code).toBe('gemini_trust_invalid');
    }
  });

  it('on uninstall leaves a member a person changed, and deletes a file it created once empty', () => {
    expect(untrustGeminiFolder('{"/work/p":"DO_NOT_TRUST"}', FILE, '/work/p', true)).toEqual({
      success: true,
      data: { kind: 'unchanged' },
    });
    expect(untrustGeminiFolder('{\n  "/work/p": "TRUST_FOLDER"\n}\n', FILE, '/work/p', true)).toEqual({
      success: true,
      data: { kind: 'delete' },
    });
  });

  it('advises the exact step when install did not record the trust', () => {
    const advice = geminiTrustAdvice('/work/p', FILE, 'skillpack install ./pack --runtime gemini-cli');
    expect(advice).toContain('{"/work/p":"TRUST_FOLDER"}');
    expect(advice).toContain('--activate');
    expect(advice).toContain('GEMINI_CLI_TRUST_WORKSPACE=true');
  });
});
