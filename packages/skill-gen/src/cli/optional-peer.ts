import { ConfigError } from '@skillpack/core';

/**
 * Packages only some commands need: optional peer dependencies of `@skillpack/skill-gen`, loaded on first use
 * (issue #41: `npm i -D @skillpack/skill-gen` stays small). The ranges are the package's `peerDependencies`.
 */
export const OPTIONAL_PEERS = {
  '@skillpack/testing': {
    range: '^0.1.0',
    neededBy: "doctor's proofs (`skillpack doctor` without --fast run the real CLI against a scripted model)",
    otherwise: '`skillpack doctor --fast` needs no proofs',
  },
  '@modelcontextprotocol/sdk': {
    range: '1.32.2',
    neededBy:
      "a pack whose skills speak a contract delivered as a tool (`skillpack build` bundles the pack's MCP submit server with it)",
    otherwise: 'a pack without tool-delivered contracts needs no MCP SDK',
  },
  esbuild: {
    range: '0.28.2',
    neededBy:
      'a pack with a Stop hook, an OpenCode plugin or contract modules of its own (`skillpack build` bundles the hook and plugin with the contracts they carry, and loads the modules)',
    otherwise: 'a pack with neither needs no esbuild',
  },
  'ts-morph': {
    range: '^28.0.0',
    neededBy: "the type references of a pack's own contract modules (references/<contract>.d.ts)",
    otherwise: 'the type references of built-in contracts ship prebuilt',
  },
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/** The error an optional peer's absence gives: what needs it, and the npm command that installs it. */
export function optionalPeerMissing(name: OptionalPeer, cause?: unknown): ConfigError {
  const peer = OPTIONAL_PEERS[name];
  const command = `npm i -D ${name}@${peer.range}`;
  return new ConfigError(
    'optional_peer_missing',
    `${name} is not installed: ${peer.neededBy} needs it, and it is an optional peer dependency of @skillpack/skill-gen. Install it: ${command} (${peer.otherwise}).`,
    { details: { package: name, range: peer.range, command }, cause },
  );
}

/** Whether `error` is Node's failure to find the package `name` itself (not a file or package inside it). */
export function isPackageMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && new RegExp(`(?:package|module) '${name}'`).test(message);
}

/**
 * `load()`, which imports the optional peer `name` (directly or through a module of this package); its absence
 * becomes `optionalPeerMissing(name)`, any other failure is rethrown as it is.
 */
export async function importOptionalPeer<T>(name: OptionalPeer, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isPackageMissing(error, name)) throw optionalPeerMissing(name, error);
    throw error;
  }
}
