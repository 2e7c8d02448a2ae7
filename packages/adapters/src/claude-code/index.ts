import type { RuntimeId } from '../runtime-id.js';

export const RUNTIME_ID = 'claude-code' satisfies RuntimeId;
