import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import {
  failure,
  filesMatching,
  HOOK_PROGRAM,
  installedSkills,
  type ProbeContext,
  parseJson,
  skillChecks,
} from '../../doctor/probe-kit.js';
import type { DoctorCheck, PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';
import { codexHooks } from './app-server.js';

/** Codex lists each skill in `<skills_instructions>` as `- <name>: <description> (file: <path>)`. */
function codexListedSkills(stdout: string): Set<string> | undefined {
  const text = JSON.stringify(parseJson(stdout) ?? null);
  const block = /<skills_instructions>.*?<\/skills_instructions>/.exec(text)?.[0];
  if (block === undefined) return undefined;
  const decoded = parseJson(`"${block}"`);
  if (typeof decoded !== 'string') return undefined;
  return new Set(
    decoded
      .split('\n')
      // A plugin's skills are listed as `<plugin>:<skill>`.
      .map((line) => /^- (?:[^:\s]+:)?([^:\s]+): .* \(file: [^)]*\)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

/** Skills whose `agents/openai.yaml` sets `allow_implicit_invocation: false` (Codex does not list them). */
async function codexExplicitOnly(install: LockedInstall, root: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const path of filesMatching(install, /(?:^|\/)skills\/[^/]+\/agents\/openai\.yaml$/)) {
    const text = await readFile(join(root, path), 'utf8').catch(() => '');
    const name = /skills\/([^/]+)\/agents\//.exec(path)?.[1];
    if (name && /^\s*allow_implicit_invocation:\s*false\s*$/m.test(text)) names.add(name);
  }
  return names;
}

export async function probeCodex(install: LockedInstall, context: ProbeContext): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  const prompt = await runRuntime('codex', ['debug', 'prompt-input', 'skillpack doctor'], context);
  const listed =
    failure(prompt, 'codex debug prompt-input') ??
    codexListedSkills(prompt.kind === 'ran' ? prompt.stdout : '');
  const explicitOnly = await codexExplicitOnly(install, context.root);
  const checks = skillChecks(
    skills,
    listed ?? '`codex debug prompt-input` listed no skills block',
    '`codex debug prompt-input`',
  ).map(
    (check): DoctorCheck =>
      check.status === 'missing' && explicitOnly.has(check.name)
        ? {
            ...check,
            status: 'explicit_only',
            detail: `agents/openai.yaml disallows implicit use, so Codex lists it to no model; invoke it as $${check.name}`,
          }
        : check,
  );
  // The pack's hooks: those in a hook file the install wrote, and any hook Codex lists that runs skillpack's
  // hook program (a hook wired by hand, or by an install that did not record it).
  const rootPath = context.root.replaceAll('\\', '/');
  const hookFiles = [
    ...filesMatching(install, /(?:^|\/)hooks\.json$/),
    ...(install.hookConfig ? [install.hookConfig.file] : []),
  ].map((file) => posix.join(rootPath, file));
  // The program an install recorded in `.codex/hooks/<pack>/`: its hooks are this pack's, wherever listed.
  const programs = filesMatching(install, /^\.codex\/hooks\/[^/]+\/skillpack-hook\.[cm]?js$/).map((file) =>
    posix.join(rootPath, file),
  );
  const hooks = await codexHooks(context);
  if (!hooks.success) {
    if (hookFiles.length > 0)
      checks.push({ kind: 'hook', name: 'Stop', status: 'unchecked', detail: hooks.error });
  } else {
    const mine = hooks.data.filter((hook) =>
      programs.length > 0
        ? programs.some((program) => hook.command.includes(program))
        : hookFiles.includes(hook.sourcePath.replaceAll('\\', '/')) || hook.command.includes(HOOK_PROGRAM),
    );
    if (mine.length === 0 && hookFiles.length > 0)
      checks.push({
        kind: 'hook',
        name: 'Stop',
        status: 'inactive',
        detail: 'Codex lists none of the installed hooks (is the project trusted in config.toml?)',
      });
    for (const hook of mine) {
      const name = `${hook.eventName} hook in ${hook.sourcePath}`;
      checks.push(
        hook.trustStatus === 'trusted'
          ? { kind: 'hook', name, status: 'active', detail: 'trusted' }
          : {
              kind: 'hook',
              name,
              status: 'inactive',
              detail: `Codex skips it silently until trusted (${hook.trustStatus}): review it in Codex, or add [hooks.state.${JSON.stringify(hook.key)}] trusted_hash = ${JSON.stringify(hook.currentHash)} to $CODEX_HOME/config.toml`,
            },
      );
    }
  }
  return {
    runtime: 'codex',
    scope: install.scope,
    pack: install.pack,
    commands: ['codex debug prompt-input', 'codex app-server hooks/list'],
    checks,
  };
}
