import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperationOutcome } from '../../../src/install/operations.js';
import {
  formatGeminiTrust,
  GEMINI_TRUST_JOURNAL,
  geminiFolderTrust,
  geminiTrustAfter,
} from '../../../src/runtimes/gemini-cli/trust-step.js';

const temps: string[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
});
function sandbox() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'gemini-trust-step-')));
  temps.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
  return { home, project, file: join(home, '.gemini/trustedFolders.json') };
}
const outcome = (status: OperationOutcome['status']) => ({ status }) as OperationOutcome;
/** The after-install request of a project-scope install in the sandbox, with or without consent. */
const installRequest = (at: { project: string; home: string; consent: boolean; cwd: string }) => ({
  scope: 'project' as const,
  projectDir: at.project,
  home: at.home,
  env: {},
  cwd: at.cwd,
  consent: at.consent,
  options: {},
});

describe('the Gemini CLI trust step after install', () => {
  it('without --activate changes nothing and prints the exact step', async () => {
    const { home, project, file } = sandbox();
    const step = await geminiTrustAfter(
      outcome('applied'),
      installRequest({ project, home, consent: false, cwd: '/' }),
    );
    expect(step).toMatchObject({ trusted: false, recorded: false, file, folder: project });
    expect(() => readFileSync(file)).toThrow();
    const text = formatGeminiTrust(step!, 'skillpack install ./packs --runtime gemini-cli --scope project');
    expect(text).toContain(JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    expect(text).toContain('--activate');
  });

  it('with --activate adds the member (a new file only its owner reads), and says it is there next time', async () => {
    const { home, project, file } = sandbox();
    const request = installRequest({ project, home, consent: true, cwd: '/' });
    expect(await geminiTrustAfter(outcome('applied'), request)).toMatchObject({
      trusted: true,
      recorded: true,
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ [project]: 'TRUST_FOLDER' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await geminiTrustAfter(outcome('unchanged'), request)).toMatchObject({
      trusted: true,
      recorded: false,
    });
  });

  it('keeps every byte of an existing file around the added member, and never overrides DO_NOT_TRUST', async () => {
    const { home, project, file } = sandbox();
    mkdirSync(join(home, '.gemini'));
    writeFileSync(file, '{\n  "/elsewhere": "TRUST_FOLDER"\n}\n');
    await geminiTrustAfter(outcome('applied'), installRequest({ project, home, consent: true, cwd: '/' }));
    expect(readFileSync(file, 'utf8')).toBe(
      `{\n  "/elsewhere": "TRUST_FOLDER",\n  ${JSON.stringify(project)}: "TRUST_FOLDER"\n}\n`,
    );
    writeFileSync(file, JSON.stringify({ [project]: 'DO_NOT_TRUST' }));
    const step = await geminiTrustAfter(
      outcome('applied'),
      installRequest({ project, home, consent: true, cwd: '/' }),
    );
    expect(step).toMatchObject({
      trusted: false,
      recorded: false,
      problem: expect.stringContaining('DO_NOT_TRUST'),
    });
  });

  it('a dry run records nothing; a refused install has no step; GEMINI_CLI_TRUSTED_FOLDERS_PATH is honoured', async () => {
    const { home, project, file } = sandbox();
    const request = installRequest({ project, home, consent: true, cwd: '/' });
    expect(await geminiTrustAfter(outcome('planned'), request)).toMatchObject({ recorded: false });
    expect(() => readFileSync(file)).toThrow();
    expect(await geminiTrustAfter(outcome('refused'), request)).toBeUndefined();
    const other = join(home, 'other.json');
    const step = await geminiTrustAfter(outcome('applied'), {
      ...request,
      env: { GEMINI_CLI_TRUSTED_FOLDERS_PATH: other },
    });
    expect(step?.file).toBe(other);
    expect(JSON.parse(readFileSync(other, 'utf8'))).toEqual({ [project]: 'TRUST_FOLDER' });
  });
});

describe('the Gemini CLI trust step: one behaviour, stated once', () => {
  const applied = (root: string, installs: unknown[] = []) =>
    ({ status: 'applied', root, plan: { lock: { installs } } }) as unknown as OperationOutcome;

  it.each([
    ['a trusted-folders file skillpack created', undefined],
    ['a file of the person’s', '{\n  "/elsewhere": "TRUST_FOLDER"\n}\n'],
  ])('%s: uninstall takes out the grant --activate added, and says so', async (_, original) => {
    const { home, project, file } = sandbox();
    if (original !== undefined) {
      mkdirSync(join(home, '.gemini'));
      writeFileSync(file, original);
    }
    const request = installRequest({ project, home, consent: true, cwd: project });
    const step = await geminiTrustAfter(outcome('applied'), request);
    expect(step).toMatchObject({ recorded: true });
    expect(formatGeminiTrust(step!, '')).toContain(
      'uninstall of the last gemini-cli install here takes it out',
    );
    // Another gemini-cli install still in the project keeps the grant.
    const still = [{ runtime: 'gemini-cli', scope: 'project' }];
    expect(await geminiFolderTrust.afterUninstall?.(applied(project, still), {}, { home })).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toContain(project);
    const note = await geminiFolderTrust.afterUninstall?.(applied(project), {}, { home });
    expect(note?.released).toBe(true);
    expect(note?.sentence).toContain(`took ${project} out of ${file}`);
    if (original === undefined) expect(() => readFileSync(file)).toThrow();
    else expect(readFileSync(file, 'utf8')).toBe(original);
    expect(() => readFileSync(join(home, '.gemini', GEMINI_TRUST_JOURNAL))).toThrow();
  });

  it('the hint without --activate says what uninstall does with a grant --activate adds', async () => {
    const { home, project } = sandbox();
    const request = installRequest({ project, home, consent: false, cwd: project });
    const step = await geminiTrustAfter(outcome('applied'), request);
    expect(formatGeminiTrust(step!, 'skillpack install ./pack')).toContain('uninstall takes it out');
  });

  it('a trust the person gave, or changed since, stays; a changed one is named', async () => {
    const { home, project, file } = sandbox();
    mkdirSync(join(home, '.gemini'));
    writeFileSync(file, JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    const request = installRequest({ project, home, consent: true, cwd: project });
    expect(await geminiTrustAfter(outcome('applied'), request)).toMatchObject({ recorded: false });
    expect(await geminiFolderTrust.afterUninstall?.(applied(project), {}, { home })).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ [project]: 'TRUST_FOLDER' });

    writeFileSync(file, '{}');
    expect(await geminiTrustAfter(outcome('applied'), request)).toMatchObject({ recorded: true });
    writeFileSync(file, JSON.stringify({ [project]: 'TRUST_PARENT' }));
    const note = await geminiFolderTrust.afterUninstall?.(applied(project), {}, { home });
    expect(note?.released).toBe(false);
    expect(note?.sentence).toContain('TRUST_PARENT');
    expect(note?.sentence).toContain(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ [project]: 'TRUST_PARENT' });
  });
});
