import { createRequire } from 'node:module';

/**
 * `specifier` as Node resolves it from each of `from` (files or URLs, in order): the first that finds it, or
 * nothing. How a bundle finds a package its importing file's folder may not have (zod, `@skillpack/*`).
 */
export function resolveFrom(specifier: string, from: readonly string[]): string | undefined {
  for (const base of from) {
    try {
      return createRequire(base).resolve(specifier);
    } catch {
      // Try the next.
    }
  }
  return undefined;
}
