#!/usr/bin/env node
import { startHookProgram } from './hook-program.js';

const program = startHookProgram();

/** Called by the prebuilt bundle's loader before it stores its code cache (see code-cache.ts). */
export function warmUp(): void {
  program.warmUp();
}
