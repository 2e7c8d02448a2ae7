// Copy the repository's templates/ into skill-gen's dist so the published CLI carries them.
import { cpSync, rmSync } from 'node:fs';

const from = new URL('../templates/', import.meta.url);
const to = new URL('../packages/skill-gen/dist/templates/', import.meta.url);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
