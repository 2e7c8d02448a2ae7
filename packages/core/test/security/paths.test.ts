// Declared paths (findings, Dev Flow paths, ZaoFu artifact refs and scopes, manifests) never leave the
// workspace: traversal, absolute, Windows drive and UNC forms are refused, on POSIX and Windows alike.
import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptanceContract } from '../../src/conflux/index.js';
import { RepositoryPathSchema } from '../../src/conflux/schemas.js';
import { RepositoryPathSchema as DevflowPathSchema } from '../../src/devflow/primitives.js';
import { normalizeRepositoryPath } from '../../src/index.js';
import { ArchProposalDonePayloadSchema } from '../../src/zaofu/arch-proposal-done.js';
import { ArtifactRefSchema } from '../../src/zaofu/artifact-manifest-published.js';
import { validateArtifactManifest } from '../../src/zaofu/index.js';
import { resolveManifestPayload } from '../../src/zaofu/manifest-payload.js';
import { runs, tokenText } from '../properties/_support/arbitraries.js';

/** Paths that leave a workspace on POSIX, on Windows, or on both. */
const ESCAPING_PATHS = [
  '../secret',
  'src/../../secret',
  '/etc/passwd',
  '~/.ssh/id_rsa',
  'C:\\Windows\\system.ini',
  'C:/Windows/system.ini',
  'c:secret',
  '\\\\server\\share\\secret',
  '//server/share/secret',
  '\\\\?\\C:\\secret',
  '..\\..\\secret',
  'src\\..\\..\\secret',
  '\\rooted\\secret',
] as const;

/** Resolve `path` against a POSIX and a Windows workspace; both must stay inside (or be the root). */
function staysInside(path: string): boolean {
  const posixPath = posix.resolve('/ws', path);
  const windowsPath = win32.resolve('D:\\ws', path);
  return (
    (posixPath === '/ws' || posixPath.startsWith('/ws/')) &&
    (windowsPath === 'D:\\ws' || windowsPath.startsWith('D:\\ws\\'))
  );
}

const PATH_TOKENS = ['..', '.', '/', '\\', 'C:', 'c:', '~', 'a', 'src', ' ', '\0', ':', '?', 'CON', '\u3000'];

function failVerdict(file: string): string {
  return JSON.stringify({
    acceptance: 'fail',
    findings: [
      {
        id: 'f-1',
        severity: 'major',
        summary: 'x',
        evidence: ['e'],
        required_changes: [{ file, description: 'change it' }],
        verification: [{ file: 'test/a.test.ts', description: 'prove it' }],
      },
    ],
  });
}

describe('conflux findings: declared files', () => {
  it.each(ESCAPING_PATHS)('refuses %j as a malformed finding naming the field and the path', (file) => {
    const result = acceptanceContract.extract(failVerdict(file));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('malformed_finding');
    expect(result.error.details).toMatchObject({
      fieldPath: 'findings[0].required_changes[0].file',
      rejection: { kind: 'invalid_path', field: 'required_changes' },
    });
    expect(RepositoryPathSchema.safeParse(file).success).toBe(false);
  });

  it('a path the normaliser accepts never resolves outside the workspace, on POSIX or Windows', () => {
    fc.assert(
      fc.property(tokenText(PATH_TOKENS, 12), (input) => {
        const path = normalizeRepositoryPath(input);
        if (path === undefined) return;
        expect(staysInside(path), `${JSON.stringify(input)} -> ${JSON.stringify(path)}`).toBe(true);
      }),
      runs(2_000),
    );
  });

  it('a path the parser hands back satisfies the contract schema (RepositoryPathSchema)', () => {
    fc.assert(
      fc.property(tokenText(PATH_TOKENS, 12), (input) => {
        const result = acceptanceContract.extract(failVerdict(input));
        if (!result.success || result.data.acceptance !== 'fail') return;
        const finding = result.data.findings[0];
        if (typeof finding !== 'object') return;
        const path = finding.required_changes[0]!.file;
        expect(
          RepositoryPathSchema.safeParse(path).success,
          `${JSON.stringify(input)} -> ${JSON.stringify(path)}`,
        ).toBe(true);
      }),
      runs(2_000),
    );
  });

  it('a finding whose file normalises to a path that normalises again is refused, never guessed', () => {
    // "src/a.ts \\" normalises to "src/a.ts " (trim, then `\` -> `/`, then drop the empty segment), and that
    // to "src/a.ts": it has no one reading, so it is a malformed finding (invalid_path), not a value the
    // schema refuses or a path quietly changed.
    const result = acceptanceContract.extract(failVerdict('src/a.ts \\'));
    expect(result).toMatchObject({
      success: false,
      error: { code: 'malformed_finding', details: { rejection: { kind: 'invalid_path' } } },
    });
  });

  it.each([
    ['a NUL byte', 'src/a\0.ts'],
    ['a reserved device name', 'src/CON'],
    ['a reserved name with an extension', 'NUL.txt'],
  ] as const)('keeps a path with %s inside the workspace when it accepts it', (_label, file) => {
    const result = acceptanceContract.extract(failVerdict(file));
    if (result.success && result.data.acceptance === 'fail') {
      const finding = result.data.findings[0];
      expect(typeof finding === 'object' && staysInside(finding.required_changes[0]!.file)).toBe(true);
    }
  });
});

describe('devflow repository paths', () => {
  it.each(ESCAPING_PATHS)('refuses %j', (path) => {
    expect(DevflowPathSchema.safeParse(path).success).toBe(false);
  });

  it('a path the schema accepts never resolves outside the workspace', () => {
    fc.assert(
      fc.property(tokenText(PATH_TOKENS, 12), (path) => {
        if (DevflowPathSchema.safeParse(path).success) expect(staysInside(path)).toBe(true);
      }),
      runs(2_000),
    );
  });
});

const SHA = 'a'.repeat(64);
const ref = (path: string) => ({ kind: 'spec', path, sha256: SHA, summary: 'the spec' });
const ROOTS = { projectRoot: '/work/project', stateDir: '.zf' };

describe('zaofu artifact refs (the contract schema agents are held to)', () => {
  it.each([...ESCAPING_PATHS, '.git/config', '.zf/state/events.jsonl', 'docs/a\0.md'])(
    'refuses %j',
    (path) => {
      expect(ArtifactRefSchema.safeParse(ref(path)).success).toBe(false);
    },
  );

  it.each([...ESCAPING_PATHS, '.zf/x', '.git/hooks/pre-commit'])(
    'refuses %j in an arch proposal file_plan',
    (path) => {
      const proposal = {
        summary: 's',
        changed_files: [],
        evidence_refs: ['e'],
        file_plan: [path],
        verification_command: 'npm test',
        dispatch_id: 'd',
      };
      expect(ArchProposalDonePayloadSchema.safeParse(proposal).success).toBe(false);
    },
  );

  it('an artifact path the schema accepts never resolves outside the project, on POSIX or Windows', () => {
    fc.assert(
      fc.property(tokenText(PATH_TOKENS, 12), (path) => {
        if (ArtifactRefSchema.safeParse(ref(path)).success) expect(staysInside(path)).toBe(true);
      }),
      runs(2_000),
    );
  });
});

describe('zaofu manifests as the kernel validates them (POSIX, lexical, no symlinks followed)', () => {
  it.each([
    '../secret',
    'docs/../../secret',
    '/etc/passwd',
    '/work/project/../secret',
    '/work/projectile/a.md',
    '.git/config',
    '.zf/state.json',
  ])('refuses %j as outside the allowed roots', (path) => {
    const result = validateArtifactManifest(
      { task_id: 'T', role: 'arch', artifact_refs: [ref(path)] },
      ROOTS,
    );
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('artifact_manifest_rejected');
      expect(result.error.details.fieldPath).toBe('artifact_refs[0].path');
    }
  });

  it('an accepted path resolves under the project root or <stateDir>/artifacts', () => {
    fc.assert(
      fc.property(
        tokenText(['..', '.', '/', 'a', '/work', '/project', '.zf', 'artifacts', '.git'], 10),
        (path) => {
          const result = validateArtifactManifest(
            { task_id: 'T', role: 'a', artifact_refs: [ref(path)] },
            ROOTS,
          );
          if (!result.success) return;
          const resolved = posix.resolve(ROOTS.projectRoot, result.data.artifact_refs[0]!.path);
          expect(resolved === ROOTS.projectRoot || resolved.startsWith(`${ROOTS.projectRoot}/`)).toBe(true);
        },
      ),
      runs(2_000),
    );
  });

  it.each(['../../etc/passwd', '/etc/passwd', '/work/project/../../etc/passwd', ' '])(
    'refuses manifest_path %j',
    (path) => {
      expect(resolveManifestPayload({ manifest_path: path }, ROOTS).success).toBe(false);
    },
  );
});
