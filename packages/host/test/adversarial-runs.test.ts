// Issue #38: runContract is one more read path. A CLI that prints an adversarial variant of a captured run
// (generated as in the adapters' property tests) gets the answer readAgentRun + extractContract give: none.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractContract, RUNTIME_IDS, type RuntimeId, readAgentRun } from '@skillpack/adapters';
import { acceptanceContract } from '@skillpack/core/conflux';
import { describe, expect, it } from 'vitest';
import { variantsOf } from '../../adapters/test/_support/adversarial.js';
import { runContract } from '../src/run-contract.js';
import { nodeBin, scratchDir } from './_fake-bin.js';

const VARIANTS_PER_RUNTIME = 12;

/** The runtime's captured run that answers pass, and a sample of its adversarial variants. */
async function variantsFor(runtime: RuntimeId) {
  const dir = new URL(`../../adapters/test/fixtures/${runtime}/captured/`, import.meta.url);
  const file = readdirSync(dir).find((name) => name.includes('success-verdict'));
  if (!file) throw new Error(`no success-verdict capture of ${runtime}`);
  const bytes = readFileSync(new URL(file, dir));
  const run = await readAgentRun(bytes, { runtime });
  expect(extractContract(run, acceptanceContract).success, `${file} itself passes`).toBe(true);
  const all = variantsOf({ runtime, sessionId: run.sessionId, finalText: run.finalText }, bytes).filter(
    (variant) => variant.maxLineBytes === undefined,
  );
  // Spread the sample over every class the generators made for this capture.
  const step = Math.max(1, Math.floor(all.length / VARIANTS_PER_RUNTIME));
  return all.filter((_, index) => index % step === 0).slice(0, VARIANTS_PER_RUNTIME);
}

describe.each(RUNTIME_IDS)('runContract on %s output that did not complete', (runtime) => {
  it('gives the answer every other read path gives: no value', async () => {
    const dir = scratchDir();
    const output = join(dir, 'stdout');
    const bin = nodeBin(dir, 'cli', `process.stdout.write(fs.readFileSync(${JSON.stringify(output)}));`);
    for (const variant of await variantsFor(runtime)) {
      writeFileSync(output, variant.bytes);
      const read = extractContract(await readAgentRun(variant.bytes, { runtime }), acceptanceContract);
      const result = await runContract({
        runtime,
        contract: acceptanceContract,
        prompt: 'Review change 42.',
        bin,
        cwd: dir,
        attempts: 1,
        checkVersion: false,
      });
      expect(read.success, variant.name).toBe(false);
      expect(result.ok, `${variant.kind}: ${variant.name}`).toBe(false);
    }
  });
});
