#!/usr/bin/env node
// The `skillpack-hook` bin, committed (with its executable bit) so that npm links it at install time,
// before anything is built; the hook itself is the compiled dist/bin/skillpack-hook.js.
import '../dist/bin/skillpack-hook.js';
