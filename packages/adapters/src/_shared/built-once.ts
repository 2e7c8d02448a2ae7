/** A synchronous builder run on its first call alone: every later call returns what that call built. */
export function builtOnce<T extends object>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
