import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs, tokenText } from './arbitraries.js';

/** CPU milliseconds (user + system, every thread) that `run` used. */
export function cpuMillis(run: () => void): number {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * CPU time per call: the lowest of `rounds` rounds, each repeating `run` until it used at least `floorMs`, so
 * a fast call is not lost in timer resolution and a busy neighbour inflates no more than one round.
 */
export function cpuTimePerCall(run: () => void, rounds = 3, floorMs = 15): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    let spent = 0;
    const started = process.cpuUsage();
    do {
      run();
      calls++;
      const used = process.cpuUsage(started);
      spent = (used.user + used.system) / 1000;
    } while (spent < floorMs);
    best = Math.min(best, spent / calls);
  }
  return best;
}

export interface LinearMeasurement {
  readonly small: number;
  readonly large: number;
  readonly ratio: number;
}

/**
 * Time `run` on an input of `size` and of `factor × size` (after one warm-up call). Linear work gives a ratio
 * near `factor`; quadratic work gives `factor²`.
 */
export function measureGrowth<I>(
  build: (size: number) => I,
  run: (input: I) => unknown,
  size: number,
  factor = 10,
): LinearMeasurement {
  const smallInput = build(size);
  const largeInput = build(size * factor);
  // Warm both up: the first call compiles code and flattens the repeated strings.
  run(smallInput);
  run(largeInput);
  const small = cpuTimePerCall(() => run(smallInput));
  const large = cpuTimePerCall(() => run(largeInput), 2);
  return { small, large, ratio: large / small };
}

/** 10× the input must take less than 20× the CPU time: generous for noise, far below quadratic (100×). */
export const LINEAR_FACTOR = 10;
export const LINEAR_LIMIT = 20;
/** Below this per call the large input is fast in absolute terms and its ratio is timer noise. */
const NEGLIGIBLE_MS = 1;

/**
 * `measureGrowth` by the linear factor, repeated while the ratio is over the limit (three attempts at most):
 * a busy machine can inflate one measurement, superlinear work fails every attempt.
 */
export function measureLinearGrowth<I>(
  build: (size: number) => I,
  run: (input: I) => unknown,
  size: number,
): LinearMeasurement {
  let growth = measureGrowth(build, run, size, LINEAR_FACTOR);
  for (let attempt = 1; attempt < 3 && growth.ratio >= LINEAR_LIMIT; attempt++) {
    growth = measureGrowth(build, run, size, LINEAR_FACTOR);
  }
  return growth;
}

export function expectLinear<I>(
  label: string,
  build: (size: number) => I,
  run: (input: I) => unknown,
  size: number,
): LinearMeasurement {
  const growth = measureLinearGrowth(build, run, size);
  if (growth.large < NEGLIGIBLE_MS) return growth;
  expect(
    growth.ratio,
    `${label}: ${LINEAR_FACTOR}× input took ${growth.ratio.toFixed(1)}× the CPU time (${growth.small.toFixed(2)} ms → ${growth.large.toFixed(2)} ms)`,
  ).toBeLessThan(LINEAR_LIMIT);
  return growth;
}

/** `unit` repeated to about `size` UTF-16 units (at least once). */
export function repeatTo(unit: string, size: number): string {
  return unit.repeat(Math.max(1, Math.round(size / Math.max(1, unit.length))));
}

/** A parser under a linear-time check, and the repeated units that stress it. */
export interface LinearSubject {
  readonly name: string;
  readonly run: (text: string) => unknown;
  readonly units: readonly (readonly [label: string, unit: string])[];
  /** The smaller input size for this subject (default: the suite's); slow parsers get a smaller one. */
  readonly size?: number;
}

/**
 * One test per unit (repeated to `size` and to 10× `size`), plus a few random units assembled from the same
 * tokens, for each subject. Each check takes a few hundred milliseconds of CPU.
 */
export function describeLinearTime(subjects: readonly LinearSubject[], size: number, randomRuns = 2): void {
  describe.each(subjects.map((subject) => [subject.name, subject] as const))(
    '%s runs in linear time',
    (_name, subject) => {
      it.each(subject.units)(
        'on a repeated unit: %s',
        (label, unit) => {
          expectLinear(
            `${subject.name} / ${label}`,
            (n) => repeatTo(unit, n),
            subject.run,
            subject.size ?? size,
          );
        },
        60_000,
      );

      it('on repeated random units made of the same tokens', () => {
        const tokens = subject.units.map(([, unit]) => unit);
        fc.assert(
          fc.property(
            tokenText(tokens, 6).filter((unit) => unit.length > 0),
            (unit) => {
              const label = `${subject.name} / ${JSON.stringify(unit)}`;
              expectLinear(label, (n) => repeatTo(unit, n), subject.run, subject.size ?? size);
            },
          ),
          runs(randomRuns),
        );
      }, 60_000);
    },
  );
}

/** `cpuTimePerCall` for work that awaits (a reader fed a string still runs inside promises). */
export async function cpuTimePerCallAsync(
  run: () => Promise<unknown>,
  rounds = 3,
  floorMs = 15,
): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    let spent = 0;
    const started = process.cpuUsage();
    do {
      await run();
      calls++;
      const used = process.cpuUsage(started);
      spent = (used.user + used.system) / 1000;
    } while (spent < floorMs);
    best = Math.min(best, spent / calls);
  }
  return best;
}

/** `expectLinear` for async work. */
export async function expectLinearAsync<I>(
  label: string,
  build: (size: number) => I,
  run: (input: I) => Promise<unknown>,
  size: number,
): Promise<LinearMeasurement> {
  const measure = async (): Promise<LinearMeasurement> => {
    const smallInput = build(size);
    const largeInput = build(size * LINEAR_FACTOR);
    await run(smallInput);
    await run(largeInput);
    const small = await cpuTimePerCallAsync(() => run(smallInput));
    const large = await cpuTimePerCallAsync(() => run(largeInput), 2);
    return { small, large, ratio: large / small };
  };
  let growth = await measure();
  for (let attempt = 1; attempt < 3 && growth.ratio >= LINEAR_LIMIT; attempt++) growth = await measure();
  if (growth.large < NEGLIGIBLE_MS) return growth;
  expect(
    growth.ratio,
    `${label}: ${LINEAR_FACTOR}× input took ${growth.ratio.toFixed(1)}× the CPU time (${growth.small.toFixed(2)} ms → ${growth.large.toFixed(2)} ms)`,
  ).toBeLessThan(LINEAR_LIMIT);
  return growth;
}
