import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryCopy = fileURLToPath(new URL('../../../conformance/', import.meta.url));
/** The steering copy, when a `shared/` folder sits beside the project root (never required). */
const steering = fileURLToPath(new URL('../../../../shared/', import.meta.url));

function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out;
}

describe('the repository copy of the conformance cases', () => {
  it('holds every system, its README and the seeds', () => {
    const files = filesUnder(repositoryCopy);
    for (const system of ['conflux', 'zaofu', 'maestro', 'devflow']) {
      expect(files).toContain(join(system, 'README.md'));
      expect(files.some((file) => file.startsWith(`${system}/`) && file.endsWith('.json'))).toBe(true);
    }
    expect(files.filter((file) => file.startsWith('seeds/') && file.endsWith('.txt'))).toHaveLength(4);
  });

  it.runIf(existsSync(join(steering, 'conformance')))('matches the steering copy case for case', () => {
    const cases = filesUnder(join(steering, 'conformance')).filter((file) => file.endsWith('.json'));
    expect(cases.length).toBeGreaterThan(0);
    for (const file of cases) {
      expect(readFileSync(join(repositoryCopy, file), 'utf8'), file).toBe(
        readFileSync(join(steering, 'conformance', file), 'utf8'),
      );
    }
    for (const seed of readdirSync(join(steering, 'seeds')).filter((file) => file.endsWith('.txt'))) {
      expect(readFileSync(join(repositoryCopy, 'seeds', seed), 'utf8'), seed).toBe(
        readFileSync(join(steering, 'seeds', seed), 'utf8'),
      );
    }
  });
});
