import type { RuntimeId } from '../runtime-id.js';

export const RUNTIME_ID = 'codex' satisfies RuntimeId;
