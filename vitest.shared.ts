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
 * How long one test, or one `beforeAll`/`afterAll`/`beforeEach` hook, may run before it fails as hung.
 * Generous on purpose: CI has two cores shared by every package's build, typecheck and tests at once, and a
 * test that spawns the CLI, reads 256 MiB or (in a hook) copies and transforms a package's sources is slow
 * there without being wrong; speed is measured in `bench/`. Vitest's own default for hooks (10 s) is not
 * enough: a hook that took 1.5 s alone took over 10 s with the machine loaded, and failed CI.
 */
const TEST_TIMEOUT_MS = 60_000;

/** {@link TEST_TIMEOUT_MS} for tests and hooks alike, to spread into a vitest config's `test`. */
export const TEST_TIMEOUTS = { testTimeout: TEST_TIMEOUT_MS, hookTimeout: TEST_TIMEOUT_MS } as const;
