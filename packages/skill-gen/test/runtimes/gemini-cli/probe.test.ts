import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiListedSkills, geminiTrustOf } from '../../../src/runtimes/gemini-cli/probe.js';

const temps: string[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
});

describe('Gemini CLI doctor probe', () => {
  it('reads the enabled skills of `gemini skills list` (0.61.0 output)', () => {
    const stdout = [
      'Discovered Agent Skills:',
      '',
      'review [Enabled]',
      '  Description: Review.',
      '  Location:    /p/.gemini/skills/review/SKILL.md',
      'old [Disabled]',
      '  Description: Old.',
    ].join('\n');
    expect([...geminiListedSkills(stdout)]).toEqual(['review']);
    expect(geminiListedSkills('No skills discovered.\n').size).toBe(0);
  });

  it('judges folder trust like Gemini CLI: the env first, then trustedFolders.json', async () => {
    const home = mkdtempSync(join(tmpdir(), 'gemini-doctor-'));
    temps.push(home);
    expect((await geminiTrustOf('/work/p', { HOME: home })).trusted).toBe(false);
    expect((await geminiTrustOf('/work/p', { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'true' })).trusted).toBe(
      true,
    );
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini/trustedFolders.json'), '{"/work":"TRUST_FOLDER"}');
    expect(await geminiTrustOf('/work/p', { HOME: home })).toMatchObject({ trusted: true });
    expect(
      (await geminiTrustOf('/work/p', { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'false' })).trusted,
    ).toBe(false);
    writeFileSync(join(home, '.gemini/trustedFolders.json'), '{"/work/p":"DO_NOT_TRUST"}');
    expect((await geminiTrustOf('/work/p', { HOME: home })).detail).toContain('DO_NOT_TRUST');
  });
});
