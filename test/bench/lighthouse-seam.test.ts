import { createRequire } from 'node:module';
import { defaultConfig } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LIGHTHOUSE_VERSION, pageFunctions } from './lighthouse-seam';

/** The contract of ./lighthouse-seam.ts: a Lighthouse upgrade that moves it fails here, not in a bench run. */
const require = createRequire(import.meta.url);
const versionSchema = z.object({ version: z.string() });
const ourPackage = z
  .object({ devDependencies: z.record(z.string(), z.string()) })
  .parse(require('../../package.json'));

describe('the Lighthouse seam', () => {
  it('is the release it was written against, pinned exactly', () => {
    expect(versionSchema.parse(require('lighthouse/package.json')).version).toBe(LIGHTHOUSE_VERSION);
    expect(ourPackage.devDependencies.lighthouse).toBe(LIGHTHOUSE_VERSION);
  });

  it('computes the BenchmarkIndex from its own source alone, as a page evaluates it', () => {
    // The bench sends the function's text to the page: it must need nothing from its module.
    const source = pageFunctions.computeBenchmarkIndex.toString();
    const index: unknown = new Function(`return (${source})()`)();
    expect(typeof index).toBe('number');
    expect(index).toBeGreaterThan(0);
  });

  it('carries its default throttling on its public default config', () => {
    expect(defaultConfig.settings?.throttling).toMatchObject({ cpuSlowdownMultiplier: 4 });
  });
});
