// Where the installed Codex hook program is, as its hook command names it.

/** The absolute path of the installed hook program, as it appears in the hook command. */
export function hookProgramPath(root: string, folder: string): string {
  return `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${folder}skillpack-hook.cjs`;
}
