import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPTIONAL_PEERS } from '../src/cli/optional-peer.js';
import { reviewContractSource } from './_support/review-contract.js';
import { configText, goldenDir, skillText, tempDir, writeTree } from './_support/temp.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const PEERS = Object.keys(OPTIONAL_PEERS);

/**
 * The built CLI in a process where the optional peers are not installed: a resolve hook answers them as Node
 * answers a package that is absent (`npm i -D @skillpack/skill-gen` without them).
 */
function withoutPeers(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const dir = tempDir('skillpack-no-peers-');
  const pattern = `^(?:${PEERS.map((name) => name.replace('/', '\\/')).join('|')})(?:/|$)`;
  writeTree(dir, {
    'hooks.mjs': `export async function resolve(specifier, context, next) {
  if (new RegExp(${JSON.stringify(pattern)}).test(specifier)) {
    const error = new Error(\`Cannot find package '\${specifier}' imported from \${context.parentURL}\`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}
`,
    'register.mjs': `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  });
  return spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), cli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, SKILLPACK_HOME: join(dir, 'home'), ...env },
    timeout: 120_000,
  });
}

describe('the CLI installs without the packages only some commands need (issue #41)', () => {
  it('declares @skillpack/testing, ts-morph and esbuild as optional peers, not dependencies', () => {
    for (const name of PEERS) expect(packageJson.dependencies, name).not.toHaveProperty(name);
    // Front matter is split by skill-gen and read with yaml: no gray-matter (and its js-yaml, esprima).
    expect(Object.keys(packageJson.dependencies).sort()).toEqual([
      '@skillpack/adapters',
      '@skillpack/core',
      'handlebars',
      'jsonc-parser',
      'yaml',
      'zod',
    ]);
    expect(packageJson.peerDependencies).toEqual(
      Object.fromEntries(Object.entries(OPTIONAL_PEERS).map(([name, peer]) => [name, peer.range])),
    );
    for (const name of PEERS) expect(packageJson.peerDependenciesMeta?.[name]).toEqual({ optional: true });
  });

  it('builds a pack that speaks built-in contracts with none of them (the type references ship prebuilt)', () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({ targets: ['claude-code', 'codex'] }),
      'skills/accept/skill.md': skillText(
        'name: accept\ndescription: Accept.\ncontracts: [conflux.acceptance]',
      ),
    });
    const built = withoutPeers(['build', '--out', 'out'], root);
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const reference = readFileSync(
      join(root, 'out/codex/.agents/skills/accept/references/conflux.acceptance.d.ts'),
      'utf8',
    );
    expect(reference).toContain('read from @skillpack/core');
  }, 120_000);

  it('names esbuild and the npm command when a pack has a Stop hook', () => {
    const run = withoutPeers(['build', '--out', tempDir('skillpack-no-peers-out-')], goldenDir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm i -D esbuild@0.28.2');
    expect(run.stderr).toContain('(optional_peer_missing)');
  }, 120_000);

  it("names @skillpack/testing and the npm command when doctor's proofs need it", () => {
    const project = tempDir('skillpack-no-peers-project-');
    const run = withoutPeers(['doctor', '--scope', 'project', '--dir', project], project);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm i -D @skillpack/testing@^0.1.0');
    expect(run.stderr).toMatch(/doctor --fast.*needs no proofs[\s\S]*\(optional_peer_missing\)/);
    const fast = withoutPeers(['doctor', '--fast', '--scope', 'project', '--dir', project], project);
    expect(fast.stderr).not.toContain('optional_peer_missing');
  }, 120_000);

  it('names esbuild and the npm command when a pack has a contract module of its own', () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({ contracts: ['./contracts/review.ts'] }),
      'contracts/review.ts': reviewContractSource(),
      'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.\ncontracts: [acme.review]'),
    });
    const run = withoutPeers(['build'], root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm i -D esbuild@0.28.2');
    expect(run.stderr).toContain('(optional_peer_missing)');
  }, 120_000);
});
