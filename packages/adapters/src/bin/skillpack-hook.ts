#!/usr/bin/env node
import { loadContracts } from '../hooks/load-contracts.js';
import { startHookProgram } from './hook-program.js';

const program = startHookProgram(loadContracts);

/** Called by the prebuilt bundle's loader before it stores its code cache (see code-cache.ts). */
export function warmUp(): void {
  program.warmUp();
}
