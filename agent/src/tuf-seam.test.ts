import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DownloadHTTPError, TUF_JS_VERSION } from './tuf-seam';

/** The contract of the tuf-js seam: an upgrade that breaks it fails here, not on a fleet's update. */
describe('the tuf-js seam', () => {
  const require = createRequire(import.meta.url);
  const tufDir = dirname(require.resolve('tuf-js/package.json'));

  it('is the pinned version, installed and declared exactly', () => {
    const root = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(root.dependencies['tuf-js']).toBe(TUF_JS_VERSION);
    expect(require('tuf-js/package.json').version).toBe(TUF_JS_VERSION);
  });

  it('gives the error class the updater stops its root walk on', () => {
    const error = new DownloadHTTPError('404 Not Found for 2.root.json', 404);
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(404);
    // The updater's own check: this class, and the statuses that end the walk.
    const updater = readFileSync(join(tufDir, 'dist', 'updater.js'), 'utf8');
    expect(updater).toMatch(/instanceof error_1\.DownloadHTTPError/);
    expect(updater).toMatch(/403/);
    expect(updater).toMatch(/404/);
  });
});
