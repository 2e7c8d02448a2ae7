// Every prefix of every Copilot CLI capture (cut at each line boundary and in the middle of each line) reads
// as not complete, or gives the same answer as the whole capture: a cut run never yields a verdict early.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanStopAnswer } from '../../src/copilot-cli/stop-answer.js';
import { extractContract } from '../../src/extract-contract.js';
import { acceptance, acceptedOf } from '../_support/read-paths.js';
import { captured, capturedDir, hookCapture, readCopilot } from './_read.js';

const FILES = readdirSync(capturedDir).filter((file) => file.endsWith('.jsonl'));
const HOOK_STEMS = [
  'json-stop-hook-block',
  'json-stop-hook-claude-settings',
  'json-stop-hook-always-block',
  'json-stop-hook-exit2',
  'json-pass-then-http-400',
];

function cuts(bytes: Buffer): number[] {
  const at = new Set<number>([0, bytes.length]);
  let start = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
    at.add(i);
    at.add(i + 1);
    if (i - start > 1) at.add(start + Math.floor((i - start) / 2));
    start = i + 1;
  }
  return [...at].sort((a, b) => a - b);
}

describe('every prefix of a Copilot CLI capture', () => {
  for (const file of FILES) {
    it(`${file}: not complete, or the same answer`, () => {
      const bytes = captured(file);
      const whole = readCopilot(bytes);
      const verdict = acceptedOf(extractContract(whole, acceptance));
      for (const cut of cuts(bytes)) {
        const run = readCopilot(bytes.subarray(0, cut));
        const accepted = acceptedOf(extractContract(run, acceptance));
        if (run.finish !== 'complete') {
          expect(accepted, `${file} cut at ${cut}`).toBe('none');
          continue;
        }
        expect(whole.finish, `${file} cut at ${cut}`).toBe('complete');
        expect(run.finalText, `${file} cut at ${cut}`).toBe(whole.finalText);
        expect(accepted, `${file} cut at ${cut}`).toBe(verdict);
      }
    });
  }
});

describe('every prefix of a Copilot session transcript, seen by a stop hook', () => {
  for (const stem of HOOK_STEMS) {
    it(`${stem}: not yet, or the answer of that very stop`, () => {
      const { inputs, events } = hookCapture(stem);
      expect(inputs.length).toBeGreaterThan(0);
      for (const input of inputs) {
        const ref = {
          sessionId: String(input.sessionId ?? input.session_id),
          timestampMs:
            typeof input.timestamp === 'number' ? input.timestamp : Date.parse(String(input.timestamp)),
        };
        const whole = scanStopAnswer(events.toString('utf8'), ref);
        expect(whole.kind, `${stem}: the stop at ${ref.timestampMs} is in the transcript`).toBe('found');
        for (const cut of cuts(events)) {
          const seen = scanStopAnswer(events.subarray(0, cut).toString('utf8'), ref);
          if (seen.kind !== 'not_yet') expect(seen, `${stem} cut at ${cut}`).toEqual(whole);
        }
      }
    });
  }
});
