// Proves an installed pack's MCP server in the real runtime: one headless run in a throwaway copy of the project
// (or of the user's configuration) against a local scripted model, which lists the tools of the pack's server
// the runtime offers it and calls the first one; the check passes when the server's answer came back as the
// tool's result. Loaded with prove.ts (it needs @skillpack/testing); writes nothing outside its temp folders.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLI_NAMES,
  createScriptedModel,
  findCli,
  type ModelRequest,
  otherwise,
  reply,
  runAgent,
  when,
} from '@skillpack/testing';
import type { LockedInstall } from '../install/lock-file.js';
import { MCP_SERVER_RECORD } from '../install/mcp-lock.js';
import type { McpWiring } from '../install/mcp-wiring.js';
import { copyProject, emptyProject } from './project-copy.js';
import type { ProveContext, ProvenRuntime } from './proof-kit.js';
import type { DoctorCheck } from './report.js';
import { stageUserConfig } from './stage-user-config.js';

/** What the MCP proof reads of a runtime's declaration. */
export interface McpProvenRuntime extends ProvenRuntime {
  readonly install: ProvenRuntime['install'] & { readonly mcp?: McpWiring };
}

/** Every name a request offers the model: declared tools, tools in a namespace (`<ns>__<tool>`), and names in text. */
export function offeredNames(request: Pick<ModelRequest, 'body' | 'rawBody'>, prefix: string): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.name === 'string') {
      names.add(record.name);
      if (Array.isArray(record.tools))
        for (const tool of record.tools)
          if (typeof (tool as { name?: unknown })?.name === 'string')
            names.add(`${record.name}__${(tool as { name: string }).name}`);
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(request.body);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const match of request.rawBody.matchAll(new RegExp(`${escaped}[A-Za-z0-9_-]+`, 'g')))
    names.add(match[0]);
  return [...names].filter((name) => name.startsWith(prefix) && name.length > prefix.length).sort();
}

const SCHEMA_KEYS = ['parameters', 'input_schema', 'inputSchema', 'parametersJsonSchema'] as const;

/** The JSON of each `<function>…</function>` block in a text: tool declarations a tool search answered with. */
function declarationsInText(text: string): unknown[] {
  return [...text.matchAll(/<function>(\{[\s\S]*?\})<\/function>/g)].flatMap((match) => {
    try {
      return [JSON.parse(match[1] ?? '') as unknown];
    } catch {
      return [];
    }
  });
}

/**
 * The input schema a request declares for `tool` (a namespace's tool as `<ns>__<tool>`), if it declares one: in
 * its tools, or in a tool result that carries the declaration as text (a deferred tool's search).
 */
export function declaredSchema(body: unknown, tool: string): unknown {
  let found: unknown;
  const schemaOf = (record: Record<string, unknown>) => SCHEMA_KEYS.map((key) => record[key]).find(Boolean);
  const visit = (node: unknown, namespace?: string): void => {
    if (found !== undefined) return;
    if (typeof node === 'string') {
      if (node.includes('<function>')) for (const declaration of declarationsInText(node)) visit(declaration);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, namespace);
      return;
    }
    const record = node as Record<string, unknown>;
    const name = typeof record.name === 'string' ? record.name : undefined;
    if (name !== undefined && (name === tool || `${namespace}__${name}` === tool) && schemaOf(record)) {
      found = schemaOf(record);
      return;
    }
    for (const [key, value] of Object.entries(record)) visit(value, key === 'tools' ? name : namespace);
  };
  visit(body);
  return found;
}

/** The smallest value a JSON Schema accepts as far as its types say: what doctor calls a tool with. */
export function sampleValue(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return {};
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ('const' in node) return node.const;
  const variant = [node.anyOf, node.oneOf].find(Array.isArray)?.[0];
  if (variant !== undefined) return sampleValue(variant, depth + 1);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'string') return 'skillpack doctor';
  if (type === 'number' || type === 'integer') {
    if (typeof node.exclusiveMinimum === 'number') return Math.floor(node.exclusiveMinimum) + 1;
    return typeof node.minimum === 'number' ? node.minimum : 0;
  }
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (type === 'array') {
    const count = typeof node.minItems === 'number' ? Math.min(node.minItems, 8) : 0;
    return Array.from({ length: count }, () => sampleValue(node.items, depth + 1));
  }
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(node.required) ? node.required : [];
  return Object.fromEntries(
    required
      .filter((key): key is string => typeof key === 'string')
      .map((key) => [key, sampleValue(properties[key], depth + 1)]),
  );
}

const check = (name: string, status: DoctorCheck['status'], detail: string): DoctorCheck => ({
  kind: 'mcp',
  name,
  status,
  detail,
});

/**
 * For an install that wired an MCP server (the lock's `mcpServer`): whether the runtime offers the server's tools
 * to the model in a headless run and a call of one reaches the server. Never throws.
 */
export async function proveMcpServer(
  install: LockedInstall,
  context: ProveContext,
  runtime: McpProvenRuntime,
): Promise<DoctorCheck[]> {
  const recorded = install[MCP_SERVER_RECORD.key] as { file: string; key: string } | undefined;
  const mcp = runtime.install.mcp;
  if (!recorded || !mcp) return [];
  const name = `${recorded.file} ${recorded.key}`;
  const cli = context.binDir
    ? join(context.binDir, CLI_NAMES[install.runtime])
    : findCli(install.runtime, context.env.PATH);
  if (cli === undefined || !existsSync(cli))
    return [
      check(name, 'unchecked', `CLI missing: ${cli ?? `${CLI_NAMES[install.runtime]} is not on PATH`}`),
    ];
  const prefix = mcp.toolName(recorded.key, '');
  const runtimeProof = await runtime.doctor.proof();
  const preflight = await runtimeProof.preflight(install, context, cli);
  if (preflight.kind === 'blocked') return [check(name, 'inactive', preflight.detail)];
  const stage = await mkdtemp(join(tmpdir(), 'skillpack-doctor-home-'));
  let copy: ReturnType<typeof copyProject> | undefined;
  try {
    copy = install.scope === 'project' ? copyProject(context.cwd, []) : emptyProject();
    // The user scope runs in a staged copy of its configuration, the MCP files included (`~/.claude.json`), as the
    // run's home: the runner then keeps the runtime's own config file (Codex's config.toml) as it is.
    const userFiles = [
      ...runtime.install.userConfig,
      mcp.config.user.file,
      ...(mcp.approval?.user ? [mcp.approval.user.file] : []),
    ];
    if (install.scope === 'user')
      await stageUserConfig([...new Set(userFiles)], runtime.doctor.histories ?? [], context.root, stage);
    const copyIntoHome =
      install.scope === 'project'
        ? ((await runtimeProof.stageProjectHome?.(install, cli, copy.dir, stage)) ?? [])
        : [];
    runtimeProof.prepareCopy?.(install.scope === 'project' ? copy.dir : stage, install.scope);
    // The turn-0 rule answers again after a tool search the scripted model made first (a deferred tool): the last
    // answer is the call that went out, with the schema the search loaded.
    let called: string | undefined;
    let schema: unknown;
    let input: Record<string, unknown> = {};
    const model = await createScriptedModel({
      replies: [
        when({ hasTools: false, protocol: 'chat-completions' }, reply.text('skillpack doctor')),
        when({ turn: 0 }, (request) => {
          called = offeredNames(request, prefix)[0];
          if (called === undefined) return reply.text('skillpack doctor: no tool of the server.');
          schema = declaredSchema(request.body, called);
          const sample = sampleValue(schema);
          input =
            typeof sample === 'object' && sample !== null && !Array.isArray(sample)
              ? (sample as Record<string, unknown>)
              : {};
          return reply.toolCall(called, input);
        }),
        otherwise(reply.text('skillpack doctor: done.')),
      ],
    });
    const output = await runAgent({
      runtime: install.runtime,
      model,
      prompt: `skillpack doctor: call a tool of the ${recorded.key} MCP server.`,
      project: copy.dir,
      cli,
      env: context.env.PATH === undefined ? {} : { PATH: context.env.PATH },
      ...preflight.runOptions,
      ...(install.scope === 'user' ? { home: stage } : { copyIntoHome }),
      args: [...(preflight.runOptions?.args ?? []), ...(mcp.scriptedRunArgs ?? [])],
      timeoutMs: context.timeoutMs ?? 180_000,
    }).finally(() => model.close());
    const requests = output.requests.filter((request) => request.hasTools);
    const offered = requests[0] ? offeredNames(requests[0], prefix) : [];
    if (called === undefined)
      return [
        check(
          name,
          'inactive',
          `${CLI_NAMES[install.runtime]} did not offer any tool of ${recorded.key} (${prefix}…) to the model in a headless run (exit ${output.exitCode}); ${output.stderr.trim().split('\n').at(-1) ?? ''}`.trim(),
        ),
      ];
    const answer = requests.find((request) => request.turn === 1)?.lastMessage ?? '';
    if (mcp.argumentRefusal?.test(answer.trim()))
      return [
        check(
          name,
          'unchecked',
          `offered ${offered.join(', ')}, but ${CLI_NAMES[install.runtime]} refused doctor's arguments ${JSON.stringify(input)} itself, so the call never reached the server (${schema === undefined ? 'no schema of the tool in the request or a tool search' : 'a bound of the schema doctor does not fill'}): ${answer.trim().slice(0, 160)}`,
        ),
      ];
    if (answer.trim() === '' || mcp.refusal?.test(answer))
      return [
        check(
          name,
          'inactive',
          `${called} is offered but its call did not reach the server: ${answer.trim().slice(0, 200) || 'no tool result'}`,
        ),
      ];
    return [
      check(
        name,
        'active',
        `offered ${offered.join(', ')}; ${called} answered: ${answer.trim().replaceAll('\n', ' ').slice(0, 120)}`,
      ),
    ];
  } catch (error) {
    return [check(name, 'unchecked', `the run could not start: ${(error as Error).message}`)];
  } finally {
    copy?.remove();
    await rm(stage, { recursive: true, force: true });
  }
}
