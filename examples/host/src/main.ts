import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatReport } from './decision.js';
import { runHost } from './host.js';

const USAGE = `Usage: node examples/host/dist/main.js [--runs DIR] [--json]

Replay the recorded agent runs through @skillpack/adapters and the core protocol logic, and print the
decision an orchestrator would take at each step.

  --runs DIR  Folder of recorded runs (default: examples/host/runs)
  --json      Print one JSON document instead of text
`;

async function main(argv: readonly string[]): Promise<number> {
  let values: { runs?: string | undefined; json?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { runs: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    process.stderr.write(`host: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const runsDir = values.runs ?? fileURLToPath(new URL('../runs/', import.meta.url));
  const report = await runHost(runsDir);
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`host: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
