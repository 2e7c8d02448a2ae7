import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { HOOK_RUNTIME_IDS, HOOK_USAGE } from '../../src/hook-runtimes.js';
import { HOOK_DEFAULTS, parseHookArgs as parseWith } from '../../src/hooks/hook-args.js';

const parseHookArgs = (argv: readonly string[]) => parseWith(argv, HOOK_RUNTIME_IDS);

describe('parseHookArgs', () => {
  it('reads the runtime, repeated contracts and the options', () => {
    const parsed = parseHookArgs([
      'codex',
      '--contract',
      'conflux.acceptance',
      '--contract=maestro.result',
      '--max-blocks',
      '3',
      '--timeout-ms',
      '500',
      '--max-input-bytes',
      '4096',
      '--enforce',
      'attempted',
    ]);
    expect(parsed).toEqual({
      success: true,
      data: {
        kind: 'run',
        args: {
          runtime: 'codex',
          contractIds: ['conflux.acceptance', 'maestro.result'],
          maxBlocks: 3,
          enforce: 'attempted',
          timeoutMs: 500,
          maxInputBytes: 4096,
        },
      },
    });
  });

  it('applies the defaults', () => {
    const parsed = parseHookArgs(['claude-code', '--contract', 'conflux.acceptance']);
    expect(parsed.success && parsed.data.kind === 'run' && parsed.data.args).toMatchObject({
      maxBlocks: HOOK_DEFAULTS.maxBlocks,
      timeoutMs: HOOK_DEFAULTS.timeoutMs,
      maxInputBytes: HOOK_DEFAULTS.maxInputBytes,
    });
  });

  it.each([['--help'], ['-h'], ['claude-code', '--help']])('asks for help with %s', (...argv) => {
    expect(parseHookArgs(argv)).toEqual({ success: true, data: { kind: 'help' } });
    expect(HOOK_USAGE).toMatch(
      /^Usage: skillpack-hook <claude-code\|codex\|gemini-cli\|copilot-cli\|qwen-code> --contract <id>/,
    );
  });

  it.each([
    [
      [],
      /first argument must be one of claude-code, codex, gemini-cli, copilot-cli, qwen-code, got undefined/,
    ],
    [['opencode', '--contract', 'a.b'], /got "opencode"/],
    [['__proto__', '--contract', 'a.b'], /got "__proto__"/],
    [['codex'], /At least one --contract/],
    [['codex', '--contract'], /argument missing|--contract/],
    [['codex', '--contract', 'a.b', 'extra'], /Unexpected arguments: extra/],
    [['codex', '--contract', 'a.b', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['codex', '--contract', 'a.b', '--max-blocks=-1'], /--max-blocks must be an integer from 0 to 100/],
    [['codex', '--contract', 'a.b', '--max-blocks', '1e3'], /got "1e3"/],
    [['codex', '--contract', 'a.b', '--max-blocks', '101'], /got "101"/],
    [['codex', '--contract', 'a.b', '--enforce', 'sometimes'], /--enforce must be one of always, attempted/],
    [['codex', '--contract', 'a.b', '--timeout-ms', '99'], /--timeout-ms must be/],
    [['codex', '--contract', 'a.b', '--max-input-bytes', '99999999999999'], /--max-input-bytes must be/],
  ] as const)('refuses %j with a ConfigError', (argv, message) => {
    const parsed = parseHookArgs(argv);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error).toBeInstanceOf(ConfigError);
    expect(parsed.error.code).toBe('hook_usage');
    expect(parsed.error.message).toMatch(message);
    expect(parsed.error.message).toContain('skillpack-hook --help');
  });

  describe('SKILLPACK_HOOK_ENFORCE', () => {
    const argv = ['codex', '--contract', 'a.b', '--enforce', 'attempted'];
    const enforceWith = (env: Record<string, string | undefined>) => {
      const parsed = parseWith(argv, HOOK_RUNTIME_IDS, env);
      return parsed.success && parsed.data.kind === 'run' ? parsed.data.args.enforce : parsed;
    };

    it('overrides the installed --enforce, so an orchestrator holds every stop of its run', () => {
      expect(enforceWith({ SKILLPACK_HOOK_ENFORCE: 'always' })).toBe('always');
      expect(
        parseWith(['codex', '--contract', 'a.b'], HOOK_RUNTIME_IDS, { SKILLPACK_HOOK_ENFORCE: 'attempted' }),
      ).toMatchObject({ success: true, data: { args: { enforce: 'attempted' } } });
    });

    it('leaves the installed mode when unset or empty', () => {
      expect(enforceWith({})).toBe('attempted');
      expect(enforceWith({ SKILLPACK_HOOK_ENFORCE: '' })).toBe('attempted');
    });

    it('refuses a value outside the modes with a ConfigError naming the variable', () => {
      const parsed = enforceWith({ SKILLPACK_HOOK_ENFORCE: 'ALWAYS' });
      expect(parsed).toMatchObject({ success: false, error: { code: 'hook_enforce_env' } });
      if (typeof parsed === 'string' || parsed.success) return;
      expect(parsed.error).toBeInstanceOf(ConfigError);
      expect(parsed.error.message).toBe(
        'SKILLPACK_HOOK_ENFORCE must be one of always, attempted (or unset), got "ALWAYS".',
      );
    });
  });
});
