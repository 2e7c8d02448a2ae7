// Copilot SDK 1.0.14 (its own bundled runtime): a BYOK `provider` against the scripted model's Chat
// Completions. `streaming: true` is required: without it the runtime sends requests without `stream` and
// cannot parse the SSE answer. `env` replaces the child's environment.
import { join } from 'node:path';
import type { SdkSetup } from '../_sdk.js';
import { SCRIPTED_API_KEY } from '../_setup.js';
import { COPILOT_SCRIPTED_MODEL } from './setup.js';

/** `new CopilotClient(…)` and `client.createSession(…)` options that point the Copilot SDK at the scripted model. */
export interface CopilotSdkOfflineOptions {
  readonly client: {
    readonly workingDirectory: string;
    readonly baseDirectory: string;
    readonly logLevel: 'error';
    readonly env: Record<string, string>;
  };
  readonly session: {
    readonly model: string;
    readonly streaming: true;
    readonly provider: { readonly type: 'openai'; readonly baseUrl: string; readonly apiKey: string };
  };
}

export const copilotSdkSetup: SdkSetup<CopilotSdkOfflineOptions> = {
  prepare: ({ folders, env, modelUrl }) => ({
    client: {
      workingDirectory: folders.project,
      baseDirectory: join(folders.home, '.copilot'),
      logLevel: 'error',
      env: { ...env, COPILOT_OFFLINE: 'true', COPILOT_AUTO_UPDATE: 'false' },
    },
    session: {
      model: COPILOT_SCRIPTED_MODEL,
      streaming: true,
      provider: { type: 'openai', baseUrl: `${modelUrl}/v1`, apiKey: SCRIPTED_API_KEY },
    },
  }),
};
