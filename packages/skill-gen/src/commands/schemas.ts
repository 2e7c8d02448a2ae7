import { relative, resolve } from 'node:path';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { writeJson } from '../cli/report.js';
import { BUILTIN_OPTION, CONFIG_OPTION } from './_contract-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'schemas',
  summary: COMMAND_SUMMARIES.schemas,
  description: `Write every registered contract's JSON Schema (draft 2020-12, output direction) as
<id>.schema.json, and its OpenAI-strict variant (for codex exec --output-schema) as <id>.openai.schema.json.
The contracts are those of the pack config's "contracts" modules; --builtin adds the ones @skillpack/core ships.`,
  options: {
    out: {
      type: 'string',
      short: 'o',
      value: 'DIR',
      required: true,
      description: 'Folder to write into (created when missing)',
    },
    config: CONFIG_OPTION,
    builtin: BUILTIN_OPTION,
  },
  output: 'formats',
  exits: { ok: 'written' },
  async run({ io, values, format }) {
    const [{ contractsToWrite, loadCommandContracts }, { writeContractSchemas }] = await Promise.all([
      import('./_contract-options.js'),
      import('../render/contract-schemas.js'),
    ]);
    const contracts = await loadCommandContracts({ cwd: io.cwd, config: values.config });
    const dir = resolve(io.cwd, values.out);
    const { checkOutputFolder } = await import('../cli/output-folder.js');
    await checkOutputFolder(dir, '--out', io.cwd);
    const registry = contractsToWrite(contracts, values.builtin);
    const written = await writeContractSchemas(dir, registry);
    const out = relative(io.cwd, dir) || '.';
    if (format === 'json') {
      writeJson(io, {
        schemaVersion: 1,
        command: 'schemas',
        ok: true,
        out,
        contracts: registry.ids.length,
        files: written,
      });
    } else {
      io.stdout(`Wrote ${written.length} schemas for ${registry.ids.length} contracts into ${out}.\n`);
    }
    return EXIT.ok;
  },
});
