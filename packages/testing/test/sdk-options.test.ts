import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply } from '../src/reply.js';
import { SDK_NAMES, scriptedSdkOptions } from '../src/sdk-options.js';

const MODEL = 'http://127.0.0.1:4567/';

describe('scriptedSdkOptions', () => {
  it('knows the three SDKs', () => {
    expect([...SDK_NAMES].sort()).toEqual(['claude-agent-sdk', 'codex-sdk', 'copilot-sdk']);
  });

  it.each(SDK_NAMES.map((sdk) => [sdk]))('%s: a fresh git project and HOME, removed by dispose', (sdk) => {
    const offline = scriptedSdkOptions(sdk, { model: MODEL });
    expect(existsSync(join(offline.folders.project, '.git'))).toBe(true);
    expect(existsSync(offline.folders.home)).toBe(true);
    offline.dispose();
    expect(existsSync(offline.folders.root)).toBe(false);
  });

  it('claude-agent-sdk: query() options with the whole environment (the SDK replaces the child’s)', () => {
    using offline = scriptedSdkOptions('claude-agent-sdk', { model: MODEL, env: { EXTRA: '1' } });
    expect(offline.cwd).toBe(offline.folders.project);
    expect(offline.settingSources).toEqual([]);
    expect(offline.persistSession).toBe(false);
    expect(offline.env).toMatchObject({
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:4567',
      CLAUDE_CODE_MAX_RETRIES: '0',
      HOME: offline.folders.home,
      EXTRA: '1',
    });
    expect(offline.env.ANTHROPIC_API_KEY).toBeTruthy();
    expect(offline.env.PATH).toBe(process.env.PATH);
  });

  it('codex-sdk: config as an object with a scripted Responses provider, CODEX_HOME made', () => {
    using offline = scriptedSdkOptions('codex-sdk', { model: MODEL, maxRetries: 1 });
    const { config, env } = offline.codex;
    expect(config).toMatchObject({
      model_provider: 'scripted',
      model_providers: {
        scripted: { base_url: 'http://127.0.0.1:4567/v1', wire_api: 'responses', request_max_retries: 1 },
      },
      features: { plugins: false, apps: false },
    });
    expect(existsSync(env.CODEX_HOME as string)).toBe(true);
    expect(env.SKILLPACK_TESTING_API_KEY).toBeTruthy();
    expect(offline.thread).toEqual({
      workingDirectory: offline.folders.project,
      approvalPolicy: 'never',
      sandboxMode: 'read-only',
      webSearchMode: 'disabled',
    });
  });

  it('copilot-sdk: a BYOK provider with streaming on, offline', () => {
    using offline = scriptedSdkOptions('copilot-sdk', { model: MODEL });
    expect(offline.session).toMatchObject({
      streaming: true,
      provider: { type: 'openai', baseUrl: 'http://127.0.0.1:4567/v1' },
    });
    expect(offline.client.env).toMatchObject({ COPILOT_OFFLINE: 'true', HOME: offline.folders.home });
    expect(offline.client.workingDirectory).toBe(offline.folders.project);
  });
});

describe('reply.structuredOutput', () => {
  it('is a call of the StructuredOutput tool with the value as its input', () => {
    expect(reply.structuredOutput({ approve: true })).toEqual(
      reply.toolCall('StructuredOutput', { approve: true }),
    );
  });
});
