import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './settings';

/**
 * `npm install` on a newcomer's machine prints nothing they must wonder about (issue 34, item 8):
 * no package wants a newer Node than the README promises (EBADENGINE), every peer dependency that the
 * tree does not satisfy is a decision written in package.json's overrides (ERESOLVE), and every
 * install script is approved or denied in allowScripts (npm 11 lists the unreviewed ones).
 */
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({
      version: z.string().optional(),
      engines: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional(),
      peerDependencies: z.record(z.string(), z.string()).optional(),
      peerDependenciesMeta: z.record(z.string(), z.object({ optional: z.boolean().optional() })).optional(),
      hasInstallScript: z.boolean().optional(),
      dev: z.boolean().optional(),
      optional: z.boolean().optional(),
    }),
  ),
});
const manifestSchema = z.object({
  engines: z.object({ node: z.string() }),
  overrides: z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])).default({}),
  allowScripts: z.record(z.string(), z.boolean()).default({}),
});

const lock = lockSchema.parse(read('package-lock.json'));
const manifest = manifestSchema.parse(read('package.json'));
const installed = Object.entries(lock.packages).filter(([where]) => where.startsWith('node_modules/'));
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The version installed where `from` (a node_modules path) would resolve `name`, as Node does. */
function resolvedVersion(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const found = lock.packages[`${base}/node_modules/${name}`]?.version;
    if (found) return found;
    const at = base.lastIndexOf('/node_modules/');
    if (at < 0) return lock.packages[`node_modules/${name}`]?.version;
    base = base.slice(0, at);
  }
}

describe('a fresh npm install', () => {
  it('promises in the README the Node that package.json requires, and this machine has it', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const minimum = semver.minVersion(manifest.engines.node)!.version;
    expect(readme).toContain(
      `Node.js ${semver.major(minimum)} (≥ ${semver.major(minimum)}.${semver.minor(minimum)})`,
    );
    expect(semver.satisfies(process.versions.node, manifest.engines.node)).toBe(true);
  });

  it('installs no package that wants a newer Node than the README promises', () => {
    const minimum = semver.minVersion(manifest.engines.node)!;
    const tooNew = installed.flatMap(([where, entry]) => {
      const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      return wanted && !semver.satisfies(minimum, wanted)
        ? [`${nameOf(where)}@${entry.version} wants Node ${wanted}`]
        : [];
    });
    expect(tooNew).toEqual([]);
  });

  it('leaves no peer dependency unsatisfied unless package.json overrides it on purpose', () => {
    const unmet = installed.flatMap(([where, entry]) =>
      Object.entries(entry.peerDependencies ?? {}).flatMap(([peer, range]) => {
        const version = resolvedVersion(where, peer);
        if (version === undefined) return [];
        if (semver.satisfies(version, range, { includePrerelease: true })) return [];
        const override = manifest.overrides[nameOf(where)];
        if (typeof override === 'object' && peer in override) return [];
        return [`${nameOf(where)} wants ${peer}@${range}, has ${version}`];
      }),
    );
    expect(unmet).toEqual([]);
  });

  it('approves or denies every install script', () => {
    const unreviewed = installed
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => nameOf(where))
      .filter((name) => !(name in manifest.allowScripts));
    expect(unreviewed).toEqual([]);
  });
});
