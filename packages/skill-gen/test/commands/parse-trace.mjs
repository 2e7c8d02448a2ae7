// Preload with `node --import` to record which modules `skillpack parse` loads (see parse-trace-hooks.mjs).
import { register } from 'node:module';

register('./parse-trace-hooks.mjs', import.meta.url);
