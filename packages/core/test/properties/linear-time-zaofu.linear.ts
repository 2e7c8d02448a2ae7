// Linear time: 10× the input must cost less than 20× the CPU time (see _support/linear.ts).
import { gateFailed } from '../../src/zaofu/gate-failed.js';
import {
  findZfEmitCommandsInText,
  safeParseZfEmitCommand,
  safeParseZfEventLine,
  validateArtifactManifest,
} from '../../src/zaofu/index.js';
import { describeLinearTime } from './_support/linear.js';

/** Shell syntax the lexer has to get through: quotes, escapes, expansions, heredocs, lists, groups. */
const SHELL_UNITS = [
  ['single-quoted words', "'a b' "],
  ['double quotes with escapes', '"a\\"b$x" '],
  ['command substitutions', '$(echo a) '],
  ['an unclosed substitution', '$('],
  ['backticks', '`x` '],
  ['and-lists', 'true && '],
  ['heredocs', '<<EOF\nx\nEOF\n'],
  ['line continuations', 'a\\\n'],
  ['emit calls', "zf emit t --payload '{}'; "],
] as const;

const SHA = 'a'.repeat(64);

describeLinearTime(
  [
    { name: 'safeParseZfEmitCommand', run: (text) => safeParseZfEmitCommand(text), units: SHELL_UNITS },
    {
      name: 'safeParseZfEmitCommand on one payload',
      run: (text) => safeParseZfEmitCommand(`zf emit gate.failed --payload '{"s":"${text}"}'`),
      units: [
        ['plain text', 'abc '],
        ['escaped quotes', '\\"'],
        ['shell-quoted quotes', "'\\''"],
      ],
    },
    {
      name: 'findZfEmitCommandsInText',
      run: (text) => findZfEmitCommandsInText(text),
      units: [
        ['emit lines', "zf emit t --payload '{}'\n"],
        ['near misses', 'zf zf emitx '],
        ['an unclosed quote after zf emit', ' zf emit "\n'],
        ['continued emit words', 'zf \\\n'],
        ['markdown around calls', '`zf emit t` and '],
      ],
    },
    {
      name: 'a handoff contract extract (gate.failed)',
      run: (text) => gateFailed.extract(text),
      units: [
        ['emit lines', `zf emit gate.failed --payload '{"verdict":"x"}'\n`],
        ['envelope lines', '{"type":"gate.failed","payload":{"verdict":"x"}}\n'],
        ['prose', 'the critic rejected it\n'],
      ],
      size: 3_000,
    },
    {
      name: 'safeParseZfEventLine',
      run: (text) => safeParseZfEventLine(`{"type":"t","id":"evt-1","ts":"x","payload":{"a":"${text}"}}`),
      units: [
        ['text', 'abc'],
        ['escapes', '\\u0041'],
      ],
    },
    {
      name: 'validateArtifactManifest',
      run: (text) =>
        validateArtifactManifest(
          {
            task_id: 'T-1',
            role: 'arch',
            artifact_refs: Array.from({ length: Math.ceil(text.length / 20) }, (_, index) => ({
              kind: 'spec',
              path: `docs/${text.slice(0, 12)}/${index}.md`,
              sha256: SHA,
              summary: 's',
            })),
          },
          { projectRoot: '/work/project', stateDir: '.zf' },
        ),
      units: [
        ['plain paths', 'a'],
        ['traversal-looking paths', '../'],
      ],
      size: 20_000,
    },
  ],
  10_000,
  1,
);
