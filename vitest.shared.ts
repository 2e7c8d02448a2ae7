import { fileURLToPath } from 'node:url';

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

/**
 * Resolve workspace packages to their TypeScript sources in tests, so a test never runs against a stale
 * `dist`. Published consumers resolve the same subpaths through each package's `exports` map.
 */
export function workspaceAliases(): { find: RegExp; replacement: string }[] {
  return [
    { find: /^@skillpack\/core$/, replacement: `${packagesDir}core/src/index.ts` },
    { find: /^@skillpack\/core\/contracts$/, replacement: `${packagesDir}core/src/contracts.ts` },
    { find: /^@skillpack\/core\/([a-z-]+)$/, replacement: `${packagesDir}core/src/$1/index.ts` },
    { find: /^@skillpack\/adapters$/, replacement: `${packagesDir}adapters/src/index.ts` },
    { find: /^@skillpack\/adapters\/([a-z-]+)$/, replacement: `${packagesDir}adapters/src/$1/index.ts` },
    { find: /^@skillpack\/host$/, replacement: `${packagesDir}host/src/index.ts` },
    { find: /^@skillpack\/host\/otel$/, replacement: `${packagesDir}host/src/otel/index.ts` },
    { find: /^@skillpack\/testing$/, replacement: `${packagesDir}testing/src/index.ts` },
  ];
}

/**
 * How long one test may run before it fails as hung. Generous on purpose: CI has two cores, and a test that
 * spawns the CLI or reads 256 MiB is slow there without being wrong; speed is measured in `bench/`.
 */
export const TEST_TIMEOUT_MS = 60_000;
