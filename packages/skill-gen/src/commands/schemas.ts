import { relative, resolve } from 'node:path';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { writeJson } from '../cli/report.js';

export const command = defineCommand({
  name: 'schemas',
  summary: "Write every registered contract's JSON Schema",
  description: `Write every registered contract's JSON Schema (draft 2020-12, output direction) as
<id>.schema.json, and its OpenAI-strict variant (for codex exec --output-schema) as <id>.openai.schema.json.`,
  options: {
    out: {
      type: 'string',
      short: 'o',
      value: 'DIR',
      required: true,
      description: 'Folder to write into (created when missing)',
    },
  },
  output: 'formats',
  exits: { ok: 'written' },
  async run({ io, values, format }) {
    const [{ builtinContracts }, { writeContractSchemas }] = await Promise.all([
      import('@skillpack/core/contracts'),
      import('../contract-schemas.js'),
    ]);
    const dir = resolve(io.cwd, values.out);
    const written = await writeContractSchemas(dir, builtinContracts);
    const out = relative(io.cwd, dir) || '.';
    if (format === 'json') {
      writeJson(io, {
        schemaVersion: 1,
        command: 'schemas',
        ok: true,
        out,
        contracts: builtinContracts.ids.length,
        files: written,
      });
    } else {
      io.stdout(
        `Wrote ${written.length} schemas for ${builtinContracts.ids.length} contracts into ${out}.\n`,
      );
    }
    return EXIT.ok;
  },
});
