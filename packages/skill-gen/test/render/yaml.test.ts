import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { toSkillMarkdown, toYaml } from '../../src/render/yaml.js';

describe('toYaml', () => {
  it('writes strings as double-quoted single-line scalars, leading keys first and the rest sorted', () => {
    const text = toYaml(
      {
        zeta: 'z',
        description: 'two\nlines: with "quotes" and \u2028',
        name: 'demo',
        flag: true,
        list: ['b', 'a'],
        skipped: undefined,
      },
      ['name', 'description'],
    );
    expect(text).toBe(
      'name: "demo"\ndescription: "two\\nlines: with \\"quotes\\" and \u2028"\nflag: true\nlist:\n  - "b"\n  - "a"\nzeta: "z"\n',
    );
    expect(YAML.parse(text)).toEqual({
      name: 'demo',
      description: 'two\nlines: with "quotes" and \u2028',
      flag: true,
      list: ['b', 'a'],
      zeta: 'z',
    });
  });

  it('quotes keys a YAML reader would otherwise turn into numbers or booleans', () => {
    const text = toYaml({ metadata: { '1.0': 'v', true: 'yes', null: 'n' } });
    expect(YAML.parse(text)).toEqual({ metadata: { '1.0': 'v', true: 'yes', null: 'n' } });
  });

  it('never folds a long value', () => {
    expect(toYaml({ description: 'word '.repeat(400) }).split('\n').length).toBe(2);
  });
});

describe('toSkillMarkdown', () => {
  it('joins front matter and body with LF and exactly one trailing newline', () => {
    expect(toSkillMarkdown({ name: 'a', description: 'b' }, '\n\n# Title\n\n    indented\n\n\n')).toBe(
      '---\nname: "a"\ndescription: "b"\n---\n\n# Title\n\n    indented\n',
    );
  });
});
