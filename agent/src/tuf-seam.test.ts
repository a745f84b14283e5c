import fs from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { localUpdateKeys } from '../build/update-keys';
import { publishAgentRelease, trustedRootJson } from '../build/updates';
import { DownloadHTTPError, TUF_JS_VERSION, TUFJS_MODELS_VERSION } from './tuf-seam';
import { DeviceFetcher, downloadVerifiedTarget } from './update-fetch';

/**
 * The contract of ./tuf-seam.ts (docs/decisions/0003-tuf.md): an upgrade of tuf-js or its models
 * that moves what the agent's updates rely on fails here, in the unit run.
 */
const require = createRequire(import.meta.url);
const versionOf = (name: string) =>
  z.object({ version: z.string() }).parse(require(`${name}/package.json`)).version;
const ourPackage = z
  .object({
    dependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
  })
  .parse(require('../../package.json'));

const folders: string[] = [];
afterEach(() => {
  for (const made of folders.splice(0)) fs.rmSync(made, { recursive: true, force: true });
});

const BASE_URL = 'https://updates.example.test';

/** A published release of one file, served by a fetch that answers from its folder. */
function servedRelease(answerFor: (file: string) => Response | undefined = () => undefined) {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'itaa-tuf-seam-'));
  folders.push(dir);
  const keys = localUpdateKeys(dir);
  const release = path.join(dir, 'it-asset-auditor-agent-linux-x64');
  fs.writeFileSync(release, 'elf 9.9');
  const published = publishAgentRelease({ outDir: dir, version: '9.9.0', files: [release], keys });
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const file = path.join(published.dir, url.pathname);
    const answer = answerFor(url.pathname);
    if (answer) return answer;
    if (!fs.existsSync(file)) return new Response(null, { status: 404, statusText: 'Not Found' });
    return new Response(fs.readFileSync(file));
  };
  const fetcher = new DeviceFetcher({ deviceToken: 'token', fetchImpl, userAgent: 'seam-test' });
  return {
    download: () =>
      downloadVerifiedTarget({
        dir: path.join(dir, 'agent'),
        baseUrl: BASE_URL,
        trustedRoot: trustedRootJson(keys),
        fetcher,
        targetPath: published.targets[0]!,
      }),
  };
}

describe('the tuf-js seam', () => {
  it('is the release it was written against, pinned exactly, with one copy of the models', () => {
    expect(versionOf('tuf-js')).toBe(TUF_JS_VERSION);
    expect(versionOf('@tufjs/models')).toBe(TUFJS_MODELS_VERSION);
    const pinned = { ...ourPackage.devDependencies, ...ourPackage.dependencies };
    expect(pinned['tuf-js']).toBe(TUF_JS_VERSION);
    expect(pinned['@tufjs/models']).toBe(TUFJS_MODELS_VERSION);
    // The models tuf-js resolves are the ones the build signs with.
    const fromTuf = createRequire(require.resolve('tuf-js'));
    expect(fromTuf.resolve('@tufjs/models')).toBe(require.resolve('@tufjs/models'));
  });

  it('has the error class, with its status', () => {
    const error = new DownloadHTTPError('404 Not Found for x', 404);
    expect(error).toBeInstanceOf(Error);
    expect([error.statusCode, error.message]).toEqual([404, '404 Not Found for x']);
  });

  it("ends tuf-js's walk of root versions on the fetcher's 404, and verifies the target", async () => {
    const verified = await servedRelease().download();
    expect(verified.custom).toEqual({ version: '9.9.0', platform: 'linux-x64', kind: 'program' });
    expect(fs.readFileSync(verified.file, 'utf8')).toBe('elf 9.9');
  });

  it('any other failure of the next root ends the refresh', async () => {
    const failing = servedRelease((file) =>
      file === '/metadata/2.root.json' ? new Response(null, { status: 500 }) : undefined,
    );
    await expect(failing.download()).rejects.toThrow(/500/);
  });
});
