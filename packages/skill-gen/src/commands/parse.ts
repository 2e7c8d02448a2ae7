import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AgentRun } from '@skillpack/adapters';
import {
  ConfigError,
  type ErrorDetails,
  type ProtocolError,
  type Result,
  SkillpackError,
  type Warning,
} from '@skillpack/core';
import { type CliIo, type Command, EXIT } from '../cli-io.js';
import { loadCommandContracts } from './_contract-options.js';

const INPUT_RUNTIMES = ['auto', 'claude-code', 'codex', 'opencode', 'text'] as const;
type InputRuntime = (typeof INPUT_RUNTIMES)[number];

/** The most bytes read as plain text (`--runtime text`, or `auto` when no runtime is detected). */
export const TEXT_INPUT_LIMIT = 64 * 1024 * 1024;

const USAGE = `Usage: skillpack parse --contract <id> [--runtime auto|claude-code|codex|opencode|text]
                       [--config FILE] [--contracts MODULE …] [--accept-incomplete] [FILE|-]

Read an agent's output (FILE, or stdin for - or nothing) and print one JSON document:
  {"ok":true,"contract":…,"runtime":…,"value":…}            exit 0: the contract is satisfied
  {"ok":false,"contract":…,"runtime":…,"error":{…}}         exit 1: it is not; exit 2: usage or I/O error
Only a run that completed satisfies a contract: a failed or cut-short run is error "run_not_complete"
(exit 1), with what its final message held in error.details.candidate.

Options:
  --contract <id>         the contract to read, for example acme.review or one of the built-ins
  --runtime <kind>        auto (default: detect Claude Code, Codex or OpenCode JSON events, else plain
                          text), claude-code, codex, opencode, or text (the agent's message itself)
  -c, --config FILE       pack config whose contract modules to add (default: skillpack.config.json,
                          when present)
  --contracts MODULE      a contract module (.ts, .mts, .js, .mjs or a package) to add; repeatable
  --accept-incomplete     read the contract from a run that did not complete too (adds a
                          "run_not_complete" warning)
  -h, --help              show this help
`;

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
    };

interface ParseRequest {
  readonly contractId: string;
  readonly config: string | undefined;
  readonly contracts: readonly string[];
  readonly runtime: InputRuntime;
  readonly file: string | undefined;
  readonly acceptIncomplete: boolean;
}

/** A failure that ends the command with exit 2 (usage or I/O) rather than 1 (contract not satisfied). */
class InputError extends SkillpackError {
  override name = 'InputError';
}

function print(io: CliIo, document: ParseDocument): void {
  let text: string;
  try {
    text = JSON.stringify(document);
  } catch {
    text = JSON.stringify({ ...document, ...(document.ok ? { value: null } : {}) });
  }
  io.stdout(`${text}\n`);
}

function failure(io: CliIo, error: SkillpackError, request: Partial<ParseRequest>, runtime?: string): number {
  print(io, {
    ok: false,
    contract: request.contractId ?? null,
    runtime: runtime ?? request.runtime ?? null,
    error: { code: error.code, message: error.message, details: error.details },
  });
  const usage = error instanceof ConfigError && error.code === 'usage';
  if (usage) io.stderr(`skillpack parse: ${error.message}\nRun "skillpack parse --help" for usage.\n`);
  return error instanceof InputError || error instanceof ConfigError ? EXIT.usage : EXIT.failed;
}

function parseRequest(args: readonly string[]): Result<ParseRequest | 'help', ConfigError> {
  const usageError = (message: string) => ({
    success: false as const,
    error: new ConfigError('usage', message),
  });
  let parsed: {
    values: {
      contract?: string;
      runtime?: string;
      config?: string;
      contracts?: string[];
      'accept-incomplete'?: boolean;
      help?: boolean;
    };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        contract: { type: 'string' },
        runtime: { type: 'string' },
        config: { type: 'string', short: 'c' },
        contracts: { type: 'string', multiple: true },
        'accept-incomplete': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { success: true, data: 'help' };
  if (!values.contract) return usageError('--contract <id> is required.');
  const runtime = values.runtime ?? 'auto';
  if (!(INPUT_RUNTIMES as readonly string[]).includes(runtime)) {
    return usageError(`--runtime must be one of ${INPUT_RUNTIMES.join(', ')}; got "${runtime}".`);
  }
  if (positionals.length > 1) return usageError(`Expected at most one FILE; got ${positionals.length}.`);
  const file = positionals[0] === '-' ? undefined : positionals[0];
  return {
    success: true,
    data: {
      contractId: values.contract,
      config: values.config,
      contracts: values.contracts ?? [],
      runtime: runtime as InputRuntime,
      file,
      acceptIncomplete: values['accept-incomplete'] === true,
    },
  };
}

async function openInput(io: CliIo, file: string | undefined): Promise<AsyncIterable<Uint8Array | string>> {
  if (file === undefined) return io.stdin as AsyncIterable<Uint8Array | string>;
  const path = resolve(io.cwd, file);
  try {
    if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    throw new InputError('input_unreadable', `Cannot read ${file}: ${code}.`, {
      details: { file, errno: code },
    });
  }
  return createReadStream(path);
}

/** Pass chunks through while keeping a copy of the first `limit` bytes, for a plain-text fallback. */
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
    throw new InputError('input_unreadable', `Cannot read the input: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  if (tee.state.overflow) throw tooLarge();
  return decode(tee.state.kept);
}

function decode(chunks: readonly Uint8Array[]): string {
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function tooLarge(): InputError {
  return new InputError(
    'input_too_large',
    `The input is larger than ${TEXT_INPUT_LIMIT} bytes, too large to read as plain text; name its runtime with --runtime.`,
    { details: { limit: TEXT_INPUT_LIMIT } },
  );
}

/** A run-level problem that means the input itself could not be read (exit 2), not a bad answer. */
function inputProblem(run: AgentRun): InputError | undefined {
  const problem = run.problems.find(
    (candidate) => candidate.code === 'input_error' || candidate.code === 'invalid_input',
  );
  return (
    problem &&
    new InputError('input_unreadable', problem.message, { details: problem.details, cause: problem })
  );
}

async function run(request: ParseRequest, io: CliIo): Promise<number> {
  const [{ registry }, adapters] = await Promise.all([
    loadCommandContracts({ cwd: io.cwd, config: request.config, contracts: request.contracts }),
    import('@skillpack/adapters'),
  ]);
  const contract = registry.require(request.contractId);
  const source = await openInput(io, request.file);
  let runtime: string = request.runtime;
  let result: Result<unknown, ProtocolError>;
  if (request.runtime === 'text') {
    result = contract.extract(await readText(source));
  } else {
    // Only `auto` may fall back to plain text, so only it keeps a bounded copy of what it read.
    const tee = teeBounded(source, request.runtime === 'auto' ? TEXT_INPUT_LIMIT : 0);
    const agentRun = await adapters.readAgentRun(tee.chunks, { runtime: request.runtime });
    const problem = inputProblem(agentRun);
    if (problem) throw problem;
    if (agentRun.runtime === 'unknown') {
      // `auto` found no runtime events: the input is the agent's text itself.
      if (tee.state.overflow) throw tooLarge();
      runtime = 'text';
      result = contract.extract(decode(tee.state.kept));
    } else {
      runtime = agentRun.runtime;
      result = adapters.extractContract(agentRun, contract, {
        acceptIncomplete: request.acceptIncomplete,
      });
    }
  }
  const judged = contract.judge(result);
  if (!judged.satisfied) return failure(io, judged.error, request, runtime);
  const warnings = judged.warnings.length > 0 ? { warnings: judged.warnings } : {};
  const value = contract.toCanonicalJson(judged.value);
  print(io, { ok: true, contract: contract.id, runtime, value, ...warnings });
  return EXIT.ok;
}

export const command: Command = {
  name: 'parse',
  summary: "Read an agent's output and print the contract's value or typed error as JSON",
  usage: USAGE,
  async run(args, io) {
    const parsed = parseRequest(args);
    if (!parsed.success) return failure(io, parsed.error, {});
    if (parsed.data === 'help') {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    const request = parsed.data;
    try {
      return await run(request, io);
    } catch (error) {
      if (error instanceof SkillpackError) return failure(io, error, request);
      const message = error instanceof Error ? error.message : String(error);
      return failure(io, new InputError('internal_error', `skillpack parse failed: ${message}`), request);
    }
  },
};
