import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { type AgentRun, RUNTIME_IDS } from '@skillpack/adapters';
import {
  type ErrorDetails,
  type ProtocolError,
  type Result,
  SkillpackError,
  type Warning,
} from '@skillpack/core';
import { type CommandContext, defineCommand } from '../cli/command.js';
import { EXIT, exitCodeFor, IoError } from '../cli/exit-code.js';
import type { CliIo } from '../cli/io.js';
import { kindCode, PATH_KIND_PHRASE, type PathKind, pathKind } from '../cli/path-kind.js';
import { formatJson } from '../cli/report.js';
import type { PackContracts } from '../contracts/pack-contracts-types.js';
import { toIoError } from '../errors/io-error.js';
import { CONFIG_OPTION, CONTRACTS_OPTION, type ContractSourceOptions } from './_contract-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

const INPUT_RUNTIMES = ['auto', ...RUNTIME_IDS, 'text'] as const;
type InputRuntime = (typeof INPUT_RUNTIMES)[number];

/** The most bytes read as plain text with `--runtime text` (`auto` keeps as much as one line may be). */
export const TEXT_INPUT_LIMIT = 64 * 1024 * 1024;

type ParseDocument =
  | {
      readonly ok: true;
      readonly contract: string;
      readonly runtime: string;
      readonly value: unknown;
      readonly warnings?: readonly Warning[];
    }
  | {
      readonly ok: false;
      readonly contract: string | null;
      readonly runtime: string | null;
      readonly error: { readonly code: string; readonly message: string; readonly details: ErrorDetails };
      readonly warnings?: readonly Warning[];
    };

interface ParseRequest {
  readonly contractId: string;
  readonly config: string | undefined;
  readonly contracts: readonly string[];
  readonly runtime: InputRuntime;
  readonly file: string | undefined;
  readonly acceptIncomplete: boolean;
}

function print(io: CliIo, document: ParseDocument): void {
  let text: string;
  try {
    text = formatJson(document, true);
  } catch {
    text = formatJson({ ...document, ...(document.ok ? { value: null } : {}) }, true);
  }
  io.stdout(text);
}

/** The contract is not satisfied (exit 1), or the input could not be read (exit 2). */
function failure(
  io: CliIo,
  error: SkillpackError,
  request: ParseRequest,
  runtime?: string,
  warnings: readonly Warning[] = [],
): number {
  print(io, {
    ok: false,
    contract: request.contractId,
    runtime: runtime ?? request.runtime,
    error: { code: error.code, message: error.message, details: error.details },
    ...(warnings.length > 0 ? { warnings } : {}),
  });
  return exitCodeFor(error) ?? EXIT.failed;
}

/** FILE opened for reading, or the typed error saying what is there instead of a regular file. */
async function openInput(io: CliIo, file: string | undefined): Promise<AsyncIterable<Uint8Array | string>> {
  if (file === undefined) return io.stdin;
  const path = resolve(io.cwd, file);
  let kind: PathKind;
  try {
    kind = await pathKind(path);
  } catch (error) {
    throw toIoError(error, 'read', file);
  }
  if (kind === 'missing') {
    throw new IoError('input_not_found', `Cannot read ${file}: no such file.`, {
      details: { file, errno: 'ENOENT' },
    });
  }
  if (kind !== 'file') {
    throw new IoError(
      kindCode('input', kind),
      `Cannot read ${file}: it is ${PATH_KIND_PHRASE[kind]}, not a regular file; pass the file that holds the agent's output, or - to read stdin.`,
      { details: { file, kind } },
    );
  }
  return createReadStream(path);
}

/** Pass chunks through while keeping a copy of the first `limit` bytes. */
function teeBounded(source: AsyncIterable<Uint8Array | string>, limit: number) {
  const kept: Uint8Array[] = [];
  const state = { bytes: 0, overflow: false, kept };
  async function* chunks() {
    for await (const chunk of source) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      state.bytes += bytes.byteLength;
      if (state.bytes > limit) state.overflow = true;
      else kept.push(bytes);
      yield bytes;
    }
  }
  return { chunks: chunks(), state };
}

async function readText(source: AsyncIterable<Uint8Array | string>): Promise<string> {
  const tee = teeBounded(source, TEXT_INPUT_LIMIT);
  try {
    for await (const _ of tee.chunks) if (tee.state.overflow) break;
  } catch (error) {
    throw new IoError('input_unreadable', `Cannot read the input: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  if (tee.state.overflow) throw tooLarge();
  return decode(tee.state.kept);
}

function decode(chunks: readonly Uint8Array[]): string {
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function tooLarge(limit = TEXT_INPUT_LIMIT): IoError {
  return new IoError(
    'input_too_large',
    `The input is larger than ${limit} bytes, too large to read as plain text; name its runtime with --runtime.`,
    { details: { limit } },
  );
}

/** A run-level problem that means the input itself could not be read (exit 2), not a bad answer. */
function inputProblem(run: AgentRun): IoError | undefined {
  const problem = run.problems.find(
    (candidate) => candidate.code === 'input_error' || candidate.code === 'invalid_input',
  );
  return (
    problem && new IoError('input_unreadable', problem.message, { details: problem.details, cause: problem })
  );
}

/** An output with no runtime event that `readAgentRun` could not keep whole as plain text. */
function tooLargeAsText(run: AgentRun): boolean {
  return (
    run.problems.some((problem) => problem.code === 'document_too_large') ||
    run.malformedLines.some((line) => line.error.code === 'line_too_long')
  );
}

/**
 * What the reader noticed about how the output ends that the answer's own error may not name: a last line
 * cut while it was written (`partial_last_line`), the line that may have said how the run ended.
 */
const RUN_END_WARNINGS: ReadonlySet<string> = new Set(['partial_last_line']);

/**
 * Where `parse` gets its contracts from: the built-ins and the modules of the config and `--contracts`
 * (`loadCommandContracts`; the bundled program, skillpack-parse.cjs, hands a run with modules back to it).
 */
export type ParseContractsLoader = (options: ContractSourceOptions) => Promise<PackContracts>;

async function run(request: ParseRequest, io: CliIo, loadContracts: ParseContractsLoader): Promise<number> {
  const [{ registry }, adapters] = await Promise.all([
    loadContracts({
      cwd: io.cwd,
      config: request.config,
      contracts: request.contracts,
      only: request.contractId,
    }),
    import('@skillpack/adapters'),
  ]);
  const contract = registry.require(request.contractId);
  const source = await openInput(io, request.file);
  let runtime: string = request.runtime;
  let result: Result<unknown, ProtocolError>;
  let runWarnings: readonly Warning[] = [];
  if (request.runtime === 'text') {
    result = contract.extract(await readText(source));
  } else {
    // Only the final message and, for a contract that reads them, the completed calls (which a `keepTools`
    // bound keeps outside the heap, one call listed) decide: a huge output is read in flat memory.
    const agentRun = await adapters.readAgentRun(source, {
      runtime: request.runtime,
      keepMessages: false,
      keepTools: contract.readToolCalls === undefined ? false : 1,
    });
    const problem = inputProblem(agentRun);
    if (problem) throw problem;
    if (agentRun.runtime === 'unknown' && tooLargeAsText(agentRun))
      throw tooLarge(adapters.DEFAULT_MAX_LINE_BYTES);
    // `auto` and no runtime event: plain text, the agent's message with no sign that the run completed, so
    // it is `run_not_complete` like any run that did not (the same answer as readAgentRun + extractContract).
    runtime = agentRun.format === 'text' ? 'text' : agentRun.runtime;
    runWarnings = agentRun.warnings.filter((warning) => RUN_END_WARNINGS.has(warning.code));
    result = adapters.extractContract(agentRun, contract, { acceptIncomplete: request.acceptIncomplete });
  }
  const judged = contract.judge(result);
  if (!judged.satisfied) return failure(io, judged.error, request, runtime, runWarnings);
  const all = [...runWarnings, ...judged.warnings];
  const warnings = all.length > 0 ? { warnings: all } : {};
  const value = contract.toCanonicalJson(judged.value);
  print(io, { ok: true, contract: contract.id, runtime, value, ...warnings });
  return EXIT.ok;
}

/** `skillpack parse` without its `run`: the declaration its usage, help and option parsing come from. */
const PARSE = {
  name: 'parse',
  summary: COMMAND_SUMMARIES.parse,
  description: `Read an agent's output (FILE, or stdin for - or nothing) and print one JSON document:
  {"ok": true, "contract": …, "runtime": …, "value": …}     exit 0: the contract is satisfied
  {"ok": false, "contract": …, "runtime": …, "error": {…}}  exit 1: it is not; 2: usage or I/O error
Only a run that completed satisfies a contract: a failed or cut-short run is the error
"run_not_complete" (exit 1), with what its final message held in error.details.candidate.
Plain text (no runtime events) says nothing about how the run ended: with auto it is
"run_not_complete" too; --runtime text or --accept-incomplete reads it as the final message.`,
  positionals: [{ name: 'FILE', description: 'The agent output to read; - or nothing reads stdin' }],
  options: {
    contract: {
      type: 'string',
      value: 'ID',
      required: true,
      description: 'The contract to read, for example acme.review or one of the built-ins',
    },
    runtime: {
      type: 'string',
      value: 'KIND',
      choices: INPUT_RUNTIMES,
      default: 'auto',
      description:
        "auto tells the runtime by its JSON events, else reads plain text (an incomplete run); text is the agent's message itself",
    },
    config: CONFIG_OPTION,
    contracts: CONTRACTS_OPTION,
    'accept-incomplete': {
      type: 'boolean',
      description: 'Read a run that did not complete too (with a "run_not_complete" warning)',
    },
  },
  output: 'json',
  exits: { ok: 'the contract is satisfied', failed: 'it is not (the error says why)' },
} as const;

async function runParse(
  { io, values, positionals }: CommandContext<typeof PARSE.options>,
  loadContracts: ParseContractsLoader,
): Promise<number> {
  const file = positionals[0] === '-' ? undefined : positionals[0];
  const request: ParseRequest = {
    contractId: values.contract,
    config: values.config,
    contracts: values.contracts,
    runtime: values.runtime as InputRuntime,
    file,
    acceptIncomplete: values['accept-incomplete'],
  };
  try {
    return await run(request, io, loadContracts);
  } catch (error) {
    if (exitCodeFor(error) === undefined) throw error;
    const typed =
      error instanceof SkillpackError
        ? error
        : new IoError('input_unreadable', `Cannot read the input: ${(error as Error).message}.`, {
            cause: error,
          });
    return failure(io, typed, request);
  }
}

/** `skillpack parse`, its contracts loaded by `loadContracts` (the bundled program passes its own). */
export function parseCommand(loadContracts: ParseContractsLoader) {
  return defineCommand({ ...PARSE, run: (context) => runParse(context, loadContracts) });
}

/** The contracts of the command line, its modules included; imported when a run needs them. */
async function loadCommandLineContracts(options: ContractSourceOptions): Promise<PackContracts> {
  const { loadCommandContracts } = await import('./_contract-options.js');
  return loadCommandContracts(options);
}

export const command = /* @__PURE__ */ parseCommand(loadCommandLineContracts);
