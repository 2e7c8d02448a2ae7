import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { ContractRegistry } from '@skillpack/core';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { cliCommand } from '../cli/invocation.js';
import type { CliIo } from '../cli/io.js';
import { writeJson } from '../cli/report.js';
import type { DocsDrift } from '../docs/docs-drift.js';
import { BUILTIN_OPTION, CONFIG_OPTION } from './_contract-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

async function readPages(dir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return pages;
    throw error;
  }
  for (const name of names.filter((entry) => entry.endsWith('.md')).sort()) {
    pages.set(name, (await readFile(join(dir, name), 'utf8')).replaceAll('\r\n', '\n'));
  }
  return pages;
}

function describeDrift(drift: readonly DocsDrift[]): string {
  return drift.map((entry) => `  ${entry.kind.padEnd(7)}  ${entry.path}\n`).join('');
}

async function writePages(
  dir: string,
  drift: readonly DocsDrift[],
  rendered: readonly { path: string; content: string }[],
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const byPath = new Map(rendered.map((file) => [file.path, file.content]));
  for (const entry of drift) {
    const content = byPath.get(entry.path);
    if (content === undefined) await rm(join(dir, entry.path), { force: true });
    else await writeFile(join(dir, entry.path), content);
  }
}

/** `skillpack docs`: render and compare with what is on disk; write unless `check`. */
export async function runDocs(
  dir: string,
  check: boolean,
  io: CliIo,
  registry: ContractRegistry,
  format: 'text' | 'json' = 'text',
  builtin = false,
): Promise<number> {
  const builtinFlag = builtin ? ' --builtin' : '';
  const [{ renderContractDocs }, { compareDocs }] = await Promise.all([
    import('../docs/contract-docs.js'),
    import('../docs/docs-drift.js'),
  ]);
  const rendered = renderContractDocs(registry);
  const drift = compareDocs(await readPages(dir), rendered);
  const shown = relative(io.cwd, dir) || '.';
  if (format === 'json') {
    if (!check) await writePages(dir, drift, rendered);
    writeJson(io, {
      schemaVersion: 1,
      command: 'docs',
      ok: true,
      out: shown,
      check,
      pages: rendered.length,
      contracts: registry.ids.length,
      drift,
    });
    return check && drift.length > 0 ? EXIT.failed : EXIT.ok;
  }
  if (check) {
    if (drift.length === 0) {
      io.stdout(`${shown}: ${rendered.length} pages up to date.\n`);
      return EXIT.ok;
    }
    io.stderr(
      `skillpack docs: ${shown} is out of date (run ${cliCommand(`docs --out ${shown}${builtinFlag}`)}):\n${describeDrift(drift)}`,
    );
    return EXIT.failed;
  }
  await writePages(dir, drift, rendered);
  io.stdout(
    `Wrote ${shown}: ${rendered.length} pages for ${registry.ids.length} contracts, ${drift.length} changed.\n`,
  );
  return EXIT.ok;
}

export const command = defineCommand({
  name: 'docs',
  summary: COMMAND_SUMMARIES.docs,
  description: `Write one Markdown page per contract family (fields, rules, examples, and the errors each
contract reports) plus a README.md index, generated from the contracts of the pack config's "contracts"
modules; --builtin adds the ones @skillpack/core ships.`,
  options: {
    out: {
      type: 'string',
      short: 'o',
      value: 'DIR',
      required: true,
      description: 'Folder of the pages (created when missing)',
    },
    check: {
      type: 'boolean',
      description: 'Write nothing; exit 1 when a page in DIR differs from a fresh render',
    },
    config: CONFIG_OPTION,
    builtin: BUILTIN_OPTION,
  },
  output: 'formats',
  exits: { ok: 'written or up to date', failed: 'out of date (--check)' },
  notes: `Pages written by an earlier run that the contracts no longer produce are removed (reported with
--check); other Markdown files in DIR are left alone.`,
  async run({ io, values, format }) {
    const { contractsToWrite, loadCommandContracts } = await import('./_contract-options.js');
    const contracts = await loadCommandContracts({ cwd: io.cwd, config: values.config });
    const { checkOutputFolder } = await import('../cli/output-folder.js');
    await checkOutputFolder(resolve(io.cwd, values.out), '--out', io.cwd);
    const registry = contractsToWrite(contracts, values.builtin);
    return runDocs(resolve(io.cwd, values.out), values.check, io, registry, format, values.builtin);
  },
});
