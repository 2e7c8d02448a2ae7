// A runtime's hook configuration file comes back byte for byte after install and uninstall: every byte skillpack
// did not add stays, the containers the person had (`"hooks": {}`, an empty event array) included, and the
// comments of a file the runtime reads as JSONC (`hookWiring.comments`). Over every runtime that wires a hook,
// from its declaration, in both scopes.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InstallScope } from '../../src/install/layout.js';
import { skillGenRuntime } from '../../src/runtimes/registry.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { runs } from '../properties/_support/core-support.js';
import { HOOK_EVENT, WIRED_RUNTIME_SCOPES, wiredPackSetup } from './_support/runtime-packs.js';

function setup(runtime: RuntimeId, scope: InstallScope) {
  const { root, pack, file, options } = wiredPackSetup(runtime, scope, 'skillpack-settings-');
  const write = (text: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  /** Install, check the hook is wired, uninstall; the file's text after each step. */
  const roundTrip = async (text: string) => {
    write(text);
    const installed = await installPack({ ...options, packDir: pack, runtime, force: false });
    expect(installed.success ? installed.data.status : installed.error.message).toBe('applied');
    const wired = readFileSync(file, 'utf8');
    const removed = await uninstallPack({ ...options, packName: 'demo-pack' });
    expect(removed.success ? removed.data.status : removed.error.message).toBe('applied');
    return { wired, after: readFileSync(file, 'utf8') };
  };
  return { root, file, pack, options, write, roundTrip, reset: () => rmSync(file, { force: true }) };
}

describe('install + uninstall take out only what install added', () => {
  it.each(
    WIRED_RUNTIME_SCOPES.flatMap(([runtime, scope]) =>
      [
        '{"hooks": {}}',
        '{\n  "hooks": {}\n}\n',
        `{"hooks": {"${HOOK_EVENT}": []}}`,
        `{\n\t"model": "x",\n\t"hooks": {\n\t\t"${HOOK_EVENT}": []\n\t}\n}\n`,
        '{\r\n  "hooks": {\r\n    "Other": []\r\n  }\r\n}\r\n',
      ].map((text) => [runtime, scope, text] as const),
    ),
  )('%s (%s scope): %j comes back byte for byte', async (runtime, scope, text) => {
    const { roundTrip } = setup(runtime, scope);
    const { wired, after } = await roundTrip(text);
    expect(wired).toContain('skillpack-hook.cjs');
    expect(after).toBe(text);
  });
});

const COMMENTED = [
  '// my settings\n{\n  "model": "x" // the model\n}\n',
  '{\n  /* hooks of mine */\n  "hooks": {\n    "BeforeTool": [] // none yet\n  }\n}\n',
  `{\n  "hooks": {\n    // wired by hand\n    "${HOOK_EVENT}": [\n      {"hooks": [{"type": "command", "command": "./guard.sh"}]} // guard\n    ]\n  }\n}\n`,
];

describe('a settings file with comments', () => {
  it.each(
    WIRED_RUNTIME_SCOPES.flatMap(([runtime, scope]) =>
      COMMENTED.map((text) => [runtime, scope, text] as const),
    ),
  )('%s (%s scope): %j', async (runtime, scope, text) => {
    const t = setup(runtime, scope);
    if (skillGenRuntime(runtime).install.hookWiring!.comments) {
      // The runtime reads comments: install wires the hook keeping them, uninstall restores the text.
      const { wired, after } = await t.roundTrip(text);
      expect(wired).toContain('skillpack-hook.cjs');
      for (const comment of text.match(/\/\/[^\n]*|\/\*.*?\*\//g) ?? []) expect(wired).toContain(comment);
      expect(after).toBe(text);
    } else {
      // A runtime that reads plain JSON: a file with comments is refused as a conflict, untouched.
      t.write(text);
      const refused = await installPack({ ...t.options, packDir: t.pack, runtime, force: false });
      expect(refused.success && refused.data.status).toBe('refused');
      expect(readFileSync(t.file, 'utf8')).toBe(text);
    }
  });
});

/** A settings object of a person's: other keys, maybe `hooks` with empty or filled event arrays. */
const settings = fc.record(
  {
    model: fc.constantFrom('x', 'é "quoted"', '\u{1F600}'),
    hooks: fc.dictionary(
      fc.constantFrom(HOOK_EVENT, 'AfterAgent', 'PreToolUse', 'BeforeTool'),
      fc.array(fc.constant({ hooks: [{ type: 'command', command: './guard.sh' }] }), { maxLength: 2 }),
      { maxKeys: 3 },
    ),
    extra: fc.array(fc.integer(), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const style = fc.record({
  indent: fc.constantFrom(0, 2, 4, '\t'),
  crlf: fc.boolean(),
  finalNewline: fc.boolean(),
});

describe('property: any settings file of a person comes back byte for byte', () => {
  it.each(WIRED_RUNTIME_SCOPES)('%s (%s scope)', async (runtime, scope) => {
    const t = setup(runtime, scope);
    await fc.assert(
      fc.asyncProperty(settings, style, async (value, format) => {
        let text = JSON.stringify(value, null, format.indent === 0 ? undefined : format.indent);
        if (format.crlf) text = text.replaceAll('\n', '\r\n');
        if (format.finalNewline) text += format.crlf ? '\r\n' : '\n';
        t.reset();
        const { wired, after } = await t.roundTrip(text);
        expect(wired).toContain('skillpack-hook.cjs');
        expect(after).toBe(text);
      }),
      runs(8),
    );
  });
});
