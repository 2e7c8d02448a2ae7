// A real npm registry for the publishing journeys: Verdaccio (pinned in e2e/registry/package.json, installed
// there on first use, kept out of the main install), started on 127.0.0.1 on a free port with its storage and
// users in a temp folder, no uplink (nothing is proxied to the public registry), and stopped by `close()`.
// A user is added the way `npm adduser` does; publishing needs its token, as on npmjs.com.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const registryDir = fileURLToPath(new URL('./registry/', import.meta.url));
const PIN = JSON.parse(readFileSync(join(registryDir, 'package.json'), 'utf8')).dependencies.verdaccio;
const bin = join(registryDir, 'node_modules/verdaccio/bin/verdaccio');

function installedVersion() {
  const file = join(registryDir, 'node_modules/verdaccio/package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

/** Install the pinned Verdaccio into e2e/registry unless it is there (about 60 MB, once). */
export function ensureVerdaccio() {
  if (installedVersion() === PIN) return;
  process.stderr.write(`installing Verdaccio ${PIN} into e2e/registry …\n`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: registryDir,
    // npm's report goes to stderr: a caller's stdout (the bench runner reads JSON there) stays its own.
    stdio: ['ignore', process.stderr, 'inherit'],
    timeout: 600_000,
  });
  if (installedVersion() !== PIN)
    throw new Error(`Verdaccio ${installedVersion() ?? 'is missing'}; expected ${PIN}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Start Verdaccio and add a user. Returns `url` (no trailing slash), `token` (that user's), `npmrc(scopes)`
 * (the text of a user npmrc that sends those scopes, or everything when none are given, to this registry with
 * the token), `versions(name)` (the versions it holds of a package) and `close()`.
 */
export async function startRegistry() {
  ensureVerdaccio();
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-verdaccio-'));
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(dir, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
      '    max_users: 10',
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    unpublish: $authenticated',
      'web:',
      '  enable: false',
      'max_body_size: 100mb',
      'log: { type: stdout, format: json, level: warn }',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    env: { ...process.env, VERDACCIO_STORAGE_PATH: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`Verdaccio exited ${child.exitCode}:\n${output}`);
      const ping = await fetch(`${url}/-/ping`).catch(() => undefined);
      if (ping?.ok) break;
      if (waited > 30_000) throw new Error(`Verdaccio did not answer on ${url} within 30 s:\n${output}`);
      await sleep(100);
    }
    // What `npm adduser` sends: the user is created and its token returned.
    const added = await fetch(`${url}/-/user/org.couchdb.user:skillpack-test`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'skillpack-test', password: 'skillpack-test-password' }),
    });
    const { token } = await added.json();
    if (!added.ok || !token) throw new Error(`Verdaccio refused the test user (${added.status}).`);
    const host = url.replace(/^http:/, '');
    return {
      url,
      token,
      npmrc: (scopes = []) =>
        [
          ...(scopes.length === 0
            ? [`registry=${url}/`]
            : scopes.map((scope) => `${scope}:registry=${url}/`)),
          `${host}/:_authToken=${token}`,
          '',
        ].join('\n'),
      async versions(name) {
        const response = await fetch(`${url}/${name.replace('/', '%2f')}`);
        return response.ok ? Object.keys((await response.json()).versions ?? {}) : [];
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
