import { isRuntimeId, type RuntimeId } from '@skillpack/adapters';
import { type ConfigError, type ContractRegistry, describeValue } from '@skillpack/core';
import Handlebars from 'handlebars';
import { authorError } from '../errors/author-error.js';
import type { SkillSource } from '../source/skill-source.js';
import type { TargetId } from '../targets/target-id.js';
import { type ContractView, createContractView } from './contract-view.js';
import { invocation, type RenderedRuntime, type SkillForm } from './invocation.js';
import { checkTemplate, type TemplateCheckScope } from './template-check.js';
import { lineOf, TemplateFault } from './template-fault.js';
import type { TemplateSet, TemplateSource } from './templates.js';

export interface PackIdentity {
  readonly name: string;
  readonly version: string;
  readonly description: string;
}

export interface TemplateEngineInput {
  readonly templates: TemplateSet;
  readonly registry: ContractRegistry;
  readonly pack: PackIdentity;
  readonly skillNames: ReadonlySet<string>;
  /** Each runtime's declaration, as far as rendering reads it. */
  readonly runtimes: Readonly<Record<RuntimeId, RenderedRuntime>>;
}

/**
 * Renders skill bodies and each runtime's SKILL.md layout. One Handlebars instance per build: each body is
 * parsed, checked and compiled once and rendered for every target and form.
 */
export interface TemplateEngine {
  /** The Markdown of a SKILL.md without its front matter. Throws a ConfigError naming file and line. */
  renderSkill(skill: SkillSource, target: TargetId, form: SkillForm): string;
  /** The view a template sees for a contract (what `(contract id)` returns). */
  contractView(id: string, target: TargetId): ContractView;
  /** The Claude Code plugin's README.md, or `undefined` when the templates have no plugin README. */
  renderPluginReadme(view: PluginReadmeView): string | undefined;
}

/** What `claude-code/plugin-readme.md.hbs` sees. */
export interface PluginReadmeView {
  readonly pack: PackIdentity;
  readonly license: string | null;
  /** The marketplace name (`/plugin install <pack>@<marketplace>`). */
  readonly marketplace: string;
  readonly skills: readonly { readonly name: string; readonly description: string }[];
  /** Contract ids the skills speak, sorted. */
  readonly contracts: readonly string[];
  /** Whether the plugin wires a Stop hook. */
  readonly hooked: boolean;
}

const COMPILE_OPTIONS = { strict: true, noEscape: true } as const;
const STRICT_BUILTINS = ['if', 'unless', 'each', 'with'] as const;
const MISSING_VARIABLE = /^"([^"]{1,200})" not defined in/;
const PARSE_ERROR_LINE = /^Parse error on line (\d+)/;

interface HelperCall {
  readonly hash: Record<string, unknown>;
  readonly fn: Handlebars.TemplateDelegate;
  readonly inverse: Handlebars.TemplateDelegate;
  readonly loc?: { readonly start: { readonly line: number } };
}

type Partials = Map<string, TemplateSource>;

function variablesHint(): string {
  return 'Variables are skill.name, skill.description, skill.license, skill.compatibility, skill.metadata, skill.contracts, pack.name, pack.version, pack.description, runtime and form.';
}

/** The whole dotted path (`skill.nmae`) on a template line that ends in the name Handlebars reported. */
function fullPath(text: string | undefined, line: number | undefined, name: string): string {
  const source = line === undefined ? undefined : text?.split('\n')[line - 1];
  if (source === undefined) return name;
  for (const token of source.split(/[^A-Za-z0-9_.@/-]+/)) {
    if (token === name || token.endsWith(`.${name}`) || token.endsWith(`/${name}`)) return token;
  }
  return name;
}

/** Turn whatever a render threw into a ConfigError pointing at the template file and line. */
function toTemplateError(
  error: unknown,
  file: string,
  lineOffset: number,
  partials: Partials,
  skillFile: string,
  text?: string,
): ConfigError {
  const partial = (error as { partial?: string } | null)?.partial;
  const partialSource = partial === undefined ? undefined : partials.get(partial);
  const target = partialSource ? { file: partialSource.file, offset: 0 } : { file, offset: lineOffset };
  const suffix = partialSource ? ` (rendering ${skillFile})` : '';
  const at = (line: number | undefined) => (line === undefined ? {} : { line: line + target.offset });
  if (error instanceof TemplateFault) {
    return authorError(error.code, {
      file: target.file,
      ...at(error.line),
      message: `${error.message}${suffix}`,
      fix: error.fix,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const parse = PARSE_ERROR_LINE.exec(message);
  if (parse) {
    return authorError('template_syntax', {
      file: target.file,
      ...at(Number(parse[1])),
      message: `Handlebars cannot parse the template: ${message.split('\n').slice(-1)[0]}${suffix}`,
      fix: 'Close every {{#block}} with {{/block}}; write \\{{ for a literal "{{".',
    });
  }
  const missing = MISSING_VARIABLE.exec(message);
  const line = (error as { lineNumber?: number } | null)?.lineNumber;
  if (missing) {
    const name = fullPath(partialSource ? partialSource.text : text, line, missing[1]!);
    return authorError('template_missing_variable', {
      file: target.file,
      ...at(line),
      message: `The variable "${name}" is not defined${suffix}.`,
      fix: `Correct the name or remove it. ${variablesHint()}`,
    });
  }
  return authorError('template_error', {
    file: target.file,
    ...at(line),
    message: `Rendering failed: ${message}${suffix}`,
    fix: 'Correct the template at this line.',
    cause: error,
  });
}

function parseTemplate(
  hb: typeof Handlebars,
  source: TemplateSource,
  scope: TemplateCheckScope,
  lineOffset = 0,
): hbs.AST.Program {
  try {
    const program = hb.parse(source.text);
    checkTemplate(program, scope);
    return program;
  } catch (error) {
    throw toTemplateError(error, source.file, lineOffset, new Map(), source.file);
  }
}

export function createTemplateEngine(input: TemplateEngineInput): TemplateEngine {
  const { registry, pack, skillNames } = input;
  const runtimeOf = (target: TargetId) => (isRuntimeId(target) ? input.runtimes[target] : undefined);
  const hb = Handlebars.create();
  hb.unregisterHelper('lookup');
  hb.unregisterHelper('log');
  // Handlebars renders synchronously, so the skill, target and form being rendered live here for helpers.
  let current:
    | { readonly skill: SkillSource; readonly target: TargetId; readonly form: SkillForm }
    | undefined;
  const views = new Map<string, ContractView>();

  const contractView = (id: string, target: TargetId): ContractView => {
    const key = `${target}\0${id}`;
    let view = views.get(key);
    if (!view) {
      view = createContractView(registry.require(id), runtimeOf(target));
      views.set(key, view);
    }
    return view;
  };

  // Strict mode only covers plain lookups; `{{#if missing}}` would otherwise render nothing. The context
  // never holds `undefined` (absent values are null), so an undefined argument is always a typo.
  for (const name of STRICT_BUILTINS) {
    const builtin = hb.helpers[name] as (...args: unknown[]) => unknown;
    hb.registerHelper(name, function (this: unknown, ...args: unknown[]) {
      const options = args.at(-1) as HelperCall;
      if (args.length === 2 && args[0] === undefined) {
        throw new TemplateFault(
          'template_missing_variable',
          `The value given to #${name} is not defined.`,
          `Correct the variable name. ${variablesHint()}`,
          lineOf(options),
        );
      }
      return builtin.apply(this, args);
    });
  }
  hb.registerHelper('contract', (id: unknown, options: HelperCall) => {
    if (typeof id !== 'string') {
      throw new TemplateFault(
        'template_bad_argument',
        `contract needs a contract id, received ${describeValue(id)}.`,
        'Pass a quoted id: (contract "conflux.acceptance").',
        lineOf(options),
      );
    }
    if (!registry.has(id)) {
      throw new TemplateFault(
        'unknown_contract',
        `Unknown contract "${id}".`,
        `Use one of ${registry.ids.join(', ')}.`,
        lineOf(options),
      );
    }
    if (current && !current.skill.frontMatter.contracts.includes(id)) {
      throw new TemplateFault(
        'contract_not_declared',
        `The body uses contract "${id}", which the front matter does not declare.`,
        `Add "${id}" to contracts: in the front matter.`,
        lineOf(options),
      );
    }
    return contractView(id, current?.target ?? 'portable');
  });
  hb.registerHelper('invoke', (name: unknown, options: HelperCall) => {
    const external = options.hash.external === true;
    if (typeof name !== 'string' || (!external && !skillNames.has(name))) {
      throw new TemplateFault(
        'unknown_skill',
        `invoke names ${describeValue(name)}, which is not a skill of this pack.`,
        'Name a skill of this pack, or add external=true.',
        lineOf(options),
      );
    }
    return invocation(
      runtimeOf(current?.target ?? 'portable'),
      current?.form ?? 'skill',
      pack.name,
      name,
      external,
    );
  });
  const runtimeBlock = (negate: boolean) =>
    function (this: unknown, ...args: unknown[]) {
      const options = args.pop() as HelperCall;
      return args.includes(current?.target) !== negate ? options.fn(this) : options.inverse(this);
    };
  hb.registerHelper('ifRuntime', runtimeBlock(false));
  hb.registerHelper('unlessRuntime', runtimeBlock(true));
  hb.registerHelper('json', (value: unknown, options: HelperCall) => {
    if (value === undefined) {
      throw new TemplateFault(
        'template_missing_variable',
        'The value given to json is not defined.',
        variablesHint(),
        lineOf(options),
      );
    }
    return JSON.stringify(value, null, 2);
  });

  const shared = input.templates.partials;
  const overrides = input.templates.targetPartials;
  const partialNames = new Set([
    ...shared.keys(),
    ...[...overrides.values()].flatMap((partials) => [...partials.keys()]),
  ]);
  const partialSources: Partials = new Map();
  const compiledPartials = new Map<TemplateSource, Handlebars.TemplateDelegate>();
  for (const source of [
    ...shared.values(),
    ...[...overrides.values()].flatMap((partials) => [...partials.values()]),
  ]) {
    compiledPartials.set(
      source,
      hb.compile(parseTemplate(hb, source, { partials: partialNames, registry }), COMPILE_OPTIONS),
    );
  }
  for (const name of partialNames) {
    // A runtime's own partial (templates/<runtime>/partials/) replaces the shared one of the same name.
    hb.registerPartial(name, ((context: unknown, options: Handlebars.RuntimeOptions) => {
      const target = current?.target ?? 'portable';
      const source = overrides.get(target)?.get(name) ?? shared.get(name);
      if (!source) {
        throw new TemplateFault(
          'template_missing_partial',
          `The partial "${name}" has no version for ${target}.`,
          `Add templates/partials/${name}.hbs.`,
        );
      }
      partialSources.set(name, source);
      try {
        return compiledPartials.get(source)!(context, options);
      } catch (error) {
        if (error instanceof Error && (error as { partial?: string }).partial === undefined) {
          Object.assign(error, { partial: name });
        }
        throw error;
      }
    }) as unknown as Handlebars.Template);
  }
  const layouts = new Map(
    [...input.templates.skillLayouts].map(([target, source]) => [
      target,
      {
        source,
        template: hb.compile(
          parseTemplate(hb, source, { partials: partialNames, registry }),
          COMPILE_OPTIONS,
        ),
      },
    ]),
  );
  const bodies = new Map<string, Handlebars.TemplateDelegate>();

  // A body is parsed and checked (helpers, partials, contract ids, skill names, runtimes) before it runs,
  // with its line numbers shifted by the front matter so errors point into skill.md.
  const bodyTemplate = (skill: SkillSource): Handlebars.TemplateDelegate => {
    let template = bodies.get(skill.name);
    if (!template) {
      const scope = {
        partials: partialNames,
        registry,
        skill: { contracts: skill.frontMatter.contracts, skillNames },
      };
      template = hb.compile(
        parseTemplate(hb, { file: skill.file, text: skill.body }, scope, skill.bodyLine - 1),
        COMPILE_OPTIONS,
      );
      bodies.set(skill.name, template);
    }
    return template;
  };

  const readmeSource = input.templates.pluginReadme;
  const readme =
    readmeSource &&
    hb.compile(parseTemplate(hb, readmeSource, { partials: partialNames, registry }), COMPILE_OPTIONS);

  return {
    contractView,
    renderPluginReadme(view) {
      if (!readme || !readmeSource) return undefined;
      try {
        return readme(view);
      } catch (error) {
        throw toTemplateError(
          error,
          readmeSource.file,
          0,
          partialSources,
          readmeSource.file,
          readmeSource.text,
        );
      }
    },
    renderSkill(skill, target, form) {
      const { frontMatter } = skill;
      // Everything a body may read; absent optional keys are null so strict lookups still find them.
      const context = {
        skill: {
          name: skill.name,
          description: frontMatter.description,
          license: frontMatter.license ?? null,
          compatibility: frontMatter.compatibility ?? null,
          metadata: frontMatter.metadata ?? {},
          contracts: frontMatter.contracts,
        },
        pack: { name: pack.name, version: pack.version, description: pack.description },
        runtime: target,
        form,
      };
      const template = bodyTemplate(skill);
      const layout = layouts.get(target)!;
      current = { skill, target, form };
      try {
        let body: string;
        try {
          body = template(context);
        } catch (error) {
          throw toTemplateError(
            error,
            skill.file,
            skill.bodyLine - 1,
            partialSources,
            skill.file,
            skill.body,
          );
        }
        try {
          return layout.template({
            ...context,
            body,
            contracts: frontMatter.contracts.map((id) => contractView(id, target)),
          });
        } catch (error) {
          throw toTemplateError(error, layout.source.file, 0, partialSources, skill.file, layout.source.text);
        }
      } finally {
        current = undefined;
      }
    },
  };
}
