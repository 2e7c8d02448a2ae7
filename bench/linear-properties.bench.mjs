// The linearity properties of core's parsers and of the adapters' readers and hook
// (packages/{core,adapters}/test/properties/*.linear.ts): for every parser and a set of repeated and random
// units, 10× the input must cost less than 20× the CPU time. They measure time, so they run here and not in
// `npm test`; each failed property is named.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function runProperties(pkg) {
  const cwd = fileURLToPath(new URL(`../packages/${pkg}/`, import.meta.url));
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.linear.config.ts', '--reporter=json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const start = run.stdout.indexOf('{');
  if (start === -1)
    throw new Error(`${pkg}: vitest printed no JSON report (exit ${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout.slice(start));
  const failed = report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
  );
  return [
    {
      label: `${pkg}: properties passed`,
      value: report.numPassedTests,
      target: `all ${report.numTotalTests}`,
    },
    { label: `${pkg}: properties failed`, value: report.numFailedTests, target: '0' },
    ...failed.map((name) => ({ label: `${pkg} failed: ${name}`, value: 1 })),
  ];
}

export default async function linearProperties() {
  return { name: 'linear properties', figures: [...runProperties('core'), ...runProperties('adapters')] };
}
