/**
 * Every command's one-line summary, in the order `skillpack help` lists them. Each command module takes its
 * own from here, so that listing the commands loads none of them (nor the schemas they import).
 */
export const COMMAND_SUMMARIES = {
  init: 'Scaffold a pack project with its own contract, a skill, a recorded run and a test',
  build: 'Render skill packs for every supported runtime and for portable npm',
  check: 'Exit 1 when a built pack drifted from its sources or manifest',
  schemas: "Write every registered contract's JSON Schema",
  docs: 'Write Markdown reference pages for every registered contract',
  parse: "Read an agent's output and print the contract's value or typed error as JSON",
  lint: "Check SKILL.md files against each runtime's load rules and the Agent Skills spec",
  install: "Install a built pack's skills for one runtime, tracked in skillpack-lock.json",
  uninstall: 'Remove an installed pack, keeping any file you changed',
  list: 'Show installed packs per runtime and scope',
  doctor: 'Prove that each installed pack enforces its contracts in the real runtime, offline',
} as const;

export type CommandName = keyof typeof COMMAND_SUMMARIES;
