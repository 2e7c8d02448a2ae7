import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatReport } from './decision.js';
import { runHost } from './host.js';
import { runLive } from './live.js';

const USAGE = `Usage: node examples/host/dist/main.js [--runs DIR] [--json]
       node examples/host/dist/main.js --live RUNTIME [--cwd DIR] [--change ID] [--repair-command CMD]

Replay the recorded agent runs through @skillpack/adapters and the core protocol logic, and print the
decision an orchestrator would take at each step.

  --runs DIR            Folder of recorded runs (default: examples/host/runs)
  --json                Print one JSON document instead of text
  --live RUNTIME        Instead, run the Conflux acceptance loop through the real CLI (claude-code, codex
                        or opencode) with @skillpack/host's runContract, in --cwd (default: the current
                        folder) for change --change (default 1); --repair-command runs for each repair
`;

async function main(argv: readonly string[]): Promise<number> {
  let values: {
    runs?: string | undefined;
    json?: boolean | undefined;
    help?: boolean | undefined;
    live?: string | undefined;
    cwd?: string | undefined;
    change?: string | undefined;
    'repair-command'?: string | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        runs: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        live: { type: 'string' },
        cwd: { type: 'string' },
        change: { type: 'string' },
        'repair-command': { type: 'string' },
      },
    }));
  } catch (error) {
    process.stderr.write(`host: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.live !== undefined) {
    return runLive(
      {
        runtime: values.live,
        cwd: values.cwd ?? process.cwd(),
        changeId: values.change ?? '1',
        repairCommand: values['repair-command'],
      },
      (line) => process.stdout.write(`${line}\n`),
    );
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
