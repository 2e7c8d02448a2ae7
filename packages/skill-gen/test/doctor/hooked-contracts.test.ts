import { describe, expect, it } from 'vitest';
import { hookedContractIds } from '../../src/doctor/hooked-contracts.js';

describe('hookedContractIds', () => {
  it('reads --contract from hook commands in a SKILL.md, a hooks.json and a plugin config', () => {
    const skill = {
      path: '.claude/skills/cflx-accept/SKILL.md',
      shared: false,
      text: '---\nhooks:\n  Stop:\n    - hooks:\n        - command: "node \\"$HOME/.claude/hooks/p/skillpack-hook.cjs\\" claude-code --contract conflux.acceptance --max-blocks 2"\n---\nSee --contract not.this one.\n',
    };
    const hooks = {
      path: '.codex/hooks.json',
      shared: true,
      text: '{"hooks":{"Stop":[{"hooks":[\n{"command": "node \\"/x/.codex/hooks/p/skillpack-hook.cjs\\" codex --contract maestro.result --contract acme.refund"},\n{"command": "node \\"/x/.codex/hooks/other/skillpack-hook.cjs\\" codex --contract other.pack"}\n]}]}}',
    };
    const plugin = {
      path: '.opencode/plugins/p.json',
      shared: false,
      text: '{"contracts":["zaofu.gate-failed"]}',
    };
    expect(hookedContractIds([skill, hooks, plugin], 'p')).toEqual([
      'acme.refund',
      'conflux.acceptance',
      'maestro.result',
      'zaofu.gate-failed',
    ]);
  });

  it('finds nothing in a pack without hooks', () => {
    expect(
      hookedContractIds([{ path: 'SKILL.md', shared: false, text: '---\nname: x\n---\n' }], 'p'),
    ).toEqual([]);
  });
});
