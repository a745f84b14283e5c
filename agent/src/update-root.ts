import fs from 'node:fs';

/**
 * The TUF root this agent trusts: embedded at build time (esbuild `define` of __ITAA_TRUSTED_ROOT__ to
 * the JSON text of the newest root.json, agent/build/updates.ts trustedRootJson), or, when run from
 * the sources (tsx) or a bundle built without it, read from the file ITAA_TRUSTED_ROOT_FILE names.
 * Without either the agent does not update itself.
 */
declare const __ITAA_TRUSTED_ROOT__: string | undefined;
export const ENV_TRUSTED_ROOT_FILE = 'ITAA_TRUSTED_ROOT_FILE';
/** The esbuild define's name: `define: { [TRUSTED_ROOT_DEFINE]: JSON.stringify(rootJsonText) }`. */
export const TRUSTED_ROOT_DEFINE = '__ITAA_TRUSTED_ROOT__';

export function trustedRoot(env: NodeJS.ProcessEnv = process.env): string | null {
  if (typeof __ITAA_TRUSTED_ROOT__ === 'string') return __ITAA_TRUSTED_ROOT__;
  const file = env[ENV_TRUSTED_ROOT_FILE];
  return file ? fs.readFileSync(file, 'utf8') : null;
}
