// Installed forms in the real agent loop: `skillpack install` into a fresh project or home exactly as a user
// runs it (with the consent flag where the runtime's own configuration must change), then the pinned CLI headless
// in that project and home as installed: nothing is trusted, enabled or copied behind the install's back.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_NAMES, runAgent } from '@skillpack/testing';
import { scriptedAnswers } from './_loops.mjs';
import { makeSandbox, runtimeBinDir, skillpack } from './_support.mjs';

// Codex 0.169 hands a hook's reason to the model inside <hook_prompt>, XML-escaped.
const unescapeXml = (text) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** `skillpack install` as a user types it; returns the CLI run (status, stdout, stderr). */
export function installAsUser(sandbox, { runtime, scope, packs, consent = true, form, activate = false }) {
  const where = scope === 'project' ? ['--dir', sandbox.project] : ['--home', sandbox.home];
  const codex =
    runtime === 'codex'
      ? [
          '--codex',
          join(runtimeBinDir, 'codex'),
          ...(consent ? ['--trust-codex-hooks'] : []),
          ...(form ? ['--codex-form', form] : []),
        ]
      : [];
  const consentAll = activate ? ['--activate'] : [];
  return skillpack(
    ['install', packs, '--runtime', runtime, '--scope', scope, ...where, ...codex, ...consentAll],
    {
      cwd: sandbox.project,
      env: sandbox.env,
    },
  );
}

/**
 * Install, then run `prompt` with the model answering `answers` turn by turn. Returns the install, the run and
 * the tool-carrying model requests (with the hook reason as the model saw it).
 */
export async function runInstalled({ runtime, scope, packs, prompt, answers, consent, form }) {
  const sandbox = makeSandbox();
  const install = installAsUser(sandbox, { runtime, scope, packs, consent, form });
  assert.equal(install.status, 0, `skillpack install failed:\n${install.stdout}\n${install.stderr}`);
  if (runtime === 'opencode') {
    // OpenCode installs @opencode-ai/plugin next to installed plugins unless it is there; the prebuilt plugin
    // needs nothing from it, so an empty stand-in keeps the run offline (a user's OpenCode fetches it).
    const base =
      scope === 'project' ? join(sandbox.project, '.opencode') : join(sandbox.home, '.config/opencode');
    const stub = join(base, 'node_modules/@opencode-ai/plugin');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), '{"name":"@opencode-ai/plugin","version":"1.18.33"}\n');
  }
  const model = await scriptedAnswers(answers);
  try {
    const output = await runAgent({
      runtime,
      model,
      prompt,
      project: sandbox.project,
      home: sandbox.home,
      cli: join(runtimeBinDir, CLI_NAMES[runtime]),
      timeoutMs: 180_000,
    });
    const requests = output.requests
      .filter((request) => request.hasTools)
      .map((request) => ({ ...request, lastMessage: unescapeXml(request.lastMessage) }));
    return { install, output, requests, sandbox };
  } finally {
    await model.close();
  }
}

export function describeRun(loop) {
  return [
    `install: ${loop.install.stdout.slice(-800)}`,
    `exit ${loop.output.exitCode}${loop.output.signal ? ` (${loop.output.signal})` : ''}`,
    ...loop.requests.map(
      (request, i) => `  [${i}] turn ${request.turn}: ${request.lastMessage.slice(0, 200)}`,
    ),
    `stdout (last 1200): ${loop.output.stdout.slice(-1200)}`,
    `stderr (last 1200): ${loop.output.stderr.slice(-1200)}`,
  ].join('\n');
}
