import { describe, expect, it } from 'vitest';
import { checkCliToolEnabled } from '../../src/maestro/cli-tools.js';
import { buildDelegateCommand } from '../../src/maestro/delegate-command.js';
import {
  applyRegroundVerdict,
  handleStepFailure,
  parseRalphCliArguments,
  safeParseRalphCliArguments,
} from '../../src/maestro/index.js';
import {
  checkRalphCliSessionInvariants,
  executorAcceptsSession,
  isRalphCliSessionId,
} from '../../src/maestro/session-invariants.js';

describe('safeParseRalphCliArguments ($ARGUMENTS of maestro-ralph-cli)', () => {
  it('reads every flag of the seed table', () => {
    expect(parseRalphCliArguments('-y --to codex --roadmap "add oauth login" docs/brief.md')).toEqual({
      route: 'run',
      auto_confirm: true,
      cli_tool: 'codex',
      wants_roadmap: true,
      amend_mode: false,
      input_doc: 'docs/brief.md',
      intent: 'add oauth login',
    });
  });

  it('defaults the CLI tool to claude and reads -a as amend mode, the rest as the change request', () => {
    expect(parseRalphCliArguments('-a drop the admin page')).toMatchObject({
      route: 'run',
      cli_tool: 'claude',
      amend_mode: true,
      intent: 'drop the admin page',
    });
    expect(parseRalphCliArguments('--amend notes.txt')).toMatchObject({
      amend_mode: true,
      input_doc: 'notes.txt',
    });
  });

  it.each([
    ['status', 'status'],
    ['  continue ', 'continue'],
    ['continue the refactor', 'run'],
    ['-y status', 'status'],
  ] as const)('routes %j to %s', (text, route) => {
    expect(parseRalphCliArguments(text).route).toBe(route);
  });

  it.each([
    ['--to gemini', 'invalid_cli_tool'],
    ['--to', 'invalid_cli_tool'],
    ['"unterminated', 'unterminated_quote'],
  ] as const)('rejects %j with %s', (text, code) => {
    const result = safeParseRalphCliArguments(text);
    expect(result.success || result.error.code).toBe(code);
  });

  it.each([undefined, null, 42, {}, []])('returns a typed failure for %j and never throws', (input) => {
    expect(safeParseRalphCliArguments(input)).toMatchObject({
      success: false,
      error: { code: 'invalid_arguments' },
    });
  });
});

describe('checkCliToolEnabled (E012)', () => {
  it('accepts a tool that cli-tools.json enables', () => {
    expect(checkCliToolEnabled({ version: '1', tools: { codex: { enabled: true } } }, 'codex')).toEqual({
      success: true,
      data: 'codex',
    });
  });

  it.each([
    [{ tools: { codex: { enabled: false } } }],
    [{ tools: { codex: { enabled: 'true' } } }],
    [{ tools: { claude: { enabled: true } } }],
    [{ tools: JSON.parse('{"__proto__":{"enabled":true}}') }],
    [undefined],
    ['{}'],
  ])('answers E012 for %j', (config) => {
    const result = checkCliToolEnabled(config, 'codex');
    expect(result.success || [result.error.code, result.error.message]).toEqual([
      'E012',
      expect.stringContaining('tools.codex.enabled to be true'),
    ]);
  });
});

describe('buildDelegateCommand (A_DISPATCH_DELEGATE)', () => {
  const draws = [0, 0.5, 0.999, 0.1];
  const random = () => draws.shift()!;

  it('writes --id {prefix}-{HHmmss}-{rand4} from the clock and the randomness it is given', () => {
    const command = buildDelegateCommand({
      prompt:
        '/maestro-ralph-cli-execute maestro-plan 1 --session ralph-cli-20260628-101500\n<execution_context>',
      cliTool: 'claude',
      mode: 'write',
      prefix: 'plan',
      now: new Date('2026-06-28T09:07:05Z'),
      random,
    });
    expect(command.execId).toBe('plan-090705-0iz3');
    expect(command.argv).toEqual([
      'maestro',
      'delegate',
      '/maestro-ralph-cli-execute maestro-plan 1 --session ralph-cli-20260628-101500\n<execution_context>',
      '--to',
      'claude',
      '--mode',
      'write',
      '--id',
      'plan-090705-0iz3',
    ]);
    expect(command.command).toBe(
      'maestro delegate "/maestro-ralph-cli-execute maestro-plan 1 --session ralph-cli-20260628-101500\n<execution_context>" --to claude --mode write --id plan-090705-0iz3',
    );
  });

  it('quotes what a shell would expand in the prompt', () => {
    const command = buildDelegateCommand({
      prompt: 'say "$HOME" `id`',
      cliTool: 'codex',
      mode: 'analysis',
      prefix: 'eval',
      now: new Date(0),
      random: () => 0,
    });
    expect(command.command).toBe(
      'maestro delegate "say \\"\\$HOME\\" \\`id\\`" --to codex --mode analysis --id eval-000000-0000',
    );
  });

  it.each([
    [{ prefix: 'a b' }, 'invalid_delegate_prefix'],
    [{ now: new Date(Number.NaN) }, 'invalid_delegate_clock'],
    [{ random: () => 1 }, 'invalid_delegate_random'],
  ] as const)('refuses %j', (change, code) => {
    const input = {
      prompt: 'p',
      cliTool: 'claude',
      mode: 'write',
      prefix: 'x',
      now: new Date(0),
      random: () => 0,
    } as const;
    expect(() => buildDelegateCommand({ ...input, ...change })).toThrow(expect.objectContaining({ code }));
  });
});

describe('handleStepFailure (S_HANDLE_FAIL: retry once, then pause)', () => {
  it.each([
    [
      { auto_confirm: true, retried: false },
      { next: 'S_STEP_LOCATE', action: 'A_RETRY' },
    ],
    [
      { auto_confirm: true, retried: true },
      { next: 'END', action: 'A_PAUSE_SESSION' },
    ],
    [
      { auto_confirm: false, retried: false },
      { next: 'S_FALLBACK', action: 'request_user_input' },
    ],
  ] as const)('%j → %j', (input, step) => {
    expect(handleStepFailure(input)).toEqual(step);
  });
});

describe('applyRegroundVerdict (the third S_APPLY_VERDICT guard)', () => {
  it.each([
    [
      { verdict: 'drifted', confidence_score: 60 },
      { next: 'END', action: 'A_REGROUND_HALT' },
    ],
    [
      { verdict: 'drifted', confidence_score: 99 },
      { next: 'END', action: 'A_REGROUND_HALT' },
    ],
    [
      { verdict: 'drifted', confidence_score: 59 },
      { next: 'S_STEP_LOCATE', action: 'A_APPLY_PROCEED', low_confidence: true },
    ],
    [
      { verdict: 'aligned', confidence_score: 90 },
      { next: 'S_STEP_LOCATE', action: 'A_APPLY_PROCEED', low_confidence: false },
    ],
  ] as const)('%j → %j', (input, step) => {
    expect(applyRegroundVerdict(input)).toEqual(step);
  });
});

describe('session invariants', () => {
  it.each([
    ['ralph-cli-20260628-101500', true],
    ['ralph-cli-20260230-101500', false],
    ['ralph-cli-20260628-246000', false],
    ['ralph-20260628-101500', false],
    ['ralph-cli-20260628-1015', false],
    [42, false],
  ] as const)('isRalphCliSessionId(%j) is %s', (id, expected) => {
    expect(isRalphCliSessionId(id)).toBe(expected);
  });

  it('requires platform codex and the ralph-cli id of a cli-delegate session', () => {
    expect(
      checkRalphCliSessionInvariants({
        session_id: 'ralph-cli-20260628-101500',
        execution_mode: 'cli-delegate',
        platform: 'codex',
      }),
    ).toEqual([]);
    expect(
      checkRalphCliSessionInvariants({
        session_id: 'ralph-20260628-101500',
        execution_mode: 'cli-delegate',
        platform: 'claude',
      }).map((violation) => violation.field),
    ).toEqual(['session_id', 'platform']);
    expect(checkRalphCliSessionInvariants({ session_id: 'x', platform: 'claude' })).toEqual([]);
  });

  it.each([
    [{ platform: 'codex' }, true],
    [{}, true],
    [{ platform: null }, true],
    [{ platform: 'claude' }, false],
    [{ platform: 'agy' }, false],
  ] as const)('the executor processes %j: %s (only codex sessions, or absent)', (session, expected) => {
    expect(executorAcceptsSession(session)).toBe(expected);
  });
});
