import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/index.js';
import { quoteShellArgument } from '../../src/maestro/complete-command.js';
import { isMaestroErrorCode, maestroErrorCode, ralphCliErrorCodes } from '../../src/maestro/error-table.js';
import {
  applyResultSignals,
  CLI_TOOLS,
  delegationForStage,
  MAESTRO_ERROR_CODES,
  renderInvocationLine,
  renderRalphCompleteCommand,
  safeParseInvocationLine,
  safeParseRalphCompleteArgv,
} from '../../src/maestro/index.js';
import { EXECUTE_SKILL } from '../../src/maestro/invocation.js';
import { RalphSessionSchema } from '../../src/maestro/status-schema.js';

describe('renderInvocationLine', () => {
  it.each([
    ['claude', '/maestro-ralph-cli-execute maestro-plan 1 --gaps --session ralph-cli-20260628-120000'],
    ['codex', '$maestro-ralph-cli-execute maestro-plan 1 --gaps --session ralph-cli-20260628-120000'],
    ['opencode', '/maestro-ralph-cli-execute maestro-plan 1 --gaps --session ralph-cli-20260628-120000'],
    ['agy', '/maestro-ralph-cli-execute maestro-plan 1 --gaps --session ralph-cli-20260628-120000'],
  ] as const)('%s', (cliTool, line) => {
    expect(
      renderInvocationLine({
        cliTool,
        skill: 'maestro-plan',
        args: ' 1 --gaps ',
        sessionId: 'ralph-cli-20260628-120000',
      }),
    ).toBe(line);
  });

  it('leaves out empty arguments', () => {
    expect(renderInvocationLine({ cliTool: 'codex', skill: 'maestro-init', sessionId: 's1' })).toBe(
      '$maestro-ralph-cli-execute maestro-init --session s1',
    );
  });

  it.each([
    [{ cliTool: 'claude', skill: 'two words', sessionId: 's' }, 'skill'],
    [{ cliTool: 'claude', skill: 'x', sessionId: '' }, 'sessionId'],
    [{ cliTool: 'cursor', skill: 'x', sessionId: 's' }, 'cliTool'],
  ] as const)('refuses %j', (line, fieldPath) => {
    expect(() => renderInvocationLine(line as never)).toThrow(ConfigError);
    try {
      renderInvocationLine(line as never);
    } catch (error) {
      expect((error as ConfigError).details.fieldPath).toBe(fieldPath);
    }
  });
});

describe('safeParseInvocationLine', () => {
  it('reads back every rendered line, naming the tools that share the notation', () => {
    for (const cliTool of CLI_TOOLS) {
      const prompt = `${renderInvocationLine({ cliTool, skill: 'quality-review', args: '2 --tier quick', sessionId: 'ralph-cli-7' })}\n<execution_context>…`;
      const parsed = safeParseInvocationLine(prompt);
      expect(parsed).toEqual({
        success: true,
        data: {
          notation: cliTool === 'codex' ? '$' : '/',
          cliTools: cliTool === 'codex' ? ['codex'] : ['claude', 'opencode', 'agy'],
          command: EXECUTE_SKILL,
          skill: 'quality-review',
          args: '2 --tier quick',
          sessionId: 'ralph-cli-7',
        },
      });
    }
  });

  it('reads the later --session-only form and skips leading blank lines', () => {
    expect(safeParseInvocationLine('\n\n  /maestro-ralph-cli-execute --session s9\nbody')).toMatchObject({
      success: true,
      data: { skill: null, args: '', sessionId: 's9' },
    });
  });

  it.each(['plain text', '/', '$x --session'])('refuses %j with invalid_invocation', (prompt) => {
    const result = safeParseInvocationLine(prompt);
    expect(result.success || result.error.code).toBe('invalid_invocation');
  });
});

describe('tables', () => {
  it('describes every code the ralph transitions and checks report, in its scope', () => {
    const scoped = [
      ['ralph-execute', ['E001', 'E006', 'E007', 'E008', 'E009', 'E010', 'W001', 'W005', 'W007']],
      ['ralph-cli', ['E011', 'E012', 'E013']],
      ['ralph-check', ['W005', 'W006', 'W007', 'W008']],
      ['ralph', ['E001', 'E002', 'E003', 'E004', 'E005', 'E006', 'W001', 'W002', 'W003', 'W004']],
    ] as const;
    for (const [scope, codes] of scoped) {
      expect(Object.keys(MAESTRO_ERROR_CODES[scope])).toEqual(codes);
      for (const code of codes) expect(isMaestroErrorCode(scope, code), `${scope} ${code}`).toBe(true);
    }
    expect(isMaestroErrorCode('ralph', 'toString')).toBe(false);
    expect(maestroErrorCode('toString' as 'ralph', 'E001')).toBeUndefined();
    expect(MAESTRO_ERROR_CODES['ralph-cli'].E013.recovery).toMatch(/DONE_WITH_CONCERNS/);
  });

  it('keeps the meanings upstream gives one code in different skills apart', () => {
    expect(maestroErrorCode('ralph', 'E001')?.description).toBe('No intent and no running session');
    expect(maestroErrorCode('ralph-execute', 'E001')?.description).toBe('No running session found');
    expect(maestroErrorCode('ralph', 'E006')?.description).toMatch(/command_scope/);
    expect(maestroErrorCode('ralph-execute', 'E006')?.description).toMatch(/command_path/);
    expect(maestroErrorCode('ralph', 'W001')?.description).toBe('Decision expanded chain');
    expect(maestroErrorCode('ralph-execute', 'W001')?.executorStatus).toBe('DONE_WITH_CONCERNS');
  });

  it('puts ralph E001–E006 and W001–W004 in effect for ralph-cli, plus its E011–E013', () => {
    expect(Object.keys(ralphCliErrorCodes())).toEqual([
      'E001',
      'E002',
      'E003',
      'E004',
      'E005',
      'E006',
      'W001',
      'W002',
      'W003',
      'W004',
      'E011',
      'E012',
      'E013',
    ]);
  });

  it.each([
    [
      'plan',
      { delegate_mode: 'write', delegate_role: 'plan', delegate_rule: 'planning-breakdown-task-steps' },
    ],
    [
      'business-test',
      { delegate_mode: 'analysis', delegate_role: 'review', delegate_rule: 'analysis-review-code-quality' },
    ],
    ['grill', { delegate_mode: 'write', delegate_role: 'brainstorm', delegate_rule: null }],
    ['constructor', undefined],
  ] as const)('delegates stage %s as %j', (stage, expected) => {
    expect(delegationForStage(stage)).toEqual(expected);
  });

  it('applies SIGNALS to a new session without touching the old one', () => {
    const session = RalphSessionSchema.parse({
      session_id: 's',
      source: 'ralph',
      status: 'running',
      intent: 'i',
      lifecycle_position: 'plan',
      phase: null,
      milestone: 'M1',
      steps: [],
    });
    const signals = JSON.parse('{"BLP-xxx":"BLP-3","grill_id":"G-1","__proto__":"x"}') as Record<
      string,
      string
    >;
    const applied = applyResultSignals(session, signals);
    expect(applied.session).toMatchObject({ blueprint_id: 'BLP-3', context: { grill_id: 'G-1' } });
    expect(Object.getPrototypeOf(applied.session.context)).toBe(Object.prototype);
    expect(applied.warnings.map((warning) => warning.code)).toEqual(['unsafe_signal_key']);
    expect(session.context).toBeUndefined();
  });

  it.each([
    ['plain', '"plain"'],
    ['say "hi" to $HOME `now` \\n', '"say \\"hi\\" to \\$HOME \\`now\\` \\\\n"'],
  ] as const)('quotes %j for a shell', (value, quoted) => {
    expect(quoteShellArgument(value)).toBe(quoted);
  });

  it('renders a ralph complete command that a POSIX shell splits back into the same arguments', () => {
    const args = {
      index: 4,
      status: 'DONE_WITH_CONCERNS' as const,
      summary: 'Say "hi" to $HOME and `date` \\ ok',
      decisions: ['a；b', "it's"],
      caveats: 'two\nlines',
      concerns: 'two\nlines',
      evidence: [],
      deferred: ['!bang'],
    };
    const command = renderRalphCompleteCommand(args);
    const words = command.slice('maestro ralph complete '.length);
    const output = execFileSync('sh', ['-c', `for a in ${words}; do printf '%s\\0' "$a"; done`], {
      encoding: 'utf8',
    });
    const argv = output.split('\0').slice(0, -1);
    expect(safeParseRalphCompleteArgv(argv)).toEqual({
      success: true,
      data: { ...args, reason: undefined, session: undefined },
    });
  });
});
