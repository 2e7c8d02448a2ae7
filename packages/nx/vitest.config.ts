import { defineProject } from 'vitest/config';
import { TEST_TIMEOUTS, workspaceAliases } from '../../vitest.shared.ts';

export default defineProject({
  resolve: { alias: workspaceAliases() },
  test: { include: ['test/**/*.test.ts'], ...TEST_TIMEOUTS },
});
