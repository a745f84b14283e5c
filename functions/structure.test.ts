import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape of functions/ (README, Architecture): a feature's rules and messages in its folder, the
 * table's keys, item shapes and commands in lib/table, no file over 400 lines, no import cycle.
 */

const functionsDir = import.meta.dirname;
const tableDir = join(functionsDir, 'lib', 'table');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sources(functionsDir);
const isTest = (path: string) => path.endsWith('.test.ts');
const name = (path: string) => relative(functionsDir, path);

/** Every relative import, export-from and dynamic import of a file (type-only ones too), resolved. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.flatMap(([, specifier]) => {
    const target = resolve(dirname(path), specifier!);
    const candidates = [`${target}.ts`, join(target, 'index.ts'), target];
    const found = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
    return found ? [found] : [];
  });
}

/** Each cycle once, as the files along it. */
function cycles(nodes: string[], edges: (node: string) => string[]): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (node: string) => {
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (onStack.has(next)) found.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(node);
    done.add(node);
  };
  for (const node of nodes) if (!done.has(node)) visit(node);
  return found;
}

describe('functions/', () => {
  it('has no source file over 400 lines, tests included', () => {
    const long = files
      .map((path) => [name(path), readFileSync(path, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const graph = new Map(files.map((path) => [path, importsOf(path)]));
    const found = cycles(files, (path) => graph.get(path) ?? []);
    expect(found.map((cycle) => cycle.map(name).join(' → '))).toEqual([]);
  });

  it('would notice a cycle', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(cycles(['d', 'a', 'b', 'c'], (node) => graph[node] ?? [])).toEqual([['a', 'b', 'c', 'a']]);
  });
});

/**
 * The zones (issue 36): a feature folder is a use case; the device record (inventory/) and the
 * people who hold an organisation's addresses (people/) are the shared domain modules below the
 * features, and lib/ is below them. A feature imports only its own folder, the shared domain
 * modules, lib/ and the repo's shared/, never another feature. The route table at the top of
 * functions/ (routes.ts and the files it gathers) is data every zone may read: it names handlers by
 * their feature and imports none of them.
 */
const SHARED_DOMAIN = ['inventory', 'people'];
const zoneOf = (path: string): string | null => {
  const [first, ...rest] = name(path).split('/');
  return rest.length === 0 ? null : first!;
};

/** The imports of `paths` that leave the zones their file may reach. */
function outOfZone(paths: string[], importsOfPath: (path: string) => string[]): string[] {
  return paths.flatMap((path) => {
    const from = zoneOf(path);
    const allowed = new Set(from === null ? [] : [from, 'lib', ...(from === 'lib' ? [] : SHARED_DOMAIN)]);
    return importsOfPath(path)
      .filter((target) => target.startsWith(functionsDir))
      .filter((target) => {
        const to = zoneOf(target);
        return to !== null && !allowed.has(to);
      })
      .map((target) => `${name(path)} → ${name(target)}`);
  });
}

describe('functions/ zones', () => {
  it('has no feature importing another feature, nor a shared module or lib importing a feature', () => {
    const sharedImportingEachOther = files
      .filter((path) => SHARED_DOMAIN.includes(zoneOf(path) ?? ''))
      .flatMap((path) =>
        importsOf(path)
          .filter((target) => SHARED_DOMAIN.includes(zoneOf(target) ?? '') && zoneOf(target) !== zoneOf(path))
          .map((target) => `${name(path)} → ${name(target)}`),
      );
    expect([...outOfZone(files, importsOf), ...sharedImportingEachOther]).toEqual([]);
  });

  it('would notice a feature importing another', () => {
    const hardware = join(functionsDir, 'hardware', 'service.ts');
    const fake = (path: string) =>
      path === hardware
        ? [join(functionsDir, 'disposal', 'service.ts'), join(functionsDir, 'inventory', 'writes.ts')]
        : [];
    expect(outOfZone([hardware], fake)).toEqual(['hardware/service.ts → disposal/service.ts']);
  });
});

/**
 * The entity API (issue 36; docs/decisions/0005-data-layout.md): outside lib/, code reads and
 * writes the table through the entity modules of lib/table/items (access patterns and guarded
 * writes) and runs their writes with lib/table/transaction; it never builds a key, an item or a
 * condition itself.
 */
const COMPOSES_TABLE_PARTS = [
  { what: 'imports lib/table/commands', pattern: /from\s+['"][./]*lib\/table\/commands['"]/ },
  { what: 'imports lib/table/conditions', pattern: /from\s+['"][./]*lib\/table\/conditions['"]/ },
  { what: 'calls .key(', pattern: /\.key\(/ },
  { what: 'calls .item(', pattern: /\.item\(/ },
];

/** Each line of `text` that composes table parts, as "file:line what". */
function tablePartsComposedIn(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      COMPOSES_TABLE_PARTS.filter(({ pattern }) => pattern.test(line)).map(
        ({ what }) => `${file}:${index + 1} ${what}`,
      ),
    );
}

describe('functions/ features and the entity API', () => {
  it('has no code outside lib/ composing keys, items or conditions', () => {
    const composing = files
      .filter((path) => !isTest(path) && zoneOf(path) !== null && zoneOf(path) !== 'lib')
      .flatMap((path) => tablePartsComposedIn(name(path), readFileSync(path, 'utf8')));
    expect(composing).toEqual([]);
  });

  it('would notice a feature composing a key or a condition', () => {
    const text = [
      "import { equals } from '../lib/table/conditions';",
      'const found = await getItem(schema, invitations.key(org, id));',
    ].join('\n');
    expect(tablePartsComposedIn('team/x.ts', text)).toEqual([
      'team/x.ts:1 imports lib/table/conditions',
      'team/x.ts:2 calls .key(',
    ]);
  });
});

describe('functions/lib/table', () => {
  const table = files.filter((path) => path.startsWith(tableDir) && !isTest(path));

  it('imports no feature and nothing above it in functions/lib', () => {
    const upward = table.flatMap((path) =>
      importsOf(path)
        // shared/ is below every layer; within functions/, only the table itself and lib's plumbing.
        .filter((target) => target.startsWith(functionsDir) && !target.startsWith(tableDir))
        .filter(
          (target) =>
            !['config.ts', 'aws-clients.ts', 'errors.ts'].includes(
              relative(join(functionsDir, 'lib'), target),
            ),
        )
        .map((target) => `${name(path)} → ${name(target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('writes no message a person reads: no typed HTTP error with its text, no *_MESSAGES', () => {
    const speaking = table.filter((path) =>
      /new (BadRequest|Unauthorized|PaymentRequired|Forbidden|NotFound|Conflict|Gone|PayloadTooLarge|TooManyRequests|BadGateway)\(|_MESSAGES\b/.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(speaking.map(name)).toEqual([]);
  });

  it('parses what it reads instead of casting it to a type', () => {
    // client.ts is where the wire meets the SDK's document shapes; items leave it as plain objects
    // and are parsed by their kind's schema (items/stored.ts, fromStored).
    const casting = table
      .filter((path) => !path.endsWith(join('table', 'client.ts')))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, at) => (/ as [A-Z]/.test(line) ? [`${name(path)}:${at + 1}: ${line.trim()}`] : [])),
      );
    expect(casting).toEqual([]);
  });
});
