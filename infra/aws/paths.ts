import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root, resolved from this file so synth works from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** functions/<feature>/index.ts: the one Lambda entry of a feature, dispatching by route key. */
export function featureEntry(feature: string): string {
  return join(REPO_ROOT, 'functions', feature, 'index.ts');
}

/** The built SPA (`npm run build:web`). */
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');
