// Tests of scripts/ci-failures.mjs on the shapes vitest, node:test and nx print. `node --test
// scripts/ci-failures.test.mjs` (part of `npm test`); no build needed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failureSections, failureSummary, SUMMARY_LINES } from './ci-failures.mjs';

const vitestLog = [
  ' \x1b[32m✓\x1b[39m test/ok.test.ts (3 tests) 12ms',
  '',
  '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
  '',
  ' FAIL  test/b.test.ts > d > bad',
  'AssertionError: expected { a: 1 } to deeply equal { a: 2 }',
  ' ❯ test/b.test.ts:2:75',
  '⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯',
  '',
  ' Test Files  1 failed | 1 passed (2)',
  '      Tests  1 failed | 3 passed (4)',
].join('\n');

const nodeTestLog = [
  '✔ passes (22ms)',
  'ℹ fail 1',
  '',
  '✖ failing tests:',
  '',
  'test at e2e/a.test.mjs:3:38',
  '✖ inner fails (12ms)',
  '  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
].join('\n');

const nxLog = [
  ' NX   Running targets build, test for 6 projects failed',
  '',
  'Failed tasks:',
  '',
  '- @skillpack/core:test',
  '- @skillpack/host:test',
  '',
  '  Run duration:      5m 36s',
].join('\n');

test("vitest's failed tests are the section, colours stripped, without the passing files", () => {
  const [section] = failureSections(vitestLog);
  assert.ok(section.includes(' FAIL  test/b.test.ts > d > bad'));
  assert.ok(section.includes('AssertionError: expected { a: 1 } to deeply equal { a: 2 }'));
  assert.ok(!section.some((line) => line.includes('ok.test.ts') || line.includes('Test Files')));
});

test("node:test's failing tests and nx's failed tasks are sections too, in the order they appear", () => {
  const sections = failureSections(`${vitestLog}\n${nxLog}\n${nodeTestLog}`);
  assert.equal(sections.length, 3);
  assert.deepEqual(
    sections[1].filter((line) => line.startsWith('- ')),
    ['- @skillpack/core:test', '- @skillpack/host:test'],
  );
  assert.ok(sections[2].includes('✖ inner fails (12ms)'));
});

test('a log with no test failure in it is summarised by its last lines', () => {
  const log = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
  const summary = failureSummary(log, 'npm ci').split('\n');
  assert.match(summary[0], /last lines of npm ci/);
  assert.equal(summary.at(-1), '  line 99');
  assert.ok(summary.length < 50);
});

test('the summary is bounded however many tests failed', () => {
  const many = Array.from({ length: 50 }, () => vitestLog).join('\n');
  const summary = failureSummary(many, 'npm test').split('\n');
  assert.ok(summary.length <= SUMMARY_LINES + 2);
  assert.match(summary.at(-1), /more lines in the log above/);
});
