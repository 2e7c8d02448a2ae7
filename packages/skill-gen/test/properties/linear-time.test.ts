// Linear time of skill-gen's readers: 10× the input must cost less than 20× the CPU time.
import { safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { safeParseManifest } from '../../src/pack/manifest.js';
import { safeParseLockFile } from '../../src/runtimes/runtime-install.js';
import { lintSkillFile } from '../../src/runtimes/runtime-lint.js';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import { describeLinearTime } from './_support/core-support.js';

const FRONT_MATTER = '---\nname: demo\ndescription: "Demo skill."\n---\n';
const SHA = 'a'.repeat(64);

function lint(text: string) {
  return lintSkillFile(
    {
      file: 'demo/SKILL.md',
      fileName: 'SKILL.md',
      folderName: 'demo',
      bytes: Buffer.from(text),
      folderEntries: [],
    },
    ['claude-code', 'codex', 'opencode', 'portable'],
  );
}

/** `count` JSON items from `text`'s length, so a repeated unit grows a document with many entries. */
const countOf = (text: string, per: number) => Math.max(1, Math.ceil(text.length / per));

describeLinearTime(
  [
    {
      name: 'safeParseSkillFile, body',
      run: (text) => safeParseSkillFile(`${FRONT_MATTER}${text}`, 'skills/demo/skill.md'),
      units: [
        ['handlebars', '{{> conflux.acceptance }} and {{#if x}}y{{/if}}\n'],
        ['blank lines', '\n'],
        ['comment-like lines', '# heading\n\n'],
        ['delimiters', '---\n'],
      ],
    },
    {
      name: 'lintSkillFile',
      run: (text) => lint(`${FRONT_MATTER}${text}`),
      units: [
        ['file references', 'See [guide](references/guide.md) and `scripts/run.sh`.\n'],
        ['long lines', 'x'],
        ['XML-like tags', '<tag attr="x">'],
        ['CRLF', 'line\r\n'],
      ],
    },
    {
      name: 'lintSkillFile, front matter',
      run: (text) => lint(`---\nname: demo\ndescription: ${text}\n---\nBody.\n`),
      units: [
        ['colons', 'a: b '],
        ['quotes', '"\\"'],
      ],
      size: 10_000,
    },
    {
      name: 'safeParsePackConfig',
      run: (text) =>
        safeParsePackConfig(
          JSON.stringify({ name: 'demo', version: '1.0.0', description: text, skills: ['skills'] }),
          'c.json',
        ),
      units: [
        ['text', 'abc'],
        ['escapes', '"\\'],
      ],
    },
    {
      name: 'safeParseLockFile with many files',
      run: (text) =>
        safeParseLockFile(
          JSON.stringify({
            lockfileVersion: 1,
            installs: [
              {
                pack: { name: 'demo', version: '1.0.0' },
                runtime: 'codex',
                scope: 'project',
                files: Array.from({ length: countOf(text, 40) }, (_, i) => ({
                  path: `.agents/skills/d/${i}.md`,
                  sha256: SHA,
                  executable: false,
                })),
              },
            ],
          }),
          'lock.json',
        ),
      units: [['entries', 'x']],
    },
    {
      name: 'safeParseManifest with many files',
      run: (text) =>
        safeParseManifest(
          JSON.stringify({
            schemaVersion: 1,
            generator: { name: 'g', version: '1.0.0' },
            pack: { name: 'demo', version: '1.0.0' },
            targets: ['codex'],
            contracts: [],
            sources: [],
            files: Array.from({ length: countOf(text, 40) }, (_, i) => ({
              path: `codex/${i}.md`,
              sha256: SHA,
              executable: false,
            })),
          }),
        ),
      units: [['entries', 'x']],
    },
  ],
  20_000,
  1,
);
