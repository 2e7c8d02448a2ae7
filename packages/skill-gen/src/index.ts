export type { CliIo, Command } from './cli-io.js';
export { EXIT } from './cli-io.js';
export { runCli } from './program.js';
export { generatorVersion } from './version.js';
