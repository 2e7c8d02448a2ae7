// Preload with `node --require` to record every file CommonJS loads (the bundled `parse` is required by the
// bin) into $SKILLPACK_TRACE_FILE, one absolute path a line; Node built-ins are left out.
const { appendFileSync } = require('node:fs');
const Module = require('node:module');

const load = Module._load;
Module._load = function traced(request, parent, isMain) {
  const loaded = load.call(this, request, parent, isMain);
  if (process.env.SKILLPACK_TRACE_FILE && !Module.isBuiltin(request)) {
    appendFileSync(process.env.SKILLPACK_TRACE_FILE, `${Module._resolveFilename(request, parent, isMain)}\n`);
  }
  return loaded;
};
