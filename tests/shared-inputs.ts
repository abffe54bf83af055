/**
 * Inputs a few tests read from outside the repository: the `shared/` folder kept beside it (next to the clone,
 * as CI lays it out), which holds what the project may not ship itself: the seed chapter the course grew from
 * (`seed/chapter-id.txt`), the specification's text (`spec/spec-2026-07-28.md`) and its generated JSON Schemas
 * (`spec/schema-<revision>.json`). No published npm package ships those JSON Schemas (the official SDK packages
 * carry zod schemas and TypeScript types only), so they are read from here.
 *
 * This is the only module that names that folder. A test that needs one of its files never skips when the file is
 * missing: {@link sharedInput} throws, naming the file, so the test fails where it is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `shared/` folder beside the repository (absolute path). */
export const SHARED_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)), '..', 'shared');

/**
 * The absolute path of `relative` (for example `spec/schema-2026-07-28.json`) inside {@link SHARED_DIR}.
 * @throws Error naming the missing file's absolute path when it does not exist.
 */
export function sharedInput(relative: string): string {
  const path = join(SHARED_DIR, relative);
  if (!existsSync(path)) {
    throw new Error(`missing test input ${path}: this test reads ${relative} from the shared/ folder beside the repository; put that folder next to the clone`);
  }
  return path;
}

/**
 * The text (UTF-8) of `relative` inside {@link SHARED_DIR}.
 * @throws Error naming the missing file, as {@link sharedInput}.
 */
export function readSharedInput(relative: string): string {
  return readFileSync(sharedInput(relative), 'utf8');
}
