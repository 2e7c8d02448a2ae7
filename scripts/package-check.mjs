// Pack the package in the current directory once, then run publint and attw (ESM-only profile) on the tarball.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'skillpack-pack-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { encoding: 'utf8' }),
  );
  const tarball = join(dir, packed.filename);
  console.log(`${packed.name}@${packed.version}: ${packed.entryCount} files, ${packed.size} bytes packed`);
  execFileSync(bin('publint'), ['run', tarball, '--strict'], { stdio: 'inherit' });
  execFileSync(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped'], {
    stdio: 'inherit',
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
