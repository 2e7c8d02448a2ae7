// How finely `measureCommands` resolves a mean of CPU time, by each counter: a fixed busy loop in `node -e`
// (≈ 30 ms of loop, ≈ 45 ms of process), 30 rounds counted by `wait4` and 30 by /proc's ticks, four times
// over, alternating; each line its mean and the standard error of that mean. Run by hand:
// `node bench/_cpu-resolution.mjs [iterations, default 7e6]`.
const timing = new URL('./_timing.mjs', import.meta.url).href;
const exact = await import(`${timing}?wait4`);
process.env.SKILLPACK_BENCH_CPU = 'ticks';
const ticks = await import(`${timing}?ticks`);
const busy = ['-e', `let x = 0; for (let i = 0; i < ${Number(process.argv[2] ?? 7e6)}; i++) x += i;`];
for (let repeat = 0; repeat < 4; repeat++) {
  for (const counter of [exact, ticks]) {
    const [loop] = counter.measureCommands([{ label: 'busy loop', args: busy }], {
      runs: 30,
      warmup: 1,
      env: process.env,
    });
    const error = loop.cpuError;
    console.log(
      `${counter.cpuClock ?? 'no counter'}: mean of 30 ${loop.cpu?.toFixed(2)} ms, standard error ${error?.toFixed(2)} ms (one run's deviation ${(error * Math.sqrt(30)).toFixed(2)} ms)`,
    );
  }
}
