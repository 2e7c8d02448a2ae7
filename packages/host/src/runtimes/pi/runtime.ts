// Pi 1.6.0 (`@earendil-works/pi-coding-agent`): `pi --mode json <prompt>` prints a `session` header (the
// session id) and the agent's events, ending in `agent_settled`; `--session <id>` continues that session.
// Pi resolves an exact id to the session file the current folder's sessions hold (`findLocalSessionByExactId`),
// which runContract's resumed run shares; an id held only under another folder makes Pi ask on stdout
// whether to fork it and exit 0 with no JSON, which the reader refuses (no `session` header). Pi exits 0 on
// API errors, length cuts and refusals: the reader reads the final message's `stopReason`. It has no
// structured-output option. Stdin is closed (runContract spawns with stdin ignored): Pi reads a non-TTY stdin
// to its end before it starts. Run against 1.6.0 (on Node 22.23.5 from npm) and a scripted model by
// e2e/host-runtimes.test.mjs. After `--` a prompt is text, except one that starts with `@`: Pi 1.6.0 reads it
// as a file to inline (`parseArgs`), so a prompt must not start with `@`.
import type { HostRuntime } from '../host-runtime.js';

const OUTPUT = ['--mode', 'json'];

export const piHost: HostRuntime = {
  bin: 'pi',
  versionPattern: /^(\d+\.\d+\.\d+)/,
  versions: { min: '1.6.0', below: '1.7.0' },
  start: ({ prompt, native, extra }) => [...OUTPUT, ...native, ...extra, '--', prompt],
  resume: (sessionId, { prompt, native, extra }) => [
    '--session',
    sessionId,
    ...OUTPUT,
    ...native,
    ...extra,
    '--',
    prompt,
  ],
  requires:
    'Node.js 22.19 or newer first on PATH (`engines.node` of `@earendil-works/pi-coding-agent`); a provider and model in `~/.pi/agent/models.json` or `--provider`/`--model`; retries bounded in `~/.pi/agent/settings.json` (`retry.provider.maxRetries`)',
};
