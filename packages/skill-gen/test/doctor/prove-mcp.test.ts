import { describe, expect, it } from 'vitest';
import { offeredNames } from '../../src/doctor/prove-mcp.js';

const request = (body: unknown, text = JSON.stringify(body)) => ({ body, rawBody: text });

describe('offeredNames: the tools of a server a request offers the model', () => {
  it.each([
    [
      'declared tools (Chat Completions)',
      {
        tools: [{ type: 'function', function: { name: 'probe-pack-echo' } }, { function: { name: 'bash' } }],
      },
      'probe-pack-',
      ['probe-pack-echo'],
    ],
    [
      'a Codex namespace',
      {
        tools: [{ type: 'namespace', name: 'mcp__probe_pack', tools: [{ type: 'function', name: 'echo' }] }],
      },
      'mcp__probe_pack__',
      ['mcp__probe_pack__echo'],
    ],
    [
      'a deferred tool named only in text (Claude Code, Qwen Code)',
      { system: 'load by name: mcp__probe-pack__echo\nmcp__other__x' },
      'mcp__probe-pack__',
      ['mcp__probe-pack__echo'],
    ],
    ['another server only', { tools: [{ name: 'mcp__other__echo' }] }, 'mcp__probe-pack__', []],
    ['the bare prefix', { tools: [{ name: 'mcp__probe-pack__' }] }, 'mcp__probe-pack__', []],
  ])('%s', (_, body, prefix, names) => {
    expect(offeredNames(request(body), prefix)).toEqual(names);
  });

  it.each([undefined, null, 'text', []])('reads a body of %j without throwing', (body) => {
    expect(offeredNames({ body, rawBody: '' }, 'mcp__x__')).toEqual([]);
  });
});
