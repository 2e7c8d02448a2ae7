import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Command, EXIT } from '../cli-io.js';
import { writeContractSchemas } from '../contract-schemas.js';
import { reportFailure, usageFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack schemas --out DIR

Write every registered contract's JSON Schema (draft 2020-12, output direction) as <id>.schema.json, and
its OpenAI-strict variant (for codex exec --output-schema) as <id>.openai.schema.json.

Options:
  -o, --out DIR  Folder to write into (created when missing)
  -h, --help     Show this help
`;

export const command: Command = {
  name: 'schemas',
  summary: "Write every registered contract's JSON Schema",
  usage: USAGE,
  async run(args, io) {
    let values: { out?: string; help: boolean };
    try {
      ({ values } = parseArgs({
        args: [...args],
        strict: true,
        allowPositionals: false,
        options: {
          out: { type: 'string', short: 'o' },
          help: { type: 'boolean', short: 'h', default: false },
        },
      }));
    } catch (error) {
      return usageFailure(io, 'schemas', (error as Error).message, USAGE);
    }
    if (values.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    if (values.out === undefined) return usageFailure(io, 'schemas', '--out DIR is required', USAGE);
    try {
      const { builtinContracts } = await import('@skillpack/core/contracts');
      const dir = resolve(io.cwd, values.out);
      const written = await writeContractSchemas(dir, builtinContracts);
      io.stdout(
        `Wrote ${written.length} schemas for ${builtinContracts.ids.length} contracts into ${relative(io.cwd, dir) || '.'}.\n`,
      );
      return EXIT.ok;
    } catch (error) {
      return reportFailure(io, 'schemas', error);
    }
  },
};
