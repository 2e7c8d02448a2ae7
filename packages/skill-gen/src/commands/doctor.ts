import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { importOptionalPeer } from '../cli/optional-peer.js';
import { INSTALL_SCOPES, type InstallScope } from '../install/layout.js';
import { SKILL_GEN_RUNTIME_LIST, SKILL_GEN_RUNTIMES, skillGenRuntime } from '../runtimes/registry.js';
import { CONFIG_OPTION, CONTRACTS_OPTION } from './_contract-options.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'doctor',
  summary: COMMAND_SUMMARIES.doctor,
  description: `For every pack skillpack installed, and each runtime, doctor first asks the runtime's own CLI, offline,
whether it loads the pack's skills and its hook or plugin (\`opencode debug skill\` and \`opencode debug config\`,
\`codex debug prompt-input\` and \`codex app-server\` hooks/list with trust, Claude Code's init event). Then, for
every contract the pack hooks, it runs the real CLI headless in a throwaway copy of the project (or of your
user configuration, for the user scope) against a local scripted model: no network, no tokens. A check passes
only when a wrong answer was pushed back with the contract's correction and a right answer ended the run;
otherwise it says why (hook not registered, not trusted, permission, plugin disabled, CLI missing or an
unsupported version). Codex trust is replicated into the copy only for hooks you trusted. \`--fast\` skips
the runs and says so.`,
  options: {
    runtime: { ...RUNTIME_OPTION, description: 'Only this runtime', defaultText: 'every runtime' },
    scope: { ...SCOPE_OPTION, description: 'Only this scope', defaultText: 'both' },
    ...ROOT_OPTIONS,
    'bin-dir': {
      type: 'string',
      value: 'DIR',
      description: 'Where the runtime CLIs are',
      defaultText: 'found on PATH',
    },
    fast: {
      type: 'boolean',
      description: 'Only ask the runtimes what they load; skip the proving runs (enforcement is not proven)',
    },
    config: {
      ...CONFIG_OPTION,
      description:
        "Pack config naming the contract modules of a pack's own contracts (otherwise the contracts module the installed pack carries)",
      defaultText: 'skillpack.config.json in --dir, when present',
    },
    contracts: CONTRACTS_OPTION,
  },
  output: 'formats',
  exits: {
    ok: 'every skill loaded, every hook or plugin active, and every hooked contract enforced (or --fast)',
    failed: 'something is not (or could not be checked)',
  },
  async run({ io, values, format }) {
    const [
      { listScope },
      { diagnoseInstall },
      { stageHome },
      { formatReportText, toReport },
      { contractResolver },
    ] = await Promise.all([
      import('../runtimes/runtime-install.js'),
      import('../doctor/probes.js'),
      import('../doctor/staged-home.js'),
      import('../doctor/report.js'),
      import('../doctor/resolve-contract.js'),
    ]);
    const proving = values.fast
      ? undefined
      : await importOptionalPeer('@skillpack/testing', async () => ({
          ...(await import('../doctor/prove.js')),
          ...(await import('../doctor/prove-mcp.js')),
        }));
    const prove = proving?.proveEnforcement;
    const scopes = values.scope === undefined ? INSTALL_SCOPES : [values.scope as InstallScope];
    const roots = resolveRoots(values, io);
    const contract = contractResolver({
      cwd: roots.projectDir,
      config: values.config as string | undefined,
      contracts: values.contracts as string[] | undefined,
    });
    const diagnoses = [];
    for (const scope of scopes) {
      const listing = await listScope({ scope, ...roots }, values.runtime as RuntimeId | undefined);
      if (!listing.success) throw listing.error;
      for (const pack of listing.data.packs) {
        const runtime = skillGenRuntime(pack.install.runtime);
        // The runtime runs in a throwaway copy of its user configuration: what it writes stays out of the home.
        const userHome = scope === 'user' ? listing.data.root : roots.home;
        let home: ReturnType<typeof stageHome>;
        try {
          home = stageHome(runtime, userHome, io.env);
        } catch (error) {
          const { toIoError } = await import('../errors/io-error.js');
          throw toIoError(error, 'copy the runtime configuration for doctor from', userHome);
        }
        try {
          const context = {
            root: listing.data.root,
            cwd: roots.projectDir,
            env: home.env,
            home: home.dir,
            binDir: values['bin-dir'] as string | undefined,
          };
          const diagnosis = await diagnoseInstall(pack.install, runtime, context);
          const enforcement = prove
            ? await prove(pack.install, { ...context, contract }, SKILL_GEN_RUNTIMES)
            : await (await import('../doctor/hooked-contracts.js'))
                .readHookedContractIds(
                  pack.install,
                  listing.data.root,
                  SKILL_GEN_RUNTIME_LIST.flatMap((runtime) => runtime.doctor.hookConfigFiles),
                )
                .then((ids) =>
                  ids.map((id) => ({
                    kind: 'enforcement' as const,
                    name: id,
                    status: 'skipped' as const,
                    detail: '--fast: no proving run, so enforcement is not proven',
                  })),
                );
          const mcp = proving
            ? await proving.proveMcpServer(pack.install, { ...context, contract }, runtime)
            : [];
          diagnoses.push({
            ...diagnosis,
            commands: [
              ...diagnosis.commands,
              ...(prove && enforcement.length > 0
                ? [`a headless run per hooked contract against a local scripted model`]
                : []),
              ...(mcp.length > 0 ? ['a headless run calling a tool of the MCP server'] : []),
            ],
            checks: [...diagnosis.checks, ...enforcement, ...mcp],
          });
        } finally {
          home.remove();
        }
      }
    }
    const report = toReport(diagnoses);
    io.stdout(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : formatReportText(report));
    return report.ok ? EXIT.ok : EXIT.failed;
  },
});
