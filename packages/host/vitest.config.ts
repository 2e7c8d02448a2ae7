import { defineProject } from 'vitest/config';
import { TEST_TIMEOUT_MS, workspaceAliases } from '../../vitest.shared.ts';

export default defineProject({
  resolve: { alias: workspaceAliases() },
  test: { include: ['test/**/*.test.ts'], testTimeout: TEST_TIMEOUT_MS },
});
