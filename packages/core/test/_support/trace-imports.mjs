// Preload with `node --import` to record every module URL a process resolves (see trace-imports-hooks.mjs).
import { register } from 'node:module';

register('./trace-imports-hooks.mjs', import.meta.url);
