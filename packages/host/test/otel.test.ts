import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Attributes, Span, SpanOptions, Tracer } from '@opentelemetry/api';
import { acceptanceContract } from '@skillpack/core/conflux';
import { describe, expect, it } from 'vitest';
import { exportAttemptSpans } from '../src/otel/index.js';
import { runContract } from '../src/run-contract.js';
import { codexRun, nodeBin, scratchDir } from './_fake-bin.js';

interface Recorded {
  name: string;
  options: SpanOptions;
  attributes: Attributes;
  events: { name: string; attributes: Attributes | undefined }[];
  status: unknown;
  ended: unknown;
}

/** A Tracer that records what it is asked to do (no SDK needed). */
function recordingTracer(spans: Recorded[]): Tracer {
  const startSpan = (name: string, options: SpanOptions = {}): Span => {
    const recorded: Recorded = {
      name,
      options,
      attributes: { ...options.attributes },
      events: [],
      status: undefined,
      ended: undefined,
    };
    spans.push(recorded);
    const span = {
      setAttribute: (key: string, value: unknown) => {
        recorded.attributes[key] = value as never;
        return span;
      },
      setAttributes: (values: Attributes) => {
        Object.assign(recorded.attributes, values);
        return span;
      },
      addEvent: (event: string, attributes?: Attributes) => {
        recorded.events.push({ name: event, attributes });
        return span;
      },
      setStatus: (status: unknown) => {
        recorded.status = status;
        return span;
      },
      end: (time?: unknown) => {
        recorded.ended = time ?? true;
      },
    } as unknown as Span;
    return span;
  };
  return { startSpan, startActiveSpan: (() => undefined) as never };
}

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every file a module reaches through relative imports, and every bare specifier they import. */
function reachable(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /(?:import|export)[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g,
    )) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else bare.add(specifier);
    }
  };
  visit(entry);
  return { files, bare };
}

describe('@skillpack/host/otel', () => {
  it('is the only module that imports @opentelemetry/api: the main entry never loads it', () => {
    const main = reachable(join(src, 'index.ts'));
    expect([...main.bare].filter((name) => name.startsWith('@opentelemetry'))).toEqual([]);
    expect([...main.files].some((file) => file.includes(`${join(src, 'otel')}`))).toBe(false);
    const importers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => readFileSync(join(src, file), 'utf8').includes("from '@opentelemetry/api'"));
    expect(importers).toEqual(['otel/index.ts']);
  });

  it('exports each attempt as an invoke_agent span with usage and the verdict as an evaluation event', async () => {
    const dir = scratchDir();
    const bin = nodeBin(
      dir,
      'codex',
      `const text = args[1] === 'resume' ? '{"acceptance":"pass"}' : 'no verdict';
process.stdout.write(${JSON.stringify(codexRun('thread-9', '__TEXT__'))}.replace('__TEXT__', JSON.stringify(text).slice(1, -1)));`,
    );
    const result = await runContract({
      runtime: 'codex',
      contract: acceptanceContract,
      prompt: 'Review change 42.',
      bin,
      cwd: dir,
      checkVersion: false,
    });
    expect(result.ok).toBe(true);
    const spans: Recorded[] = [];
    exportAttemptSpans(result, { tracer: recordingTracer(spans) });
    expect(spans.map((span) => span.name)).toEqual(['invoke_agent codex', 'invoke_agent codex']);
    const [first, second] = spans as [Recorded, Recorded];
    expect(first.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'codex',
      'gen_ai.conversation.id': 'thread-9',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 5,
      'skillpack.contract.id': 'conflux.acceptance',
    });
    expect(first.events).toEqual([
      {
        name: 'gen_ai.evaluation.result',
        attributes: expect.objectContaining({
          'gen_ai.evaluation.name': 'conflux.acceptance',
          'gen_ai.evaluation.score.label': 'fail',
        }),
      },
    ]);
    expect(second.events[0]?.attributes?.['gen_ai.evaluation.score.label']).toBe('pass');
    expect(first.options.startTime).toBe(result.attempts[0]?.startedAt);
    expect(second.ended).toBe(result.attempts[1]?.endedAt);
  });

  it('marks the attempt that ended the call with an error', async () => {
    const bin = nodeBin(scratchDir(), 'codex', 'process.exit(4);');
    const result = await runContract({
      runtime: 'codex',
      contract: acceptanceContract,
      prompt: 'Review change 42.',
      bin,
      checkVersion: false,
    });
    const spans: Recorded[] = [];
    exportAttemptSpans(result, { tracer: recordingTracer(spans) });
    expect(spans).toHaveLength(1);
    expect(spans[0]?.attributes['error.type']).toBe('exit_nonzero');
    expect(spans[0]?.events).toEqual([]);
  });
});
