// The OpenCode plugin as OpenCode uses it, one whole process each over interleaved rounds: import the
// plugin module, call it with a client, and deliver one answered turn (the assistant's message, its text
// and `step-finish` parts) and the `session.idle` that follows, the verdict satisfied. Against a minimal
// plugin doing the least the same job needs (on idle: fetch the session's messages, a regex on the last
// answer). The example pack's plugin (bundled for it: its two built-in families) and a `skillpack init`
// pack's (its own contract bundled in). CPU time (mean, all threads of the child, from `wait4`) is the
// figure; SKILLPACK_BENCH_RUNS (default 30) sets the rounds.
//
// OpenCode runs plugins in the Bun its binary is compiled with (opencode 1.18.33: Bun 1.3.14), not in Node:
// the figures with the target are taken there, each process the pinned OpenCode binary of `e2e/runtimes`
// started as Bun (`BUN_BE_BUN=1`); the same processes under Node are shown beside them. Without that
// binary (`npm install` in e2e/runtimes; OPENCODE_BIN names another) the Bun figures say so.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { examplePackPlugin, initPack } from './_scratch-packs.mjs';
import { againstFloor, measureCommands } from './_timing.mjs';

const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 30);
/** The pinned OpenCode binary itself (not its npm wrapper, a Node script that would start Node first). */
const OPENCODE_BIN =
  process.env.OPENCODE_BIN ??
  fileURLToPath(
    new URL(
      `../e2e/runtimes/node_modules/opencode-${process.platform}-${process.arch}/bin/opencode`,
      import.meta.url,
    ),
  );
const WARMUP = 3;

/** A plugin that checks the last answer on idle with a regex and asks again when it has no verdict line. */
const MINIMAL_PLUGIN = `export const MinimalPlugin = async ({ client }) => ({
  event: async ({ event }) => {
    if (event.type !== 'session.idle') return;
    const sessionID = event.properties.sessionID;
    const { data } = await client.session.messages({ path: { id: sessionID } });
    const last = data.findLast((message) => message.info.role === 'assistant');
    const text = (last?.parts ?? []).filter((part) => part.type === 'text').map((part) => part.text).join('');
    if (!/^\\{"[a-z_]+":.*\\}$/m.test(text)) {
      await client.session.promptAsync({ path: { id: sessionID }, body: { parts: [{ type: 'text', text: 'End with the verdict.' }] } });
    }
  },
});
`;

/**
 * The host: an in-memory client (the V1 client's shape: session.get, messages, promptAsync, app.log) and
 * the events OpenCode publishes for one answered turn, then idle. Prints how many prompts the plugin sent.
 */
const DRIVER = `const [file, text] = process.argv.slice(2);
const module = await import(file);
const plugin = Object.values(module)[0];
const sessionID = 'ses_bench0001';
const info = { id: 'msg_0002', sessionID, role: 'assistant', parentID: 'msg_0001', mode: 'build' };
const user = { info: { id: 'msg_0001', sessionID, role: 'user', agent: 'build', model: { providerID: 'anthropic', modelID: 'claude' } }, parts: [{ id: 'prt_0001', sessionID, messageID: 'msg_0001', type: 'text', text: '/cflx-accept check the change' }] };
const parts = [
  { id: 'prt_0002', sessionID, messageID: info.id, type: 'step-start' },
  { id: 'prt_0003', sessionID, messageID: info.id, type: 'text', text },
  { id: 'prt_0004', sessionID, messageID: info.id, type: 'step-finish', reason: 'stop' },
];
let prompts = 0;
const client = {
  session: {
    get: async () => ({ data: {} }),
    messages: async () => ({ data: structuredClone([user, { info, parts }]) }),
    promptAsync: async () => { prompts++; return { data: undefined }; },
  },
  app: { log: async () => ({ data: true }) },
};
const hooks = await plugin({ client, directory: process.cwd() });
const events = [
  { type: 'session.created', properties: { info: { id: sessionID } } },
  { type: 'message.updated', properties: { info: user.info } },
  { type: 'message.updated', properties: { info } },
  ...parts.map((part) => ({ type: 'message.part.updated', properties: { part } })),
  { type: 'session.idle', properties: { sessionID } },
];
for (const event of events) await hooks.event?.({ event });
process.stdout.write(String(prompts));
`;

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-opencode-'));
  try {
    const example = await examplePackPlugin(dir);
    const init = await initPack(dir);
    const minimal = join(dir, 'minimal-plugin.mjs');
    const driver = join(dir, 'driver.mjs');
    writeFileSync(minimal, MINIMAL_PLUGIN);
    writeFileSync(driver, DRIVER);
    const conflux = 'Reviewed the change.\n{"acceptance":"pass"}\nACCEPTANCE: PASS';
    const review = 'Reviewed.\n{"verdict":"approve","reasons":["The tests cover it."]}';
    const noPrompt = /^0$/;
    const node = [
      { label: 'minimal plugin, load and one idle', args: [driver, minimal, conflux], expect: noPrompt },
      { label: 'example pack plugin, load and one idle', args: [driver, example, conflux], expect: noPrompt },
      { label: 'init pack plugin, load and one idle', args: [driver, init.plugin, review], expect: noPrompt },
    ];
    const bun = existsSync(OPENCODE_BIN)
      ? node.map((command) => ({
          ...command,
          label: `${command.label} in Bun (OpenCode's runtime)`,
          file: OPENCODE_BIN,
          env: { BUN_BE_BUN: '1' },
        }))
      : [];
    // Interleaved in the same rounds: Bun's three, then Node's three.
    const measured = measureCommands([...bun, ...node], { runs: RUNS, warmup: WARMUP, env: process.env });
    const figures = [];
    if (bun.length > 0) {
      const [floor, examplePlugin, initPlugin] = measured.slice(0, 3);
      figures.push(
        againstFloor(examplePlugin, floor, { target: '≤ 1.1×', runs: RUNS }),
        againstFloor(initPlugin, floor, { target: '≤ 1.1×', runs: RUNS }),
      );
    } else {
      figures.push({
        label: `example and init pack plugins in Bun: OpenCode unavailable (${OPENCODE_BIN} is missing)`,
        value: '—',
      });
    }
    const [floor, examplePlugin, initPlugin] = measured.slice(bun.length);
    figures.push(
      againstFloor(
        examplePlugin,
        { ...floor, label: `${floor.label} in Node` },
        {
          label: `${examplePlugin.label} in Node`,
          runs: RUNS,
        },
      ),
      againstFloor(
        initPlugin,
        { ...floor, label: `${floor.label} in Node` },
        {
          label: `${initPlugin.label} in Node`,
          runs: RUNS,
        },
      ),
    );
    return { name: 'opencode plugin', figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
