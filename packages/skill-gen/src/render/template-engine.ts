import { type ConfigError, type ContractRegistry, describeValue } from '@skillpack/core';
import Handlebars from 'handlebars';
import { authorError } from '../author-error.js';
import type { SkillSource } from '../source/skill-source.js';
import type { TargetId } from '../targets/target-id.js';
import { type ContractView, createContractView } from './contract-view.js';
import { invocation, type SkillForm } from './invocation.js';
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
  readonly target: TargetId;
  readonly registry: ContractRegistry;
  readonly pack: PackIdentity;
  readonly skillNames: ReadonlySet<string>;
}

/** Renders skill bodies and the runtime's SKILL.md layout; one engine (one Handlebars instance) per target. */
export interface TemplateEngine {
  /** The Markdown of a SKILL.md without its front matter. Throws a ConfigError naming file and line. */
  renderSkill(skill: SkillSource, form: SkillForm): string;
  /** The view a template sees for a contract (what `(contract id)` returns). */
  contractView(id: string): ContractView;
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
  const { target, registry, pack, skillNames } = input;
  const hb = Handlebars.create();
  hb.unregisterHelper('lookup');
  hb.unregisterHelper('log');
  let current: { readonly skill: SkillSource; readonly form: SkillForm } | undefined;
  const views = new Map<string, ContractView>();

  const contractView = (id: string): ContractView => {
    let view = views.get(id);
    if (!view) {
      view = createContractView(registry.require(id), target);
      views.set(id, view);
    }
    return view;
  };

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
    return contractView(id);
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
    return invocation(target, current?.form ?? 'skill', pack.name, name, external);
  });
  const runtimeBlock = (negate: boolean) =>
    function (this: unknown, ...args: unknown[]) {
      const options = args.pop() as HelperCall;
      return args.includes(target) !== negate ? options.fn(this) : options.inverse(this);
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

  const partials: Partials = new Map([
    ...input.templates.partials,
    ...(input.templates.targetPartials.get(target) ?? []),
  ]);
  const partialNames = new Set(partials.keys());
  for (const [name, source] of partials) {
    const compiled = hb.compile(
      parseTemplate(hb, source, { partials: partialNames, registry }),
      COMPILE_OPTIONS,
    );
    hb.registerPartial(name, ((context: unknown, options: Handlebars.RuntimeOptions) => {
      try {
        return compiled(context, options);
      } catch (error) {
        if (error instanceof Error && (error as { partial?: string }).partial === undefined) {
          Object.assign(error, { partial: name });
        }
        throw error;
      }
    }) as unknown as Handlebars.Template);
  }
  const layoutSource = input.templates.skillLayouts.get(target)!;
  const layout = hb.compile(
    parseTemplate(hb, layoutSource, { partials: partialNames, registry }),
    COMPILE_OPTIONS,
  );
  const bodies = new Map<string, Handlebars.TemplateDelegate>();

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

  return {
    contractView,
    renderSkill(skill, form) {
      const { frontMatter } = skill;
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
      current = { skill, form };
      try {
        let body: string;
        try {
          body = template(context);
        } catch (error) {
          throw toTemplateError(error, skill.file, skill.bodyLine - 1, partials, skill.file, skill.body);
        }
        try {
          return layout({ ...context, body, contracts: frontMatter.contracts.map(contractView) });
        } catch (error) {
          throw toTemplateError(error, layoutSource.file, 0, partials, skill.file, layoutSource.text);
        }
      } finally {
        current = undefined;
      }
    },
  };
}
