import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Command, EXIT } from '../cli-io.js';
import { writeContractSchemas } from '../contract-schemas.js';
import { loadCommandContracts } from './_contract-options.js';
import { reportFailure, usageFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack schemas --out DIR [--config FILE]

Write every registered contract's JSON Schema (draft 2020-12, output direction) as <id>.schema.json, and
its OpenAI-strict variant (for codex exec --output-schema) as <id>.openai.schema.json. The registered
contracts are the built-ins plus those of the pack config's "contracts" modules.

Options:
  -o, --out DIR      Folder to write into (created when missing)
  -c, --config FILE  Pack config whose contract modules to add (default: skillpack.config.json, when present)
  -h, --help         Show this help
`;

export const command: Command = {
  name: 'schemas',
  summary: "Write every registered contract's JSON Schema",
  usage: USAGE,
  async run(args, io) {
    let values: { out?: string; config?: string; help: boolean };
    try {
      ({ values } = parseArgs({
        args: [...args],
        strict: true,
        allowPositionals: false,
        options: {
          out: { type: 'string', short: 'o' },
          config: { type: 'string', short: 'c' },
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
      const { registry } = await loadCommandContracts({ cwd: io.cwd, config: values.config });
      const dir = resolve(io.cwd, values.out);
      const written = await writeContractSchemas(dir, registry);
      io.stdout(
        `Wrote ${written.length} schemas for ${registry.ids.length} contracts into ${relative(io.cwd, dir) || '.'}.\n`,
      );
      return EXIT.ok;
    } catch (error) {
      return reportFailure(io, 'schemas', error);
    }
  },
};
