// The benches' whole-process counters (bench/_rusage.mjs, bench/_instructions.mjs, bench/_timing.mjs): what
// they parse and pass on. No times are asserted: only that a report is read exactly, a child's exit, output
// and environment come through the measurer, and the machine's Node variables are left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectedInstructions } from '../bench/_instructions.mjs';
import { findMeasurer, parseRusageReport, spawnMeasured } from '../bench/_rusage.mjs';
import { measuredEnv, timeCommands } from '../bench/_timing.mjs';

test('a rusage report is read to the microsecond', () => {
  assert.deepEqual(parseRusageReport('0 0.041237 0.008001 0.052100'), {
    status: 0,
    signal: null,
    user: 41.237,
    system: 8.001,
    wall: 52.1,
  });
  assert.deepEqual(parseRusageReport('-9 0.000100 0.000000 1.000000'), {
    status: null,
    signal: 9,
    user: 0.1,
    system: 0,
    wall: 1000,
  });
});

test('a report of any other shape is an error naming what was expected', () => {
  for (const report of [
    '',
    '0 0.04 0.008 0.05',
    '0 0.041237 0.008001',
    'Traceback (most recent call last):',
  ]) {
    assert.throws(() => parseRusageReport(report), /expected "exit user system wall"/);
  }
});

test("callgrind's summary gives the instructions; without one the error shows its end", () => {
  const stderr =
    '==2588== Events    : Ir\n==2588== Collected : 509363289\n==2588== \n==2588== I   refs:      509,363,289\n';
  assert.equal(collectedInstructions(stderr), 509363289);
  assert.throws(
    () => collectedInstructions('valgrind: no such file'),
    /no "Collected :" line: valgrind: no such file/,
  );
});

test('the measured environment leaves out NODE_EXTRA_CA_CERTS and NODE_OPTIONS only', () => {
  const env = { PATH: '/bin', NODE_EXTRA_CA_CERTS: '/etc/ca.pem', NODE_OPTIONS: '--inspect', NODE_ENV: 'x' };
  assert.deepEqual(measuredEnv(env), { PATH: '/bin', NODE_ENV: 'x' });
});

const python = findMeasurer();
test('a command run through the measurer gets its stdin and env and gives its stdout, exit and signal', {
  skip: !python && 'no Python 3.9',
}, () => {
  const script = 'read line; echo "$line $GREETING"; echo err >&2; exit 3';
  const run = spawnMeasured(python, 'sh', ['-c', script], {
    input: 'hello\n',
    env: { PATH: process.env.PATH, GREETING: 'world' },
    encoding: 'utf8',
  });
  assert.equal(run.stdout, 'hello world\n');
  assert.equal(run.stderr, 'err\n');
  assert.equal(run.status, 3);
  assert.ok(run.user >= 0 && run.system >= 0 && run.wall > 0);
  const killed = spawnMeasured(python, 'sh', ['-c', 'kill -TERM $$'], { env: process.env, encoding: 'utf8' });
  assert.deepEqual([killed.status, killed.signal], [null, 15]);
  assert.throws(
    () => spawnMeasured(python, 'no-such-command-here', [], { env: process.env, encoding: 'utf8' }),
    /did not run no-such-command-here/,
  );
});

test("timeCommands' CPU figure names the standard error of both means, as againstFloor's does", {
  skip: !python && 'no Python 3.9',
}, () => {
  const commands = [
    { label: 'floor', file: 'sh', args: ['-c', 'exit 0'] },
    { label: 'subject', file: 'sh', args: ['-c', 'exit 0'], target: '≤ 2×' },
  ];
  const [wall, cpu] = timeCommands(commands, { runs: 3, warmup: 0, env: { PATH: process.env.PATH } });
  assert.match(wall.label, /^subject: wall, median of 3$/);
  assert.match(cpu.label, /^subject: CPU, mean of 3 \(standard errors \d+\.\d\d \/ \d+\.\d\d ms\)$/);
  assert.equal(cpu.target, '≤ 2×');
});
