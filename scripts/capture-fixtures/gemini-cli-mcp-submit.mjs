#!/usr/bin/env node
// Capture packages/adapters/test/fixtures/gemini-cli/mcp-submit: the real Gemini CLI with the acme-refund pack of
// e2e/mcp-submit.test.mjs installed by `skillpack install` (project scope), its AfterAgent hook wrapped so each call
// keeps its stdin, the transcript as the hook read it and the hook's stdout. Paths become $HOME and $PROJECT.
//
//   npm run build && node scripts/capture-fixtures/gemini-cli-mcp-submit.mjs
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_NAMES, createScriptedModel, otherwise, reply, runAgent, when } from '@skillpack/testing';
import { PACK, RIGHT, SPEC, WRONG } from '../../e2e/_acme-refund.mjs';
import { installAsUser } from '../../e2e/_installed.mjs';
import { makeSandbox, makeTempDir, removeTempDirs, runtimeBinDir, skillpack } from '../../e2e/_support.mjs';

const out = fileURLToPath(
  new URL('../../packages/adapters/test/fixtures/gemini-cli/mcp-submit/', import.meta.url),
);
const TOOL = `mcp_${PACK}_submit_acme_refund`;
const accepted = when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.'));
const corrected = when(
  { lastMessageIncludes: 'does not satisfy the Acme refund decision contract' },
  reply.toolCall(TOOL, RIGHT),
);
const refused = when({ lastMessageIncludes: 'params/answer/amount must be > 0' }, reply.text('Done.'));

/** Each scenario: its prompts in one session (the second one resumed), with the model's replies to each. */
const SCENARIOS = {
  // A value Gemini CLI's schema check refuses, "Done.", the hook's correction, the right value, "Done.".
  refused: [
    {
      prompt: 'Should order 42 be refunded?',
      replies: [accepted, corrected, refused, when({ turn: 0 }, reply.toolCall(TOOL, WRONG))],
    },
  ],
  // An accepted submit for the first prompt; the resumed second prompt submits a refused value and stops.
  resume: [
    {
      prompt: 'Should order 42 be refunded?',
      replies: [accepted, when({ turn: 0 }, reply.toolCall(TOOL, RIGHT))],
    },
    {
      prompt: 'And order 43?',
      args: ['--resume', 'latest'],
      replies: [accepted, corrected, refused, otherwise(reply.toolCall(TOOL, WRONG))],
    },
  ],
};

function buildPack() {
  const dir = makeTempDir('skillpack-mcp-pack-');
  mkdirSync(join(dir, 'contracts'));
  mkdirSync(join(dir, 'skills', 'refund'), { recursive: true });
  writeFileSync(
    join(dir, 'contracts', 'refund.ts'),
    `import { defineContract } from '@skillpack/core';\nimport { z } from 'zod';\n\nexport const refund = defineContract(${SPEC});\n`,
  );
  writeFileSync(
    join(dir, 'skills', 'refund', 'skill.md'),
    '---\nname: refund\ndescription: Decide a refund. Use when asked about a refund.\ncontracts: [acme.refund]\n---\n\nDecide the refund.\n\n{{> contract-output contract="acme.refund"}}\n',
  );
  const config = {
    name: PACK,
    version: '1.0.0',
    description: 'Acme refund.',
    author: { name: 'Acme' },
    license: 'MIT',
    targets: ['gemini-cli'],
    contracts: ['./contracts/refund.ts'],
    hooks: { 'acme.refund': {} },
  };
  writeFileSync(join(dir, 'skillpack.config.json'), JSON.stringify(config));
  const built = skillpack(['build'], { cwd: dir });
  if (built.status !== 0) throw new Error(`skillpack build failed:\n${built.stdout}${built.stderr}`);
  return join(dir, 'dist/skill-packs');
}

/** Wrap the installed AfterAgent hook: keep its stdin, the transcript it names and its stdout in `log`. */
function wrapHook(project, log) {
  const file = join(project, '.gemini/settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  const wrapper = join(log, 'hook.sh');
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      `n=$(ls "${log}" | grep -c '^hook-[0-9]*.json$'); n=$((n+1))`,
      `cat > "${log}/hook-$n.json"`,
      `t=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).transcript_path)' "${log}/hook-$n.json")`,
      `cp "$t" "${log}/transcript-$n.jsonl"`,
      `sh -c "$SKILLPACK_ORIGINAL" < "${log}/hook-$n.json" | tee "${log}/out-$n.json"`,
      '',
    ].join('\n'),
  );
  chmodSync(wrapper, 0o755);
  for (const group of settings.hooks.AfterAgent)
    for (const hook of group.hooks)
      hook.command = `SKILLPACK_ORIGINAL='${hook.command.replaceAll("'", "'\\''")}' ${wrapper}`;
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

async function capture(name, prompts, packs) {
  const sandbox = makeSandbox();
  const install = installAsUser(sandbox, { runtime: 'gemini-cli', scope: 'project', packs, activate: true });
  if (install.status !== 0) throw new Error(`skillpack install failed:\n${install.stdout}${install.stderr}`);
  const log = makeTempDir('skillpack-hook-log-');
  wrapHook(sandbox.project, log);
  const scrub = (text) =>
    text
      .replaceAll(sandbox.home, '$HOME')
      .replaceAll(sandbox.project, '$PROJECT')
      .replaceAll(basename(sandbox.project).toLowerCase(), 'project');
  for (const [i, { prompt, replies, args = [] }] of prompts.entries()) {
    const model = await createScriptedModel({
      replies: [when({ hasTools: false }, reply.text('Refund')), ...replies, otherwise(reply.httpError(500))],
    });
    try {
      const run = await runAgent({
        runtime: 'gemini-cli',
        model,
        prompt,
        args,
        project: sandbox.project,
        home: sandbox.home,
        cli: join(runtimeBinDir, CLI_NAMES['gemini-cli']),
        timeoutMs: 180_000,
      });
      writeFileSync(join(out, `${name}.stdout-${i + 1}.jsonl`), scrub(run.stdout));
      console.log(`${name} ${i + 1}: gemini ${run.command.slice(1).join(' ')} -> exit ${run.exitCode}`);
    } finally {
      await model.close();
    }
  }
  for (let n = 1; ; n++) {
    let payload;
    try {
      payload = readFileSync(join(log, `hook-${n}.json`), 'utf8');
    } catch {
      break;
    }
    writeFileSync(join(out, `${name}.hook-${n}.json`), scrub(payload));
    writeFileSync(
      join(out, `${name}.hook-${n}.out.json`),
      scrub(readFileSync(join(log, `out-${n}.json`), 'utf8')),
    );
    const transcript = readFileSync(join(log, `transcript-${n}.jsonl`), 'utf8');
    writeFileSync(join(out, `${name}.transcript-${n}.jsonl`), scrub(transcript));
  }
}

mkdirSync(out, { recursive: true });
try {
  const packs = buildPack();
  for (const [name, prompts] of Object.entries(SCENARIOS)) await capture(name, prompts, packs);
} finally {
  removeTempDirs();
}
