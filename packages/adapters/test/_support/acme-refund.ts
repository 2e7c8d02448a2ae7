import { defineContract } from '@skillpack/core';
import { z } from 'zod';
import { SPEC } from '../../../../e2e/_acme-refund.mjs';

type Refund = { refund: true; amount: number } | { refund: false; reason: string };

/**
 * The tool-delivered contract of the captured MCP runs' pack (`acme-refund`), built from the very source
 * `e2e/mcp-submit.test.mjs` and the capture scripts build that pack from (`e2e/_acme-refund.mjs`): the captures
 * under `fixtures/<runtime>/` were made with it.
 */
export const refund = defineContract<z.ZodType<Refund>>(new Function('z', `return (${SPEC});`)(z));
