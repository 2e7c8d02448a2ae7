/**
 * The shapes of Nx's plugin API (`CreateNodesV2` of Nx 24) this plugin uses, written out so the published
 * declarations do not import Nx's internal paths: Nx checks the values it loads, not these names.
 */
export interface CreateNodesContextV2 {
  readonly workspaceRoot: string;
  readonly nxJsonConfiguration: unknown;
}

export interface InferredProject {
  readonly name?: string;
  readonly implicitDependencies?: string[];
  readonly targets: Record<string, object>;
}

export interface CreateNodesResult {
  readonly projects?: Record<string, InferredProject>;
}

export type CreateNodesV2<T> = readonly [
  projectFilePattern: string,
  createNodes: (
    projectConfigurationFiles: readonly string[],
    options: T | undefined,
    context: CreateNodesContextV2,
  ) => Promise<Array<readonly [file: string, result: CreateNodesResult]>>,
];
