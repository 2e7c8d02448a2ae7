import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import {
  findZfEmitCommands,
  findZfEmitCommandsInText,
  parseZfEmitCommand,
  safeParseZfEmitCommand,
} from '../../src/zaofu/index.js';

function parsed(command: string) {
  const result = safeParseZfEmitCommand(command);
  if (!result.success) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

function failure(command: unknown) {
  const result = safeParseZfEmitCommand(command);
  if (result.success) throw new Error(`expected failure for ${String(command)}`);
  expect(result.error).toBeInstanceOf(ProtocolError);
  return result.error;
}

describe('safeParseZfEmitCommand: the command', () => {
  it('reads type, payload, task, actor and dispatch id', () => {
    expect(
      parsed(`zf emit arch.proposal.done --task T-1 --actor arch --payload '{"summary":"x","n":[1,2]}'`),
    ).toEqual({
      type: 'arch.proposal.done',
      payload: { summary: 'x', n: [1, 2] },
      task: 'T-1',
      actor: 'arch',
      dispatchId: null,
      stateDir: null,
    });
  });

  it('writes --dispatch-id into the payload as the kernel does, replacing the payload value', () => {
    const command = parsed(`zf emit a --dispatch-id D-9 --payload '{"dispatch_id":"old","k":1}'`);
    expect(command.payload).toEqual({ dispatch_id: 'D-9', k: 1 });
    expect(command.dispatchId).toBe('D-9');
  });

  it('gives {} without a payload option, like zf emit', () => {
    expect(parsed('zf emit worker.heartbeat').payload).toEqual({});
    expect(parsed(`zf emit worker.heartbeat --payload ''`).payload).toEqual({});
  });

  it.each([
    ['--opt=value form', `zf emit a --payload='{"k":1}' --task=T-2`, { k: 1 }, 'T-2'],
    ['options before the type', `zf emit --task T-2 a --payload '{"k":1}'`, { k: 1 }, 'T-2'],
    ['unique prefixes', `zf emit a --pa '{"k":1}' --ta T-2`, null, null],
    ['the last repetition wins', `zf emit a --task T-1 --task T-2 --payload '{"k":1}'`, { k: 1 }, 'T-2'],
    ['a negative number as a value', `zf emit a --task -2 --payload '{"k":1}'`, { k: 1 }, '-2'],
  ] as const)('follows argparse: %s', (_name, command, payload, task) => {
    const result = safeParseZfEmitCommand(command);
    if (payload === null) {
      expect(result.success || result.error.message).toMatch(
        /ambiguous option: --pa could match --payload, --payload-file/,
      );
      return;
    }
    expect(result).toMatchObject({ success: true, data: { type: 'a', payload, task } });
  });

  it('ends options at --', () => {
    expect(parsed(`zf emit --task T -- --odd-type`).type).toBe('--odd-type');
  });
});

describe('safeParseZfEmitCommand: shell quoting', () => {
  it.each([
    [
      'single quotes keep everything',
      `zf emit a --payload '{"s":"$HOME \\\\ \`x\`"}'`,
      { s: '$HOME \\ `x`' },
    ],
    [
      'double quotes unescape \\" and \\\\',
      `zf emit a --payload "{\\"s\\":\\"b\\\\\\\\c\\"}"`,
      { s: 'b\\c' },
    ],
    ['double quotes keep other backslashes', `zf emit a --payload "{\\"s\\":\\"\\n\\"}"`, { s: '\n' }],
    ["'\\'' inside single quotes", `zf emit a --payload '{"s":"don'\\''t"}'`, { s: "don't" }],
    ['adjacent quoted parts join', `zf emit a --payload '{"s":'"\\"x\\""'}'`, { s: 'x' }],
    ["bash $'…' quoting", `zf emit a --payload $'{"s":"it\\'s\\\\ttab\\x21"}'`, { s: "it's\ttab!" }],
    ['unquoted backslash escapes', `zf emit a --payload {\\"s\\":\\"x\\"}`, { s: 'x' }],
    ['a literal $ before a non-name', `zf emit a --payload "{\\"s\\":\\"5 $ \\"}"`, { s: '5 $ ' }],
  ] as const)('%s', (_name, command, payload) => {
    expect(parsed(command).payload).toEqual(payload);
  });

  it('joins backslash-newline continuations, also inside double quotes', () => {
    const command = parsed(`zf emit a \\\n  --task T-1 \\\n  --payload "{\\"s\\":\\"ab\\\ncd\\"}"`);
    expect(command).toMatchObject({ task: 'T-1', payload: { s: 'abcd' } });
  });

  it('keeps newlines inside single quotes (pretty-printed JSON)', () => {
    expect(parsed(`zf emit a --payload '{\n  "summary": "x"\n}'`).payload).toEqual({ summary: 'x' });
  });

  it('ignores a trailing comment and redirections', () => {
    expect(parsed(`zf emit a --payload '{"k":1}' > /dev/null 2>&1 # done`).payload).toEqual({ k: 1 });
  });
});

describe('safeParseZfEmitCommand: where the call sits in the command', () => {
  it.each([
    ['after cd &&', `cd /repo && zf emit a --payload '{"k":1}'`],
    ['after ;', `set -e; zf emit a --payload '{"k":1}'`],
    ['with env assignments', `PATH="$HOME/.local/bin:$PATH" ZF_X=1 zf emit a --payload '{"k":1}'`],
    ['behind uv run', `uv run --project . zf emit a --payload '{"k":1}'`],
    ['behind env', `env -i HOME=/h zf emit a --payload '{"k":1}'`],
    ['as python -m zf', `python3 -m zf emit a --payload '{"k":1}'`],
    ['by path', `/home/u/.venv/bin/zf emit a --payload '{"k":1}'`],
    ['inside bash -lc', `bash -lc 'cd /repo && zf emit a --payload "{\\"k\\":1}"'`],
    ['in a subshell', `(cd /repo && zf emit a --payload '{"k":1}')`],
    ['on a later line', `echo start\nzf emit a --payload '{"k":1}'\necho end`],
  ] as const)('%s', (_name, command) => {
    expect(parsed(command)).toMatchObject({ type: 'a', payload: { k: 1 } });
  });

  it.each([
    ['echo of the words', `echo zf emit a --payload '{}'`],
    ['another zf command', `zf status --task T-1`],
    ['grep for it', `grep -r "zf emit" docs/`],
    ['a dynamic command word', `$ZF emit a --payload '{}'`],
    ['plain text', 'please run the tests'],
  ] as const)('is not a zf emit call: %s', (_name, command) => {
    expect(failure(command).code).toBe('not_zf_emit');
  });

  it('finds every call and refuses to pick one of several', () => {
    const command = `zf emit a --payload '{"k":1}' && zf emit b --payload '{"k":2}'`;
    const found = findZfEmitCommands(command);
    expect(found.map((entry) => entry.result.success && entry.result.data.type)).toEqual(['a', 'b']);
    expect(found[1]!.start).toBeGreaterThan(found[0]!.end - 1);
    expect(failure(command)).toMatchObject({ code: 'multiple_emit_commands', details: { count: 2 } });
  });
});

describe('safeParseZfEmitCommand: payload files and stdin', () => {
  it('records --payload-file as a path without reading it', () => {
    expect(parsed('zf emit a --payload-file .zf/tmp/p.json --dispatch-id D')).toEqual({
      type: 'a',
      payload: null,
      payloadFile: '.zf/tmp/p.json',
      task: null,
      actor: null,
      dispatchId: 'D',
      stateDir: null,
    });
  });

  it.each([
    [
      'a quoted here-document',
      `zf emit a --payload-file - <<'EOF'\n{"s": "$HOME"}\nEOF\necho after`,
      { s: '$HOME' },
    ],
    ['a tab-stripped here-document', `zf emit a --payload-file - <<-EOF\n\t{"s": "x"}\n\tEOF`, { s: 'x' }],
    [
      'an unquoted here-document without expansions',
      `zf emit a --payload-file - <<EOF\n{"s": "5\\$"}\nEOF`,
      { s: '5$' },
    ],
    ['a here-string', `zf emit a --payload-file - <<< '{"s":"x"}'`, { s: 'x' }],
    [
      'cat of a here-document piped in',
      `cat <<'JSON' | zf emit a --payload-file -\n{"s":"x"}\nJSON`,
      { s: 'x' },
    ],
    ['echo piped in', `echo '{"s":"x"}' | zf emit a --payload-file -`, { s: 'x' }],
  ] as const)('reads stdin from %s', (_name, command, payload) => {
    expect(parsed(command)).toMatchObject({ payloadFile: '-', payload });
  });

  it('leaves stdin from elsewhere unknown', () => {
    expect(parsed('some-tool | zf emit a --payload-file -').payload).toBeNull();
    expect(parsed('zf emit a --payload-file - < p.json').payload).toBeNull();
  });

  it('follows the kernel quirk: an empty --payload does not conflict with --payload-file', () => {
    expect(parsed(`zf emit a --payload '' --payload-file p.json`)).toMatchObject({
      payload: null,
      payloadFile: 'p.json',
    });
  });
});

describe('safeParseZfEmitCommand: failures', () => {
  it.each([
    ['no type', 'zf emit', 'invalid_emit_arguments', 'the following arguments are required: type'],
    ['an extra positional', `zf emit a b --payload '{}'`, 'invalid_emit_arguments', 'unrecognized arguments'],
    ['an unknown option', `zf emit a --force`, 'invalid_emit_arguments', 'unrecognized arguments: --force'],
    [
      'a missing option value',
      `zf emit a --task`,
      'invalid_emit_arguments',
      'argument --task: expected one argument',
    ],
    ['an option as a value', `zf emit a --task --actor x`, 'invalid_emit_arguments', 'expected one argument'],
    ['--help', `zf emit a --help`, 'invalid_emit_arguments', 'emits nothing'],
    [
      'both payload options',
      `zf emit a --payload '{}' --payload-file p`,
      'invalid_emit_arguments',
      'use only one of',
    ],
    ['invalid JSON', `zf emit a --payload '{bad'`, 'invalid_emit_payload', '--payload must be valid JSON'],
    ['a JSON array', `zf emit a --payload '[1]'`, 'invalid_emit_payload', 'payload must be a JSON object'],
    ['a variable payload', `zf emit a --payload "$PAYLOAD"`, 'dynamic_emit_argument', 'shell expansion'],
    [
      'a command substitution',
      `zf emit a --payload "$(cat p.json)"`,
      'dynamic_emit_argument',
      'shell expansion',
    ],
    [
      'a backtick substitution',
      'zf emit a --payload `cat p.json`',
      'dynamic_emit_argument',
      'shell expansion',
    ],
    [
      'an expanding here-document',
      `zf emit a --payload-file - <<EOF\n{"s":"$X"}\nEOF`,
      'dynamic_emit_argument',
      'stdin',
    ],
    ['an unclosed single quote', `zf emit a --payload '{"k":1}`, 'invalid_shell_syntax', 'single quote'],
    ['an unclosed double quote', `zf emit a --payload "{`, 'invalid_shell_syntax', 'double quote'],
    ['an unclosed $(', `zf emit a --payload "$(cat"`, 'invalid_shell_syntax', 'never closed'],
    ['a redirect without target', `zf emit a >`, 'invalid_shell_syntax', 'has no target'],
  ] as const)('%s', (_name, command, code, fragment) => {
    const error = failure(command);
    expect(error.code).toBe(code);
    expect(error.message).toContain(fragment);
  });

  it.each([
    `zf emit gate.failed --payload '[1]'`,
    'zf emit --task T-1 gate.failed --bogus',
    'zf emit --task=T-1 gate.failed extra',
  ])('names the event type of the failed call %s', (command) => {
    expect(failure(command).details.type).toBe('gate.failed');
  });

  it('throws the typed error from parseZfEmitCommand', () => {
    expect(() => parseZfEmitCommand('zf emit')).toThrow(ProtocolError);
    expect(parseZfEmitCommand('zf emit a').type).toBe('a');
  });
});

describe('findZfEmitCommandsInText: calls written in a message', () => {
  const types = (text: string) =>
    findZfEmitCommandsInText(text).map((entry) =>
      entry.result.success ? entry.result.data.type : entry.result.error.code,
    );

  it('reads a fenced bash block with a multi-line payload', () => {
    const text = [
      'Design is ready.',
      '```bash',
      "zf emit arch.proposal.done --task T-1 --payload '{",
      '  "summary": "x"',
      "}'",
      '```',
      'Done.',
    ].join('\n');
    const [found] = findZfEmitCommandsInText(text);
    expect(found?.result).toEqual({
      success: true,
      data: {
        type: 'arch.proposal.done',
        payload: { summary: 'x' },
        task: 'T-1',
        actor: null,
        dispatchId: null,
        stateDir: null,
      },
    });
  });

  it('reads an inline code span up to its closing backtick, ignoring the prose before it', () => {
    const text = `I'll run \`zf emit gate.failed --payload '{"verdict":"SUSPEND"}'\` now; it's final.`;
    const [found] = findZfEmitCommandsInText(text);
    expect(found?.result).toMatchObject({
      success: true,
      data: { type: 'gate.failed', payload: { verdict: 'SUSPEND' } },
    });
  });

  it('reads a here-document payload written in a message', () => {
    const text = '```sh\nzf emit a --task T --payload-file - <<\'JSON\'\n{"k": 1}\nJSON\n```\nzf emit b';
    const found = findZfEmitCommandsInText(text);
    expect(found.map((entry) => entry.result.success && entry.result.data.payload)).toEqual([{ k: 1 }, {}]);
  });

  it('reads prompt-prefixed and several calls in order', () => {
    const text = `$ zf emit a --payload '{}'\nthen\n$ zf emit b --payload '{}'`;
    expect(types(text)).toEqual(['a', 'b']);
  });

  it('skips words that merely contain zf and mentions without emit', () => {
    expect(types('the zfs pool; zf status; buzz emit; zf\temitter; xzf emit a')).toEqual([]);
  });

  it('names the event type of a call with an unclosed quote', () => {
    const result = findZfEmitCommandsInText(`zf emit \\\n gate.failed --payload '{"k":1}`)[0]!.result;
    expect(result.success || result.error.details).toEqual({ type: 'gate.failed' });
  });

  it('lets an unclosed quote swallow the rest, as a shell would', () => {
    expect(types(`zf emit a --payload '{"k":1}\nzf emit b --payload '{}'`)).toEqual(['invalid_shell_syntax']);
  });
});

describe('emit parsing on junk', () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const junk: readonly unknown[] = [
    undefined,
    null,
    '',
    '{',
    [],
    42,
    { command: 'zf emit a' },
    'zf emit a --payload \'{"__proto__":{"polluted":true}}\'',
    `zf emit a --payload '${deep}'`,
    `zf emit a --payload '{"s":"\ud800"}'`,
    'zf emit a --payload \'{"k":1}\'\r\n',
    `zf emit a --payload '${'x'.repeat(3_000_000)}'`,
    `zf emit ${'"'.repeat(1000)}`,
    `${'$('.repeat(10_000)}`,
    `zf emit a <<${'<'.repeat(5000)}`,
  ];

  it.each(junk.map((value, index) => [index, value] as const))(
    'never throws on junk #%i',
    (_index, value) => {
      const result = safeParseZfEmitCommand(value);
      expect(typeof result.success).toBe('boolean');
      if (!result.success) expect(result.error).toBeInstanceOf(ProtocolError);
      expect(() => findZfEmitCommandsInText(value as string)).not.toThrow();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('keeps a __proto__ key as an own payload key without touching prototypes', () => {
    const command = parsed('zf emit a --dispatch-id D --payload \'{"__proto__":{"polluted":true}}\'');
    expect(Object.getPrototypeOf(command.payload)).toBe(Object.prototype);
    expect(Object.hasOwn(command.payload!, '__proto__')).toBe(true);
    expect(command.payload!.dispatch_id).toBe('D');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parses CRLF-terminated commands like a shell: the \\r stays in the last word', () => {
    expect(parsed('zf emit a --payload \'{"k":1}\'\r\n').payload).toEqual({ k: 1 });
    expect(parsed('zf emit a\r').type).toBe('a\r');
  });

  // A quadratic scan of 1 MB would take minutes; the bound leaves room for a loaded CI machine.
  it.each([
    ['zf tokens', 'zf '.repeat(350_000)],
    ['zf emit tokens', 'zf emit '.repeat(130_000)],
    ['quotes', `zf emit a --payload ${"'x'".repeat(350_000)}`],
    ['operators', 'zf emit a && '.repeat(80_000)],
    ['dollar signs', `zf emit a --payload "${'$'.repeat(1_000_000)}"`],
    ['equals signs', `zf emit a --payload x${'='.repeat(1_000_000)}`],
  ] as const)(
    // Time, as a ratio of sizes, is bench/pathological-inputs.bench.mjs's; here: no throw, no command.
    'scans 1 MB of %s without finding a command or throwing',
    (_name, input) => {
      expect(() => findZfEmitCommands(input)).not.toThrow();
      expect(() => findZfEmitCommandsInText(input)).not.toThrow();
    },
    30_000,
  );
});
