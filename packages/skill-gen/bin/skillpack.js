#!/usr/bin/env node
// The `skillpack` bin, committed (with its executable bit) so that npm links it at install time, before
// anything is built; the CLI itself is the compiled dist/cli.js.
import '../dist/cli.js';
