// Real-runtime checks: the pinned Claude Code, Codex and OpenCode CLIs load what `skillpack build` and
// `skillpack install` produce, the wired hook answers a Stop payload, and `skillpack lint` agrees with
// what each loader actually drops. Run with `npm run test:runtimes`; needs no network once installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { CLI_NAMES } from '@skillpack/testing';
import { parse as parseYaml } from 'yaml';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  parseRuntimeJson,
  RUNTIME_TITLES,
  removeTempDirs,
  repoRoot,
  runtime,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

describe('the e2e runtime tables', () => {
  it('name every runtime id, each with its pinned CLI installed', () => {
    assert.deepEqual(Object.keys(RUNTIME_TITLES).sort(), [...RUNTIME_IDS].sort());
    for (const id of RUNTIME_IDS)
      assert.ok(existsSync(join(runtimeBinDir, CLI_NAMES[id])), `${id}: ${CLI_NAMES[id]}`);
  });
});

let packDir;

function frontMatter(file) {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(match, `${file} has no front matter`);
  return parseYaml(match[1]);
}

/** name -> description of every skill a target renders, read from the built SKILL.md files. */
function renderedSkills(skillsDir) {
  return new Map(
    readdirSync(skillsDir).map((folder) => {
      const { name, description } = frontMatter(join(skillsDir, folder, 'SKILL.md'));
      return [name, description];
    }),
  );
}

function install(runtimeId, sandbox) {
  const run = skillpack(
    ['install', packDir, '--runtime', runtimeId, '--scope', 'project', '--dir', sandbox.project],
    { env: sandbox.env },
  );
  assert.equal(run.status, 0, `skillpack install failed:\n${run.stdout}\n${run.stderr}`);
}

function openCodeSkills(sandbox) {
  const run = runtime('opencode', ['debug', 'skill'], { cwd: sandbox.project, env: sandbox.env });
  assert.equal(run.status, 0, run.stderr);
  const skills = parseRuntimeJson('`opencode debug skill`', run.stdout);
  assert.ok(Array.isArray(skills), '`opencode debug skill` no longer prints an array (format change?)');
  return new Map(skills.filter((skill) => skill.location !== '<built-in>').map((s) => [s.name, s]));
}

function codexSkills(sandbox) {
  const run = runtime('codex', ['debug', 'prompt-input', 'x'], { cwd: sandbox.project, env: sandbox.env });
  assert.equal(run.status, 0, run.stderr);
  const text = JSON.stringify(parseRuntimeJson('`codex debug prompt-input`', run.stdout));
  assert.match(text, /## Skills/, '`codex debug prompt-input` no longer lists skills under "## Skills"');
  const listed = new Map();
  // Each skill is listed as "- <name>: <description> (file: <path>)" inside a JSON string.
  for (const line of JSON.parse(
    `"${text.match(/<skills_instructions>.*?<\/skills_instructions>/)?.[0] ?? ''}"`,
  ).split('\n')) {
    const entry = /^- ([^:]+): (.*) \(file: ([^)]*)\)$/.exec(line);
    if (entry) listed.set(entry[1], { description: entry[2], file: entry[3] });
  }
  return listed;
}

/** Run a hook command as Claude Code does (through the shell) with a Stop payload; returns its JSON answer. */
function askHook(command, sandbox, extraEnv, message) {
  const payload = {
    session_id: 'e2e',
    transcript_path: join(sandbox.home, 'missing.jsonl'),
    cwd: sandbox.project,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  };
  const run = spawnSync('sh', ['-c', command], {
    cwd: sandbox.project,
    env: { ...sandbox.env, ...extraEnv },
    input: JSON.stringify(payload),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim() === '' ? {} : JSON.parse(run.stdout);
}

before(() => {
  ensureRuntimes();
  packDir = join(makeTempDir('skillpack-packs-'), 'packs');
  const run = skillpack([
    'build',
    '--config',
    join(repoRoot, 'examples/skillpack.config.json'),
    '--out',
    packDir,
  ]);
  assert.equal(run.status, 0, `skillpack build failed:\n${run.stdout}\n${run.stderr}`);
});
after(removeTempDirs);

describe('OpenCode loads the OpenCode pack', () => {
  it('lists every example skill with exactly the rendered name and description', () => {
    const sandbox = makeSandbox();
    install('opencode', sandbox);
    const expected = renderedSkills(join(packDir, 'opencode/.opencode/skills'));
    assert.ok(expected.size >= 4, `expected the four example skills, found ${expected.size}`);
    const loaded = openCodeSkills(sandbox);
    for (const [name, description] of expected) {
      assert.ok(
        loaded.has(name),
        `opencode did not load ${name}; it loaded ${[...loaded.keys()].join(', ')}`,
      );
      assert.equal(loaded.get(name).description, description, `description of ${name}`);
    }
  });

  it('loads the generated plugin file without an error', () => {
    const sandbox = makeSandbox();
    install('opencode', sandbox);
    const plugins = readdirSync(join(sandbox.project, '.opencode/plugins')).filter((f) => f.endsWith('.js'));
    assert.equal(plugins.length, 1, `expected one generated plugin, found ${plugins.join(', ')}`);
    const run = runtime('opencode', ['debug', 'config', '--print-logs', '--log-level', 'INFO'], {
      cwd: sandbox.project,
      env: sandbox.env,
    });
    assert.equal(run.status, 0, run.stderr);
    const config = parseRuntimeJson('`opencode debug config`', run.stdout);
    assert.ok(
      config.plugin.some((spec) => spec.endsWith(`/.opencode/plugins/${plugins[0]}`)),
      `opencode did not pick up the plugin: ${JSON.stringify(config.plugin)}`,
    );
    // The plugin logs through OpenCode's own client once it has read its config and resolved its contracts.
    assert.match(
      run.stderr,
      /skillpack: OpenCode plugin ready \(contracts: conflux\.acceptance, maestro\.result;/,
      'the plugin did not report that it loaded',
    );
    assert.doesNotMatch(run.stderr, /level=ERROR[^\n]*plugin/i);
  });
});

describe('Codex loads the Codex pack', () => {
  const skillsDir = () => join(packDir, 'codex/.agents/skills');
  const implicit = (folder) => {
    const file = join(skillsDir(), folder, 'agents/openai.yaml');
    return (
      !existsSync(file) || parseYaml(readFileSync(file, 'utf8'))?.policy?.allow_implicit_invocation !== false
    );
  };

  it('lists every implicitly invocable example skill with its description, and hides explicit-only ones', () => {
    const sandbox = makeSandbox();
    install('codex', sandbox);
    const expected = renderedSkills(skillsDir());
    const listed = codexSkills(sandbox);
    for (const folder of readdirSync(skillsDir())) {
      const { name, description } = frontMatter(join(skillsDir(), folder, 'SKILL.md'));
      if (implicit(folder)) {
        assert.ok(listed.has(name), `codex did not list ${name}; it listed ${[...listed.keys()].join(', ')}`);
        assert.equal(listed.get(name).description, description, `description of ${name}`);
      } else {
        // agents/openai.yaml `policy.allow_implicit_invocation: false` keeps a skill out of the model's list.
        assert.ok(!listed.has(name), `codex listed ${name} although its openai.yaml disallows implicit use`);
      }
    }
    assert.ok(expected.size >= 4);
  });

  it('loads the explicit-only skills too: with the policy lifted they are listed', () => {
    const sandbox = makeSandbox();
    install('codex', sandbox);
    const installed = join(sandbox.project, '.agents/skills');
    const explicitOnly = readdirSync(skillsDir()).filter((folder) => !implicit(folder));
    for (const folder of explicitOnly) rmSync(join(installed, folder, 'agents/openai.yaml'));
    const listed = codexSkills(sandbox);
    for (const folder of explicitOnly) {
      const { name, description } = frontMatter(join(skillsDir(), folder, 'SKILL.md'));
      assert.equal(listed.get(name)?.description, description, `codex did not load ${name}`);
    }
  });
});

describe('Claude Code accepts the Claude Code plugin', () => {
  const pluginDir = () => join(packDir, 'claude-code/plugin');

  it('passes `claude plugin validate`', () => {
    const sandbox = makeSandbox();
    const run = runtime('claude', ['plugin', 'validate', pluginDir()], {
      cwd: sandbox.project,
      env: sandbox.env,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /Validation passed/);
  });

  it('wires a plugin Stop hook that pushes back on a wrong verdict and leaves other sessions alone', () => {
    const hooks = JSON.parse(readFileSync(join(pluginDir(), 'hooks/hooks.json'), 'utf8')).hooks;
    const commands = (hooks.Stop ?? []).flatMap((group) => group.hooks.map((hook) => hook.command));
    const conflux = commands.find((command) => command.includes('conflux.acceptance'));
    assert.ok(conflux, `no Stop hook checks conflux.acceptance: ${commands.join(' | ')}`);
    const sandbox = makeSandbox();
    const env = { CLAUDE_PLUGIN_ROOT: pluginDir() };
    const blocked = askHook(conflux, sandbox, env, '{"acceptance":"gated"}\nACCEPTANCE: GATED');
    assert.equal(blocked.decision, 'block');
    assert.match(blocked.reason, /blocker/);
    assert.deepEqual(askHook(conflux, sandbox, env, 'Renamed the variable.'), {});
    const passed = askHook(
      conflux,
      sandbox,
      env,
      'Checked.\n{"acceptance":"pass","findings":[]}\nACCEPTANCE: PASS',
    );
    assert.notEqual(passed.decision, 'block');
  });

  it("wires the skill-form Stop hook into the project's settings.json, and none into SKILL.md", () => {
    const sandbox = makeSandbox();
    install('claude-code', sandbox);
    const skill = frontMatter(join(sandbox.project, '.claude/skills/cflx-accept/SKILL.md'));
    assert.equal(skill.hooks, undefined, 'a second, skill-scoped hook would give two decisions per stop');
    const settings = JSON.parse(readFileSync(join(sandbox.project, '.claude/settings.json'), 'utf8'));
    const command = settings.hooks?.Stop?.[0]?.hooks?.[0]?.command;
    assert.ok(command, 'install wired no Stop hook into .claude/settings.json');
    const env = { CLAUDE_PROJECT_DIR: sandbox.project };
    const blocked = askHook(command, sandbox, env, '{"acceptance":"gated"}\nACCEPTANCE: GATED');
    assert.equal(blocked.decision, 'block');
    assert.match(blocked.reason, /blocker/);
    assert.deepEqual(askHook(command, sandbox, env, 'Renamed the variable.'), {});
  });
});

describe('skillpack lint agrees with the real loaders', () => {
  it('re-observes every lint corpus case in the pinned loaders and matches the recorded observations', () => {
    // The corpus test compares lint's findings with `observed-runtimes.json`; this run re-records what the
    // live loaders do with each case and fails when they no longer match (a runtime changed behaviour).
    const run = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--reporter=verbose',
        'test/lint/runtime-observations.test.ts',
      ],
      {
        cwd: join(repoRoot, 'packages/skill-gen'),
        env: { ...process.env, SKILLPACK_RUNTIME_BIN: runtimeBinDir },
        encoding: 'utf8',
        timeout: 1_200_000,
      },
    );
    assert.equal(run.status, 0, `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`);
    assert.match(run.stdout, /recorded observations match the live loaders/);
  });
});
