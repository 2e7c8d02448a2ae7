import { ConfigError } from '@skillpack/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SkillForm } from '../../src/render/invocation.js';
import { createTemplateEngine } from '../../src/render/template-engine.js';
import { loadTemplates, type TemplateSet } from '../../src/render/templates.js';
import { SKILL_GEN_RUNTIMES } from '../../src/runtimes/registry.js';
import type { TargetId } from '../../src/targets/target-id.js';
import { demoRegistry, demoSkill } from '../_support/demo-registry.js';

let templates: TemplateSet;
beforeAll(async () => {
  templates = await loadTemplates();
});

const PACK = { name: 'acme', version: '1.0.0', description: 'Acme pack.' };
const FRONT = 'name: demo\ndescription: Demo.\ncontracts: [demo.answer]';
/** Without contracts the layout adds no reference list, so the body is the whole output. */
const PLAIN = 'name: demo\ndescription: Demo.';

function engine(skillNames = ['demo', 'other']) {
  return createTemplateEngine({
    templates,
    registry: demoRegistry,
    pack: PACK,
    skillNames: new Set(skillNames),
    runtimes: SKILL_GEN_RUNTIMES,
  });
}

function render(body: string, target: TargetId = 'claude-code', form: SkillForm = 'skill', front = PLAIN) {
  return engine().renderSkill(demoSkill(front, body), target, form);
}

function renderError(body: string, front = FRONT): ConfigError {
  try {
    render(body, 'claude-code', 'skill', front);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('skill body templates', () => {
  it.each([
    ['claude-code', 'skill', '/other'],
    ['claude-code', 'plugin', '/acme:other'],
    ['codex', 'skill', '$other'],
    ['codex', 'plugin', '$acme:other'],
    ['opencode', 'skill', '/other'],
    ['portable', 'skill', 'the other skill'],
  ] as const)('invokes a skill in %s %s notation', (target, form, expected) => {
    expect(render('Run {{invoke "other"}}.', target, form)).toBe(`Run ${expected}.\n`);
  });

  it('never namespaces an external skill', () => {
    expect(render('{{invoke "elsewhere" external=true}}', 'claude-code', 'plugin')).toBe('/elsewhere\n');
  });

  it.each([
    ['claude-code', 'A'],
    ['codex', 'B'],
    ['opencode', 'A'],
  ] as const)('renders runtime-conditional blocks for %s', (target, expected) => {
    expect(render('{{#ifRuntime "claude-code" "opencode"}}A{{else}}B{{/ifRuntime}}', target)).toBe(
      `${expected}\n`,
    );
    expect(render('{{#unlessRuntime "codex"}}A{{else}}B{{/unlessRuntime}}', target)).toBe(`${expected}\n`);
  });

  it('does not escape Markdown (backticks, =, <)', () => {
    expect(render('`{{skill.name}}` = <{{pack.name}}> {{runtime}} {{form}}')).toBe(
      '`demo` = <acme> claude-code skill\n',
    );
  });

  it('renders the contract output section from the contract itself', () => {
    const text = render('{{> contract-output contract="demo.answer"}}', 'claude-code', 'skill', FRONT);
    expect(text).toContain('## Output: demo answer');
    expect(text).toContain('| `verdict` | `"yes" \\| "no"` | yes | The decision. |');
    expect(text).toContain('| `reasons[].text` | `string` | yes | Why \\| because |');
    expect(text).toContain('#### Example: yes\n\nA plain yes.\n\n```json\n{"verdict":"yes"}\n```');
    expect(text).toContain('````json\n{"verdict":"no","reasons":[{"text":"it ``` breaks"}]}\n````');
    expect(text).toContain('- Write the JSON on its own line.');
    expect(text).toContain('## Reference files');
    expect(text).toContain('`references/demo.answer.schema.json`');
    expect(text).not.toContain('openai.schema.json');
  });

  it('lists the strict schema in Codex skills', () => {
    expect(render('x', 'codex', 'skill', FRONT)).toContain('`references/demo.answer.openai.schema.json`');
  });

  it("uses a runtime's own partial in place of the shared one, for that runtime only", () => {
    const withOverride: TemplateSet = {
      ...templates,
      partials: new Map([
        ...templates.partials,
        ['note', { file: 'templates/partials/note.hbs', text: 'shared' }],
      ]),
      targetPartials: new Map([
        ...templates.targetPartials,
        [
          'codex',
          new Map([['note', { file: 'templates/codex/partials/note.hbs', text: 'codex {{runtime}}' }]]),
        ],
      ]),
    };
    const custom = createTemplateEngine({
      templates: withOverride,
      registry: demoRegistry,
      pack: PACK,
      skillNames: new Set(['demo']),
      runtimes: SKILL_GEN_RUNTIMES,
    });
    const skill = demoSkill(PLAIN, '{{> note}}');
    expect(custom.renderSkill(skill, 'codex', 'skill')).toBe('codex codex\n');
    expect(custom.renderSkill(skill, 'opencode', 'skill')).toBe('shared\n');
  });

  it('prints the JSON Schema through contract-schema', () => {
    expect(render('{{> contract-schema contract="demo.answer"}}', 'claude-code', 'skill', FRONT)).toContain(
      '"$schema": "https://json-schema.org/draft/2020-12/schema"',
    );
  });
});

describe('template mistakes are ConfigErrors naming the file and line', () => {
  const FILE = 'skills/demo/skill.md';
  // The body starts on line 6: `---`, three front matter lines, `---`.
  it.each([
    ['a missing variable', 'ok\n{{skill.nmae}}', 'template_missing_variable', 7, /skill\.name/],
    [
      'a missing variable in #if',
      'ok\n\n{{#if skill.nope}}x{{/if}}',
      'template_missing_variable',
      8,
      /Variables are/,
    ],
    [
      'a missing variable in #each',
      '{{#each nothing}}x{{/each}}',
      'template_missing_variable',
      6,
      /Variables are/,
    ],
    [
      'an unknown helper',
      'ok\n{{shout skill.name}}',
      'template_unknown_helper',
      7,
      /"contract", "invoke", "json"/,
    ],
    ['an unknown block helper', '{{#repeat 3}}x{{/repeat}}', 'template_unknown_helper', 6, /"ifRuntime"/],
    [
      'a missing partial',
      'a\nb\n{{> contract-outptu contract="demo.answer"}}',
      'template_missing_partial',
      8,
      /"contract-output"/,
    ],
    [
      'an unknown contract',
      '{{> contract-output contract="demo.nope"}}',
      'unknown_contract',
      6,
      /"demo.answer"/,
    ],
    [
      'an unknown contract in a helper',
      '{{#with (contract "demo.nope")}}{{/with}}',
      'unknown_contract',
      6,
      /"demo.answer"/,
    ],
    [
      'a contract partial without its contract',
      '{{> contract-fields}}',
      'template_bad_argument',
      6,
      /contract="demo.answer"/,
    ],
    [
      'an unknown runtime',
      '{{#ifRuntime "cursor"}}x{{/ifRuntime}}',
      'template_bad_argument',
      6,
      /"portable"/,
    ],
    ['an unknown skill', 'x {{invoke "ghost"}}', 'unknown_skill', 6, /external=true/],
    ['a syntax error', 'a\n{{#ifRuntime "codex"}}unclosed', 'template_syntax', 7, /Close every/],
    ['a decorator', '{{* decorate}}', 'template_unsupported', 6, /Remove/],
    ['an unknown data variable', '{{@secret}}', 'template_missing_variable', 6, /@index/],
    ['a dynamic partial', '{{> (skill.name)}}', 'template_dynamic_partial', 6, /contract-output/],
  ] as const)('%s', (_label, body, code, line, fix) => {
    const error = renderError(body);
    expect(error.code).toBe(code);
    expect(error.details).toMatchObject({ file: FILE, line });
    expect(error.message.startsWith(`${FILE}:${line}: `)).toBe(true);
    expect(String(error.details.fix)).toMatch(fix);
  });

  it('names the contract the front matter forgot to declare', () => {
    const error = renderError(
      '{{> contract-output contract="demo.answer"}}',
      'name: demo\ndescription: Demo.',
    );
    expect(error.code).toBe('contract_not_declared');
    expect(String(error.details.fix)).toContain('contracts: [demo.answer]');
  });

  it('reports a mistake inside a partial against the partial file, naming the skill', () => {
    const broken: TemplateSet = {
      ...templates,
      partials: new Map([
        ...templates.partials,
        ['broken', { file: 'templates/partials/broken.hbs', text: 'ok\n{{missing}}' }],
      ]),
    };
    const custom = createTemplateEngine({
      templates: broken,
      registry: demoRegistry,
      pack: PACK,
      skillNames: new Set(['demo']),
      runtimes: SKILL_GEN_RUNTIMES,
    });
    let caught: unknown;
    try {
      custom.renderSkill(demoSkill(FRONT, '{{> broken}}'), 'codex', 'skill');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).details).toMatchObject({ file: 'templates/partials/broken.hbs', line: 2 });
    expect((caught as ConfigError).message).toContain('(rendering skills/demo/skill.md)');
  });
});
