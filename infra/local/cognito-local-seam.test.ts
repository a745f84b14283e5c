import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BORROWED_INTERNALS,
  COGNITO_LOCAL_VERSION,
  requireFromCognitoLocal,
  WRAPPED_TARGETS,
} from './cognito-local-seam';

/** The contract of the cognito-local seam: an upgrade that breaks it fails here, not in a sign-in. */
describe('the cognito-local seam', () => {
  const root = join(import.meta.dirname, '..', '..');
  const manifest = (
    path: string,
  ): { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } =>
    JSON.parse(readFileSync(path, 'utf8'));

  it('is the pinned version, installed and declared exactly', () => {
    expect(
      (({ dependencies, devDependencies }) => ({ ...dependencies, ...devDependencies }))(
        manifest(join(root, 'package.json')),
      )['cognito-local'] ?? '',
    ).toBe(COGNITO_LOCAL_VERSION);
    expect(requireFromCognitoLocal('./package.json').version).toBe(COGNITO_LOCAL_VERSION);
  });

  it.each(Object.entries(BORROWED_INTERNALS))('still has %s with what we take from it', (module, names) => {
    const loaded: unknown = requireFromCognitoLocal(module.startsWith('lib/') ? `./${module}` : module);
    expect(loaded).toBeTruthy();
    for (const name of names) expect(loaded, `${module}: ${name}`).toHaveProperty(name);
  });

  it('still has the targets the patches wrap', () => {
    const { Targets } = requireFromCognitoLocal('./lib/targets/targets') as {
      Targets: Record<string, unknown>;
    };
    for (const name of WRAPPED_TARGETS) expect(typeof Targets[name], name).toBe('function');
  });

  it('is the only door: no other file of the repo reaches into cognito-local', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
        return entry.name.endsWith('.ts') ? [path] : [];
      });
    const reaching = ['infra', 'test', 'functions']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((path) => !path.endsWith('cognito-local-seam.ts'))
      .filter((path) => /cognito-local\/(package\.json|lib)/.test(readFileSync(path, 'utf8')));
    expect(reaching.map((path) => path.slice(root.length + 1))).toEqual([]);
  });
});
