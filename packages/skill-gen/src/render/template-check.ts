import type { ContractRegistry } from '@skillpack/core';
import { isTargetId, TARGET_IDS } from '../targets/target-id.js';
import { lineOf, TemplateFault } from './template-fault.js';

/** Block helpers a template may open; `if`/`unless`/`each`/`with` are the strict versions. */
export const BLOCK_HELPERS = ['if', 'unless', 'each', 'with', 'ifRuntime', 'unlessRuntime'] as const;
/** Helpers used inline or as sub-expressions. */
export const INLINE_HELPERS = ['contract', 'invoke', 'json'] as const;
const DATA_VARIABLES = new Set(['index', 'first', 'last', 'key', 'root']);

/** What a check knows about the template's surroundings; skill bodies also check literal arguments. */
export interface TemplateCheckScope {
  readonly partials: ReadonlySet<string>;
  readonly registry: ContractRegistry;
  /** Present for a skill body: the contracts its front matter declares and the pack's skills. */
  readonly skill?: { readonly contracts: readonly string[]; readonly skillNames: ReadonlySet<string> };
}

type Node = hbs.AST.Node & Record<string, unknown>;

function quoteList(values: Iterable<string>): string {
  return [...values].map((value) => `"${value}"`).join(', ');
}

function checkContractId(scope: TemplateCheckScope, id: string, line: number | undefined): void {
  if (!scope.registry.has(id)) {
    throw new TemplateFault(
      'unknown_contract',
      `Unknown contract "${id}".`,
      `Use one of ${quoteList(scope.registry.ids)}.`,
      line,
    );
  }
  if (scope.skill && !scope.skill.contracts.includes(id)) {
    throw new TemplateFault(
      'contract_not_declared',
      `The body uses contract "${id}", which the front matter does not declare.`,
      `Add it to the front matter: contracts: [${[...scope.skill.contracts, id].join(', ')}].`,
      line,
    );
  }
}

function literalString(node: hbs.AST.Expression | undefined): string | undefined {
  return node?.type === 'StringLiteral' ? (node as hbs.AST.StringLiteral).value : undefined;
}

function hashValue(hash: hbs.AST.Hash | undefined, key: string): hbs.AST.Expression | undefined {
  return hash?.pairs.find((pair) => pair.key === key)?.value;
}

function checkHelperArguments(scope: TemplateCheckScope, name: string, node: Node): void {
  const params = (node.params ?? []) as hbs.AST.Expression[];
  const hash = node.hash as hbs.AST.Hash | undefined;
  const line = lineOf(node);
  if (name === 'ifRuntime' || name === 'unlessRuntime') {
    if (params.length === 0) {
      throw new TemplateFault(
        'template_bad_argument',
        `#${name} needs at least one runtime.`,
        `Write {{#${name} "codex"}}…{{/${name}}}.`,
        line,
      );
    }
    for (const param of params) {
      const value = literalString(param);
      if (!isTargetId(value)) {
        throw new TemplateFault(
          'template_bad_argument',
          `#${name} takes quoted runtime names, received ${value === undefined ? param.type : `"${value}"`}.`,
          `Use ${quoteList(TARGET_IDS)}.`,
          line,
        );
      }
    }
    return;
  }
  if (name === 'contract') {
    const id = literalString(params[0]);
    if (params.length !== 1) {
      throw new TemplateFault(
        'template_bad_argument',
        'contract takes one contract id.',
        'Write (contract "conflux.acceptance").',
        line,
      );
    }
    if (id !== undefined && scope.skill) checkContractId(scope, id, line);
    return;
  }
  if (name === 'invoke') {
    const target = literalString(params[0]);
    if (params.length !== 1) {
      throw new TemplateFault(
        'template_bad_argument',
        'invoke takes one skill name.',
        'Write {{invoke "other-skill"}}.',
        line,
      );
    }
    const external = hashValue(hash, 'external');
    if (
      target !== undefined &&
      scope.skill &&
      !scope.skill.skillNames.has(target) &&
      external?.type !== 'BooleanLiteral'
    ) {
      throw new TemplateFault(
        'unknown_skill',
        `invoke names "${target}", which is not a skill of this pack.`,
        `Use one of ${quoteList(scope.skill.skillNames)}, or write {{invoke "${target}" external=true}} for a skill installed separately.`,
        line,
      );
    }
  }
}

/** Partials are named literally and exist; `contract-*` partials say which contract they show. */
function checkPartial(scope: TemplateCheckScope, node: Node): void {
  const nameNode = node.name as hbs.AST.PathExpression | hbs.AST.SubExpression | hbs.AST.StringLiteral;
  const line = lineOf(node);
  if (nameNode.type !== 'PathExpression' && nameNode.type !== 'StringLiteral') {
    throw new TemplateFault(
      'template_dynamic_partial',
      'Partial names must be written literally.',
      'Write {{> contract-output contract="…"}}.',
      line,
    );
  }
  const name = nameNode.type === 'PathExpression' ? nameNode.original : nameNode.value;
  if (!scope.partials.has(name)) {
    throw new TemplateFault(
      'template_missing_partial',
      `The partial "${name}" does not exist.`,
      `Use one of ${quoteList([...scope.partials].sort())}.`,
      line,
    );
  }
  if (name.startsWith('contract-')) {
    const value = hashValue(node.hash as hbs.AST.Hash | undefined, 'contract');
    if (value === undefined) {
      throw new TemplateFault(
        'template_bad_argument',
        `The partial "${name}" needs the contract it shows.`,
        `Write {{> ${name} contract="${scope.skill?.contracts[0] ?? 'conflux.acceptance'}"}}.`,
        line,
      );
    }
    const id = literalString(value);
    if (id !== undefined && scope.skill) checkContractId(scope, id, line);
  }
}

function checkPath(node: hbs.AST.PathExpression): void {
  if (node.data && !DATA_VARIABLES.has(node.parts[0] ?? '')) {
    throw new TemplateFault(
      'template_missing_variable',
      `Unknown data variable "@${node.parts.join('.')}".`,
      `Use one of ${quoteList([...DATA_VARIABLES].map((name) => `@${name}`))}.`,
      lineOf(node),
    );
  }
}

/**
 * A mustache with arguments, a block or a sub-expression calls a helper, which must be one of ours;
 * `{{name}}` alone is a variable, left to strict mode at render time.
 */
function checkCall(scope: TemplateCheckScope, node: Node, kind: 'block' | 'inline'): void {
  const path = node.path as hbs.AST.PathExpression | hbs.AST.Literal;
  if (path.type !== 'PathExpression') return;
  const name = (path as hbs.AST.PathExpression).original;
  checkPath(path as hbs.AST.PathExpression);
  const params = (node.params ?? []) as unknown[];
  const hash = node.hash as hbs.AST.Hash | undefined;
  const isCall =
    kind === 'block' || params.length > 0 || (hash?.pairs.length ?? 0) > 0 || node.type === 'SubExpression';
  if (!isCall) return;
  const known: readonly string[] = kind === 'block' ? BLOCK_HELPERS : INLINE_HELPERS;
  if (!known.includes(name)) {
    const other = kind === 'block' ? INLINE_HELPERS : BLOCK_HELPERS;
    throw new TemplateFault(
      'template_unknown_helper',
      (other as readonly string[]).includes(name)
        ? `"${name}" is a${kind === 'block' ? 'n inline' : ' block'} helper.`
        : `Unknown ${kind === 'block' ? 'block ' : ''}helper "${name}".`,
      `Use ${kind === 'block' ? 'a block helper' : 'a helper'} from ${quoteList(known)}; variables take no arguments.`,
      lineOf(node),
    );
  }
  checkHelperArguments(scope, name, node);
}

function visit(scope: TemplateCheckScope, node: Node | null | undefined): void {
  if (!node || typeof node !== 'object') return;
  switch (node.type) {
    case 'Program':
      for (const child of (node as unknown as hbs.AST.Program).body) visit(scope, child as Node);
      return;
    case 'MustacheStatement':
      checkCall(scope, node, 'inline');
      break;
    case 'SubExpression':
      checkCall(scope, node, 'inline');
      break;
    case 'BlockStatement':
      checkCall(scope, node, 'block');
      visit(scope, node.program as Node);
      visit(scope, node.inverse as Node);
      break;
    case 'PartialStatement':
      checkPartial(scope, node);
      break;
    case 'PartialBlockStatement':
      checkPartial(scope, node);
      visit(scope, node.program as Node);
      break;
    case 'DecoratorBlock':
    case 'Decorator':
      throw new TemplateFault(
        'template_unsupported',
        'Handlebars decorators are not supported.',
        'Remove the {{* …}} decorator.',
        lineOf(node),
      );
    case 'PathExpression':
      checkPath(node as unknown as hbs.AST.PathExpression);
      return;
    default:
      return;
  }
  for (const param of (node.params ?? []) as Node[]) visit(scope, param);
  for (const pair of ((node.hash as hbs.AST.Hash | undefined)?.pairs ?? []) as hbs.AST.HashPair[])
    visit(scope, pair.value as Node);
}

/** Check a parsed template before it runs: helpers, partials, contract ids, skills and runtime names. */
export function checkTemplate(program: hbs.AST.Program, scope: TemplateCheckScope): void {
  visit(scope, program as unknown as Node);
}
