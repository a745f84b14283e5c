import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZIP_NAME } from './package';
import { assertAgentReleasePublishable, readReleaseManifest, writeReleaseManifest } from './release-manifest';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-release-manifest-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const manifest = (signed: boolean) => ({
  version: '1.2.3',
  node_version: '24.21.0',
  msi_product_code: '{A46F47A3-61C4-5D3C-8F9F-8CB5A706378E}',
  signed,
  files: [ZIP_NAME],
});

describe('assertAgentReleasePublishable', () => {
  it('refuses an unsigned release, or one without a manifest, on a production stage', () => {
    fs.writeFileSync(path.join(dir, ZIP_NAME), 'zip');
    expect(() => assertAgentReleasePublishable(dir, 'prod')).toThrow(/not signed, and the stage prod/);
    writeReleaseManifest(dir, manifest(false));
    expect(() => assertAgentReleasePublishable(dir, 'production')).toThrow(/not signed/);
    writeReleaseManifest(dir, manifest(true));
    expect(() => assertAgentReleasePublishable(dir, 'prod')).not.toThrow();
    expect(readReleaseManifest(dir)).toEqual(manifest(true));
  });

  it('lets other stages publish unsigned, and any stage publish nothing', () => {
    fs.writeFileSync(path.join(dir, ZIP_NAME), 'zip');
    writeReleaseManifest(dir, manifest(false));
    expect(() => assertAgentReleasePublishable(dir, 'dev')).not.toThrow();
    fs.rmSync(path.join(dir, ZIP_NAME));
    expect(() => assertAgentReleasePublishable(dir, 'prod')).not.toThrow();
  });
});
