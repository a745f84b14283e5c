import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The ElectroDB models the tests' fixtures use: the only modules of functions/ that may load ElectroDB. */
const FIXTURE_MODULES = new Set(
  [
    'agent-machine',
    'api-key',
    'audit-log',
    'billing-entities',
    'disposal-item',
    'hardware-asset',
    'invitation',
    'organization',
    'organization-counters',
    'service',
    'subscription',
    'user-profile',
  ].map((name) => `lib/table/${name}.ts`),
);

const functionsDir = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What a module imports: packages by name, our modules by their path under functions/. */
function imports(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/from '([^']+)'/g)].map(([, source]) =>
    source!.startsWith('.') ? `${relative(functionsDir, join(dirname(path), source!))}.ts` : source!,
  );
}

describe('the Lambda bundles', () => {
  // ElectroDB and its jsonschema were 219 KB of every bundle and most of a cold start.
  it('leave ElectroDB out: no function module imports it or its models', () => {
    const importers = sources(functionsDir)
      .filter((path) => !FIXTURE_MODULES.has(relative(functionsDir, path)))
      .filter((path) => imports(path).some((source) => source === 'electrodb' || FIXTURE_MODULES.has(source)))
      .map((path) => relative(functionsDir, path));
    expect(importers).toEqual([]);
  });
});
