import { CONTRACT_ID_PATTERN, contractIdProblem } from '@skillpack/core';
import { z } from 'zod';
import { windowsNameProblem } from '../files/windows-names.js';
import { RUNTIME_CONFIG_SECTIONS } from '../runtimes/sections.js';
import { TARGET_IDS } from '../targets/target-id.js';
import { SEMVER_PATTERN } from './semver.js';

/** Kebab-case: the pack name is also the plugin and marketplace name (`/pack:skill`, `$pack:skill`). */
export const PackNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case: lowercase letters, digits and single hyphens')
  // It names folders and files in every runtime layout, and every runtime runs on Windows.
  .refine(
    (name) => windowsNameProblem(name) === undefined,
    'must not be a device name Windows reserves (con, prn, aux, nul, com1-com9, lpt1-lpt9): the pack names folders and files, and Windows cannot create them',
  )
  .meta({ description: 'Pack name; also the plugin and marketplace name.', examples: ['acme-review'] });

export const SemverSchema = z
  .string()
  .max(256)
  .regex(SEMVER_PATTERN, 'must be a semantic version like 1.2.0')
  .meta({ description: 'Semantic version of the pack.', examples: ['1.0.0'] });

/** Contract ids as core defines them (`family.name`); a bad one is told the rule and the nearest valid id. */
export const ContractIdSchema = z
  .string()
  .max(128)
  .regex(CONTRACT_ID_PATTERN, { error: (issue) => contractIdProblem(issue.input) });

export const AuthorSchema = z.strictObject({
  name: z.string().min(1).max(256),
  email: z.string().min(3).max(256).optional(),
  url: z.string().min(1).max(2048).optional(),
});
/** The pack's author in `skillpack.config.json`: a name, and optionally an email and a URL. */
export type Author = z.output<typeof AuthorSchema>;

export const STOP_EVENTS = ['Stop', 'SubagentStop'] as const;
/** A hook event a pack's Stop hook may run on, one of `STOP_EVENTS`. */
export type StopEvent = (typeof STOP_EVENTS)[number];

export const HookConfigSchema = z.strictObject({
  events: z
    .array(z.enum(STOP_EVENTS))
    .min(1)
    .default(['Stop'])
    .meta({ description: 'Claude Code and Codex events the hook runs on.' }),
  maxBlocks: z
    .int()
    .min(0)
    .max(8)
    .optional()
    .meta({ description: 'Consecutive stops the hook may block before it lets the agent stop.' }),
  timeout: z
    .int()
    .min(1)
    .max(600)
    .default(30)
    .meta({ description: 'Seconds the runtime waits for the hook.' }),
});
/** One contract's Stop hook settings in `skillpack.config.json` `hooks`: events, block budget, timeout. */
export type HookConfig = z.output<typeof HookConfigSchema>;

const PathSchema = z.string().min(1).max(1024);

/** Validates `skillpack.config.json`: the pack's identity, its skills, targets, contracts and hooks. */
export const PackConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  name: PackNameSchema,
  version: SemverSchema.optional().meta({
    description:
      'Semantic version of the pack, when the pack project has no package.json. With a package.json beside this file, its "version" is the pack version and this key is left out (a different value here is an error).',
    examples: ['1.0.0'],
  }),
  description: z.string().min(1).max(1024),
  author: AuthorSchema,
  license: z.string().min(1).max(256),
  homepage: z.string().min(1).max(2048).optional(),
  repository: z.string().min(1).max(2048).optional(),
  keywords: z.array(z.string().min(1).max(64)).max(32).default([]),
  skills: z
    .array(PathSchema)
    .min(1)
    .default(['skills'])
    .meta({ description: 'Folders of skill sources (each `<name>/skill.md`), or skill folders themselves.' }),
  targets: z
    .array(z.enum(TARGET_IDS))
    .min(1)
    .default([...TARGET_IDS])
    .meta({ description: 'What to render.' }),
  out: PathSchema.default('dist/skill-packs').meta({ description: 'Pack directory, relative to this file.' }),
  contracts: z
    .array(z.string().min(1).max(1024))
    .max(64)
    .default([])
    .meta({
      description:
        'Contract modules whose exported contracts join the built-ins for every command and are carried by the ' +
        'generated hooks: paths relative to this file (TypeScript or JavaScript) or package specifiers.',
      examples: [['./contracts/review.ts', '@acme/contracts']],
    }),
  hooks: z
    .record(ContractIdSchema, HookConfigSchema)
    .default({})
    .meta({ description: 'Contracts whose Stop hook (Claude Code, Codex) and OpenCode plugin are wired.' }),
  // Each runtime's own section (`config.ts` of its folder), for the runtimes that have one.
  ...RUNTIME_CONFIG_SECTIONS,
  portable: z
    .strictObject({
      packageName: z
        .string()
        .max(214)
        .regex(/^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/, 'must be a valid npm package name')
        .optional()
        .meta({
          description:
            'The npm name of the portable package; default the "name" of the package.json beside this file, else the pack name.',
        }),
    })
    .default({})
    .meta({ description: 'The npm-publishable portable pack.' }),
});
/**
 * A validated `skillpack.config.json`, defaults applied, with the pack's one version: the `package.json`
 * beside it when that file has a version, else the config's own.
 */
export type PackConfig = Omit<z.output<typeof PackConfigSchema>, 'version'> & { readonly version: string };
/** A `skillpack.config.json` as written, before defaults are applied. */
export type PackConfigInput = z.input<typeof PackConfigSchema>;
