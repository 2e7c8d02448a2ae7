// Preload with `node --import` to record which modules a process loads (see trace-imports-hooks.mjs).
import { register } from 'node:module';

register('./trace-imports-hooks.mjs', import.meta.url);
