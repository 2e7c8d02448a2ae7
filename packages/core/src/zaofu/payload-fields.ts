import { z } from 'zod';
import { isAbsolutePosix, nonPortablePathProblem, posixParts } from './_posix-path.js';
import { isMapping, pyStrip } from './_python.js';

/** The message for an object pasted into a lifecycle event's `artifact_refs`. */
export const OBJECT_ARTIFACT_REF_MESSAGE =
  'lifecycle events carry artifact_refs as a list of path strings; publish structured refs in artifact.manifest.published first and link it through artifact_manifest_event_id';

/** A string with something besides (Python) whitespace in it. */
export const NonBlankStringSchema = z
  .string()
  .min(1)
  .refine((value) => pyStrip(value) !== '', { message: 'must not be blank' });

/**
 * A repository-relative path that can go into a task contract's scope: the kernel rejects absolute paths,
 * `..` segments and paths under `.zf/` or `.git/` there; backslashes, drive letters, `~` and NUL are refused
 * too, so the path cannot leave the project on Windows or in a shell.
 */
export const ScopePathSchema = NonBlankStringSchema.superRefine((path, context) => {
  const parts = posixParts(pyStrip(path));
  let reason: string | undefined;
  if (isAbsolutePosix(pyStrip(path))) reason = 'absolute paths are not allowed';
  else if (parts.includes('..')) reason = 'parent traversal is not allowed';
  else if (nonPortablePathProblem(pyStrip(path)))
    reason = `the path ${nonPortablePathProblem(pyStrip(path))}`;
  else if (parts[0] === '.zf' || parts[0] === '.git') reason = 'runtime/internal paths are not allowed';
  if (reason) context.addIssue({ code: 'custom', message: `${reason} (write a repository-relative path)` });
});

/** `artifact_refs` on lifecycle events: replayable path strings only. */
export const PathRefListSchema = z
  .array(
    z.string({
      error: (issue) =>
        issue.code === 'invalid_type' && isMapping(issue.input) ? OBJECT_ARTIFACT_REF_MESSAGE : undefined,
    }),
  )
  .meta({ description: 'Artifact paths (strings only); structured refs go in artifact.manifest.published.' });

/**
 * Fields the kernel's completion contract audits. The skill requires only `summary` and `dispatch_id` of
 * them; a missing `changed_files` or empty `evidence_refs` makes the kernel append a non-blocking
 * `task.contract.invalid`, so validation reports it as a warning, not a rejection.
 */
export const completionFields = {
  summary: NonBlankStringSchema,
  changed_files: z
    .array(z.string())
    .optional()
    .meta({ description: 'Files this role changed; the kernel audits completions without the list.' }),
  evidence_refs: z
    .array(NonBlankStringSchema)
    .optional()
    .meta({ description: 'What the conclusion rests on: paths, event ids, doc sections.' }),
  residual_risks: z.array(z.string()).optional(),
  next_agent_input: z.string().optional(),
  source_revision: z.string().optional(),
  contract_revision: z.string().optional(),
  capsule_revision: z.string().optional(),
};

/** Fields that link a lifecycle event to its dispatch and to a published manifest. */
export const handoffLinkFields = {
  artifact_manifest_event_id: NonBlankStringSchema.optional().meta({
    description: 'The id (evt-…) of the artifact.manifest.published event carrying structured refs.',
  }),
  artifact_refs: PathRefListSchema.optional(),
  dispatch_id: NonBlankStringSchema.meta({ description: 'The dispatch token from the briefing.' }),
};
