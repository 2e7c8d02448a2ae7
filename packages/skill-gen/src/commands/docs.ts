import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ContractRegistry } from '@skillpack/core';
import { type CliIo, type Command, EXIT } from '../cli-io.js';
import { renderContractDocs } from '../docs/contract-docs.js';
import { compareDocs, type DocsDrift } from '../docs/docs-drift.js';
import { loadCommandContracts } from './_contract-options.js';
import { reportFailure, usageFailure } from './_pack-options.js';

const USAGE = `Usage: skillpack docs --out DIR [--check] [--config FILE]

Write one Markdown page per contract family (fields, rules, examples, and the errors each contract
reports) plus a README.md index, generated from the registered contracts: the built-ins plus those of
the pack config's "contracts" modules.

Options:
  -o, --out DIR      Folder of the pages (created when missing)
  --check            Write nothing; exit 1 when a page in DIR differs from a fresh render
  -c, --config FILE  Pack config whose contract modules to add (default: skillpack.config.json, when present)
  -h, --help         Show this help

Pages written by an earlier run that the contracts no longer produce are removed (reported with --check);
other Markdown files in DIR are left alone.
Exit status: 0 written or up to date, 1 out of date (--check), 2 usage error.
`;

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

/** `skillpack docs`: render and compare with what is on disk; write unless `check`. */
export async function runDocs(
  dir: string,
  check: boolean,
  io: CliIo,
  registry: ContractRegistry,
): Promise<number> {
  const rendered = renderContractDocs(registry);
  const drift = compareDocs(await readPages(dir), rendered);
  const shown = relative(io.cwd, dir) || '.';
  if (check) {
    if (drift.length === 0) {
      io.stdout(`${shown}: ${rendered.length} pages up to date.\n`);
      return EXIT.ok;
    }
    io.stderr(
      `skillpack docs: ${shown} is out of date (run skillpack docs --out ${shown}):\n${describeDrift(drift)}`,
    );
    return EXIT.failed;
  }
  await mkdir(dir, { recursive: true });
  const byPath = new Map(rendered.map((file) => [file.path, file.content]));
  for (const entry of drift) {
    const content = byPath.get(entry.path);
    if (content === undefined) await rm(join(dir, entry.path), { force: true });
    else await writeFile(join(dir, entry.path), content);
  }
  io.stdout(
    `Wrote ${shown}: ${rendered.length} pages for ${registry.ids.length} contracts, ${drift.length} changed.\n`,
  );
  return EXIT.ok;
}

export const command: Command = {
  name: 'docs',
  summary: 'Write Markdown reference pages for every registered contract',
  usage: USAGE,
  async run(args, io) {
    let values: { out?: string; check: boolean; config?: string; help: boolean };
    try {
      ({ values } = parseArgs({
        args: [...args],
        strict: true,
        allowPositionals: false,
        options: {
          out: { type: 'string', short: 'o' },
          check: { type: 'boolean', default: false },
          config: { type: 'string', short: 'c' },
          help: { type: 'boolean', short: 'h', default: false },
        },
      }));
    } catch (error) {
      return usageFailure(io, 'docs', (error as Error).message, USAGE);
    }
    if (values.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    if (values.out === undefined) return usageFailure(io, 'docs', '--out DIR is required', USAGE);
    try {
      const { registry } = await loadCommandContracts({ cwd: io.cwd, config: values.config });
      return await runDocs(resolve(io.cwd, values.out), values.check, io, registry);
    } catch (error) {
      return reportFailure(io, 'docs', error);
    }
  },
};
