import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import type { InstallScope } from '../../src/install/layout.js';
import type { McpWiring } from '../../src/install/mcp-wiring.js';
import { SKILL_GEN_RUNTIME_LIST } from '../../src/runtimes/registry.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { snapshotTree, tempDir, writePack } from './_support/packs.js';
import { runtimePackFiles } from './_support/runtime-packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };
const SERVER = "#!/usr/bin/env node\n// the pack's MCP server\n";

/** Every runtime whose declaration wires a pack's MCP server, in both scopes. */
const CASES = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) =>
  runtime.install.mcp
    ? (['project', 'user'] as const).map((scope) => [runtime.id, scope, runtime.install.mcp!] as const)
    : [],
);

/** A person's own configuration, in their own formatting, with an MCP server of their own. */
function userConfig(mcp: McpWiring, scope: InstallScope): string {
  const config = mcp.config[scope];
  if (config.syntax === 'toml')
    return '# mine\nmodel = "o3"\n\n[mcp_servers.mine]\ncommand = "mine"\nargs = []\n';
  const comment = config.syntax === 'jsonc' ? '    // mine\n' : '';
  const [outer, ...inner] = config.servers;
  const servers = inner.reduceRight<unknown>((value, key) => ({ [key]: value }), {
    mine: { command: 'mine' },
  });
  return `{\n${comment}    "model": "o3",\n    "${outer}": ${JSON.stringify(servers)}\n}`;
}

function setup(runtime: RuntimeId, scope: InstallScope, server = true) {
  const work = tempDir('skillpack-mcp-install-');
  const root = join(work, 'root');
  mkdirSync(root);
  const mcp = SKILL_GEN_RUNTIME_LIST.find((entry) => entry.id === runtime)!.install.mcp!;
  const pack = writePack(join(work, 'pack'), PACK, {
    ...runtimePackFiles(runtime, scope, { hook: false }),
    ...(server ? { [mcp.packFile]: SERVER } : {}),
  });
  const options = { scope, projectDir: root, home: root, dryRun: false } as const;
  return {
    root,
    mcp,
    install: () => installPack({ ...options, packDir: pack, runtime, force: false }),
    uninstall: () => uninstallPack({ ...options, packName: PACK.name }),
  };
}

function write(root: string, file: string, text: string) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

describe('install wires a pack MCP server into the runtime MCP configuration', () => {
  it.each(CASES)(
    '%s %s: program, entry and approval installed, recorded, and removed exactly',
    async (runtime, scope, mcp) => {
      const { root, install, uninstall } = setup(runtime, scope);
      const config = mcp.config[scope];
      write(root, config.file, userConfig(mcp, scope));
      const approval = mcp.approval?.[scope];
      if (approval && approval.file !== config.file)
        write(root, approval.file, '{\n  "permissions": {"allow": ["Bash(ls)"]}\n}\n');
      const before = snapshotTree(root);
      const done = await install();
      expect(done.success ? done.data.status : done.error.message).toBe('applied');
      const program = `${mcp.programs[scope]}demo-pack/skillpack-mcp.cjs`;
      expect(readFileSync(join(root, program), 'utf8')).toBe(SERVER);
      const text = readFileSync(join(root, config.file), 'utf8');
      const programPath = `${root}/${program}`;
      expect(text).toContain(programPath);
      expect(text.startsWith(userConfig(mcp, scope).slice(0, 12))).toBe(true);
      if (config.syntax === 'toml') {
        expect(text).toContain('[mcp_servers.demo-pack]\n');
        expect(text).toContain('default_tools_approval_mode = "approve"');
      } else {
        const parsed = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
        const servers = config.servers.reduce((node, key) => node[key], parsed);
        expect(Object.keys(servers)).toEqual(['mine', 'demo-pack']);
        expect(servers['demo-pack']).toEqual(mcp.entry('node', [programPath, ...(mcp.serverArgs ?? [])]));
      }
      if (approval)
        expect(JSON.parse(readFileSync(join(root, approval.file), 'utf8')).permissions.allow).toContain(
          'mcp__demo-pack',
        );
      const lock = JSON.parse(
        readFileSync(
          join(root, scope === 'project' ? 'skillpack-lock.json' : '.skillpack/skillpack-lock.json'),
          'utf8',
        ),
      );
      expect(lock.installs[0].mcpServer).toMatchObject({ file: config.file, key: 'demo-pack' });
      const again = await install();
      expect(again.success && again.data.status).toBe('unchanged');
      const removed = await uninstall();
      expect(removed.success ? removed.data.status : removed.error.message).toBe('applied');
      const after = snapshotTree(root);
      expect(after).toEqual(before);
    },
  );

  it.each(CASES)(
    '%s %s: a file created for the entry is deleted again by uninstall',
    async (runtime, scope) => {
      const { root, install, uninstall } = setup(runtime, scope);
      const before = snapshotTree(root);
      const done = await install();
      expect(done.success ? done.data.status : done.error.message).toBe('applied');
      expect((await uninstall()).success).toBe(true);
      expect(snapshotTree(root)).toEqual(before);
    },
  );

  it.each(CASES)(
    '%s %s: a user entry of the same name is refused, nothing written',
    async (runtime, scope, mcp) => {
      const { root, install } = setup(runtime, scope);
      const config = mcp.config[scope];
      const mine =
        config.syntax === 'toml'
          ? '[mcp_servers.demo-pack]\ncommand = "mine"\n'
          : `${JSON.stringify(config.servers.reduceRight<unknown>((value, key) => ({ [key]: value }), { 'demo-pack': { command: 'mine' } }))}\n`;
      write(root, config.file, mine);
      const before = snapshotTree(root);
      const done = await install();
      expect(done.success).toBe(false);
      if (!done.success) {
        expect(done.error.code).toBe('mcp_server_conflict');
        expect(done.error.message).toContain(config.file);
      }
      expect(snapshotTree(root)).toEqual(before);
    },
  );

  it.each(CASES)('%s %s: a pack without a server gets no entry', async (runtime, scope, mcp) => {
    const { root, install } = setup(runtime, scope, false);
    const done = await install();
    expect(done.success ? done.data.status : done.error.message).toBe('applied');
    expect(existsSync(join(root, mcp.config[scope].file))).toBe(false);
  });
});

describe('a lock that records an MCP server edit it could not have made', () => {
  it('edits no other file on uninstall when the recorded file is not the runtime MCP file', async () => {
    const { root, install, uninstall } = setup('claude-code', 'project');
    expect((await install()).success).toBe(true);
    const lockPath = join(root, 'skillpack-lock.json');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    const victim = 'package.json';
    const original = '{\n  "mcpServers": {"demo-pack": {"command": "x"}}\n}\n';
    write(root, victim, original);
    lock.installs[0].mcpServer.file = victim;
    lock.installs[0].mcpServer.entry = { command: 'x' };
    writeFileSync(lockPath, JSON.stringify(lock));
    const removed = await uninstall();
    expect(removed.success ? removed.data.status : removed.error.message).toBe('applied');
    expect(readFileSync(join(root, victim), 'utf8')).toBe(original);
  });
});
