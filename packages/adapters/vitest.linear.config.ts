import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.ts';

/**
 * The CPU-time linearity properties of the readers and the hook (10× the input: less than 20× the CPU), kept out of `npm test`
 * because they measure time; `node bench/run.mjs linear-properties` runs them.
 */
export default defineProject({
  resolve: { alias: workspaceAliases() },
  test: { include: ['test/properties/*.linear.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
