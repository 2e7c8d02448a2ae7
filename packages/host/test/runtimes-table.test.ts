import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { HOST_RUNTIMES } from '../src/runtimes/index.js';
import {
  HOST_RUNTIMES_TABLE_BEGIN,
  HOST_RUNTIMES_TABLE_END,
  renderHostRuntimesTable,
  withHostRuntimesTable,
} from '../src/runtimes/runtimes-table.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

describe('the runtimes table of the README', () => {
  const readme = readFileSync(README, 'utf8');

  it('is the table HOST_RUNTIMES gives (`npm run docs` writes it)', () => {
    expect(readme).toContain(HOST_RUNTIMES_TABLE_BEGIN);
    expect(readme).toContain(HOST_RUNTIMES_TABLE_END);
    expect(withHostRuntimesTable(readme, renderHostRuntimesTable())).toBe(readme);
  });

  it('has one row per runtime, with its first and resumed command lines', () => {
    const table = renderHostRuntimesTable();
    const rows = table.split('\n').slice(2);
    expect(rows).toHaveLength(RUNTIME_IDS.length);
    for (const [index, id] of RUNTIME_IDS.entries()) {
      const runtime = HOST_RUNTIMES[id];
      const row = rows[index] ?? '';
      expect(row.startsWith(`| \`${id}\` | \`>=${runtime.versions.min} <${runtime.versions.below}\` |`)).toBe(
        true,
      );
      expect(row).toContain(`\`${runtime.bin} `);
      expect(row).toContain('<session>');
      expect(row).toContain(runtime.nativeSchema ? `\`${runtime.nativeSchema.flag}\`` : '| none |');
    }
  });

  it('escapes a `|` inside a cell', () => {
    const table = renderHostRuntimesTable({
      ...HOST_RUNTIMES,
      codex: { ...HOST_RUNTIMES.codex, requires: 'a | b' },
    });
    expect(table).toContain('a \\| b');
  });

  it('refuses a README without markers', () => {
    expect(withHostRuntimesTable('no markers', 'x')).toBeUndefined();
  });
});
