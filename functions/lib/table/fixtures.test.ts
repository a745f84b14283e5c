import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const functionsDir = join(import.meta.dirname, '..', '..');

/** Every source file under functions/, tests included. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [path] : [];
  });
}

/** A static import or re-export, a dynamic import or a require of electrodb or one of its paths. */
const ELECTRODB_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"`]electrodb(?:\/[^'"`]*)?['"`]/;

describe('the data layer', () => {
  // ElectroDB and its jsonschema were 219 KB of every bundle and most of a cold start; the data
  // layer is commands.ts and items/ over the document client, and the tests use them too.
  it('is without ElectroDB: nothing under functions/ imports it', () => {
    const importers = sources(functionsDir)
      // This file, whose examples below name it.
      .filter((path) => path !== import.meta.filename)
      .filter((path) => ELECTRODB_IMPORT.test(readFileSync(path, 'utf8')))
      .map((path) => relative(functionsDir, path));
    expect(importers).toEqual([]);
  });

  it('would notice an import of it', () => {
    for (const source of [
      "import { Entity } from 'electrodb';",
      'export { Service } from "electrodb";',
      "import 'electrodb';",
      "const electro = await import('electrodb');",
      "const { Entity } = require('electrodb');",
      "import type { EntityItem } from 'electrodb/index';",
    ]) {
      expect(ELECTRODB_IMPORT.test(source), source).toBe(true);
    }
    expect(ELECTRODB_IMPORT.test("import { Entity } from './electrodb-like';")).toBe(false);
  });
});
