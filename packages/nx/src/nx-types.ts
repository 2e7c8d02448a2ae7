/**
 * The shapes of Nx's plugin API (`CreateNodesV2` of Nx 24) this plugin uses, written out so the published
 * declarations do not import Nx's internal paths: Nx checks the values it loads, not these names.
 */
export interface CreateNodesContextV2 {
  readonly workspaceRoot: string;
  readonly nxJsonConfiguration: unknown;
}

/** One project the plugin infers: its name (when it sets one), the projects it builds on, its targets. */
export interface InferredProject {
  readonly name?: string;
  readonly implicitDependencies?: string[];
  readonly targets: Record<string, object>;
}

/** What the plugin returns for one config file: the project keyed by its root folder. */
export interface CreateNodesResult {
  readonly projects?: Record<string, InferredProject>;
}

/** Nx's `createNodesV2` tuple: the file pattern Nx matches, and the function it calls with the matches. */
export type CreateNodesV2<T> = readonly [
  projectFilePattern: string,
  createNodes: (
    projectConfigurationFiles: readonly string[],
    options: T | undefined,
    context: CreateNodesContextV2,
  ) => Promise<Array<readonly [file: string, result: CreateNodesResult]>>,
];
