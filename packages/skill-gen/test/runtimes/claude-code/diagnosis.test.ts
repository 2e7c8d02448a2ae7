import { describe, expect, it } from 'vitest';
import { claudeWhy, permissionDenials } from '../../../src/runtimes/claude-code/diagnosis.js';

describe('Claude Code diagnosis', () => {
  it("reads the result event's permission denials", () => {
    const stdout = [
      '{"type":"system","subtype":"init"}',
      '{"type":"result","permission_denials":[{"tool_name":"Skill","tool_input":{"skill":"cflx-accept"}}]}',
    ].join('\n');
    expect(permissionDenials(stdout)).toEqual(['Skill {"skill":"cflx-accept"}']);
    expect(permissionDenials('not json\n{"type":"result"}')).toEqual([]);
  });

  it('names the permission only when the run showed it', () => {
    const denied = claudeWhy(true, ['cflx-accept'], {
      denials: ['Skill {"skill":"cflx-accept"}'],
      pushedBack: false,
    });
    expect(denied).toMatch(/^Hook not registered: .*skill cflx-accept/);
    expect(denied).toMatch(
      /Permission: .*denied it \(Skill \{"skill":"cflx-accept"\}\).*Skill\(cflx-accept\)/,
    );
    const allowed = claudeWhy(true, ['cflx-accept'], { denials: [], pushedBack: true });
    expect(allowed).not.toMatch(/Permission/);
    expect(allowed).toMatch(/invoked the skill first, the wrong answer was pushed back/);
    expect(claudeWhy(false, [], undefined)).toMatch(/did not run a Stop hook of this pack/);
  });
});
