#!/usr/bin/env node
import { runCommandProcess } from './cli/main.js';
import { runCli } from './cli/program.js';

runCommandProcess((io) => runCli(process.argv.slice(2), io));
