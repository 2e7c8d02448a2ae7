// Test fixtures: small explicit unwrappers for the agent event formats the conformance cases use, and a
// mapping from parser results to the conformance result model. Product unwrapping lives in adapters.

import { acceptanceRejectionOf } from '../../src/conflux/error-codes.js';
import { type AcceptanceParseResult, renderFindingLine } from '../../src/conflux/index.js';
import type { UnwrapLine } from '../../src/index.js';

type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseLine(line: string): Json | undefined {
  // Only a line that starts with `{` can be an event; skip the throwing parse for everything else.
  if (!line.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Claude stream-json (`assistant` text blocks, `result`, `stream_event` text deltas) and Codex `item.completed`. */
export const fixtureUnwrap: UnwrapLine = (line) => {
  const event = parseLine(line);
  if (!event) return undefined;
  if (event.type === 'assistant' && isObject(event.message) && Array.isArray(event.message.content)) {
    const texts = event.message.content
      .filter(
        (block): block is Json => isObject(block) && block.type === 'text' && typeof block.text === 'string',
      )
      .map((block) => block.text as string);
    return texts.length === 0 ? undefined : texts.join('');
  }
  if (
    event.type === 'result' &&
    event.is_error !== true &&
    typeof event.result === 'string' &&
    event.result !== ''
  ) {
    return event.result;
  }
  if (event.type === 'stream_event' && isObject(event.event) && isObject(event.event.delta)) {
    const delta = event.event.delta;
    return delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== ''
      ? delta.text
      : undefined;
  }
  if (event.type === 'item.completed' && isObject(event.item) && event.item.type === 'agent_message') {
    return typeof event.item.text === 'string' ? event.item.text : undefined;
  }
  return undefined;
};

const pascal = (kind: string) =>
  kind
    .split('_')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** A parse result in the conformance result model (`{result: 'Pass'}`, `{result: 'BareBlocker', rejection}`, …). */
export function toConformanceModel(result: AcceptanceParseResult): unknown {
  if (!result.success) {
    if (result.error.code === 'missing_verdict') return { result: 'MissingVerdict' };
    const { kind, ...rest } = acceptanceRejectionOf(result.error) as { kind: string };
    const name = result.error.code === 'bare_blocker' ? 'BareBlocker' : 'MalformedFinding';
    return { result: name, rejection: { kind: pascal(kind), ...rest } };
  }
  const verdict = result.data;
  switch (verdict.acceptance) {
    case 'pass':
      return { result: 'Pass' };
    case 'continue':
      return { result: 'Continue' };
    case 'fail':
      return {
        result: 'Fail',
        findings: verdict.findings.map((finding) => ({
          text: renderFindingLine(finding),
          structured: typeof finding === 'string' ? null : finding,
        })),
      };
    case 'gated': {
      const { prerequisite_owner, evidence_ids, ...blocker } = verdict.blocker;
      return {
        result: 'Stalled',
        blocker: {
          ...blocker,
          prerequisite_owner: prerequisite_owner ?? null,
          evidence_ids: evidence_ids ?? [],
        },
      };
    }
  }
}

/** Drop the `inferred` annotation the conformance files put inside expected values. */
export function withoutAnnotations(expected: unknown): unknown {
  if (!isObject(expected)) return expected;
  const { inferred: _inferred, ...rest } = expected;
  return rest;
}

/** A deterministic PRNG (mulberry32) for seeded random splits. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
