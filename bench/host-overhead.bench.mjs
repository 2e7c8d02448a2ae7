// runContract's overhead over the bare CLI: `codex exec --json` against the same scripted model (one
// request, a right answer), spawned bare (stdout collected, nothing read) and through runContract (process
// group, streamed reader, contract judged), in interleaved rounds after a warm-up. runContract runs with its
// defaults (the version check is cached after the first call, so only the warm-up pays it) and once with
// the contract's instructions and native schema off, which is the bare CLI's exact prompt. Wall time is the
// median (the CLI's own run dominates it); the figure is the ratio against the bare CLI.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, round1 } from './_timing.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const CODEX = join(repo, 'e2e/runtimes/node_modules/.bin/codex');
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 5);
const PROMPT = 'Review change 42 and end with the Conflux acceptance verdict.';

function bare(args, env, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(CODEX, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.resume();
    child.once('error', reject);
    child.once('close', (code) => {
      const stdout = Buffer.concat(chunks).toString('utf8');
      if (code !== 0 || !stdout.includes('turn.completed')) reject(new Error(`bare codex exited ${code}`));
      else resolve();
    });
  });
}

export default async function hostOverhead() {
  const { runContract } = await import(join(repo, 'packages/host/dist/index.js'));
  const { acceptanceContract } = await import(join(repo, 'packages/core/dist/conflux/index.js'));
  const { createScriptedModel, reply } = await import(join(repo, 'packages/testing/dist/index.js'));
  const model = await createScriptedModel({
    replies: [{ when: () => true, reply: reply.text('{"acceptance":"pass"}\nACCEPTANCE: PASS') }],
  });
  const home = mkdtempSync(join(tmpdir(), 'skillpack-bench-host-'));
  try {
    const project = join(home, 'project');
    mkdirSync(join(home, '.codex'), { recursive: true });
    mkdirSync(project);
    writeFileSync(
      join(home, '.codex/config.toml'),
      [
        'model = "gpt-5.5"',
        'model_provider = "scripted"',
        'approval_policy = "never"',
        'check_for_update_on_startup = false',
        '[features]',
        ...['plugins', 'apps', 'remote_plugin', 'tool_suggest', 'api_key_model_discovery'].map(
          (f) => `${f} = false`,
        ),
        '[model_providers.scripted]',
        'name = "Scripted"',
        `base_url = "${model.url}/v1"`,
        'wire_api = "responses"',
        'env_key = "SCRIPTED_API_KEY"',
        'request_max_retries = 0',
        '',
      ].join('\n'),
    );
    const env = {
      ...process.env,
      HOME: home,
      CODEX_HOME: join(home, '.codex'),
      SCRIPTED_API_KEY: 'sk-scripted',
    };
    const args = ['exec', '--json', '--skip-git-repo-check', PROMPT];
    const viaHost = (overrides) => async () => {
      const result = await runContract({
        runtime: 'codex',
        contract: acceptanceContract,
        prompt: PROMPT,
        cwd: project,
        bin: CODEX,
        env,
        args: ['--skip-git-repo-check'],
        ...overrides,
      });
      if (!result.ok) throw new Error(`runContract: ${result.error.code}: ${result.error.message}`);
    };
    const commands = [
      { label: 'bare codex exec --json', run: () => bare(args, env, project) },
      { label: 'runContract (defaults)', run: viaHost({}) },
      {
        label: 'runContract (same prompt as bare)',
        run: viaHost({ instructions: false, nativeSchema: false }),
      },
    ];
    for (const command of commands) await command.run();
    const times = commands.map(() => []);
    for (let round = 0; round < RUNS; round++) {
      for (let k = 0; k < commands.length; k++) {
        const index = (round + k) % commands.length;
        const started = performance.now();
        await commands[index].run();
        times[index].push(performance.now() - started);
      }
    }
    const baseline = median(times[0]);
    return {
      name: 'host-overhead',
      figures: commands.slice(1).map((command, index) => {
        const value = median(times[index + 1]);
        return {
          label: `${command.label}, wall (median of ${RUNS})`,
          value: round1(value),
          unit: 'ms',
          baseline: round1(baseline),
          ratio: value / baseline,
          target: '≤ 1.2×',
        };
      }),
    };
  } finally {
    await model.close();
    rmSync(home, { recursive: true, force: true });
  }
}
