import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AtomicStormDbDataStoreFactory } from './cognito-store';

interface DataStore {
  set(ctx: unknown, key: string, value: unknown): Promise<void>;
}
const ctx = { logger: { debug: () => undefined } };

describe("cognito-local's data store", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'cognito-store-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('never leaves its file empty, torn or interleaved, whatever moment the stack dies at', async () => {
    const store = (await new AtomicStormDbDataStoreFactory(directory).create(ctx, 'pool', {
      Users: {},
    })) as DataStore;
    const file = path.join(directory, 'pool.json');
    // Saves of very different sizes, many at once, as concurrent sign-ins and deletions make; a
    // reader sees the file at arbitrary moments, as a restart after kill -9 would.
    const users = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [
          `user-${index}`,
          { Username: `user-${index}`, pad: 'x'.repeat(2_000) },
        ]),
      );
    let writing = true;
    const seen: string[] = [];
    const reader = (async () => {
      while (writing) seen.push(await readFile(file, 'utf8'));
    })();
    await Promise.all(
      Array.from({ length: 60 }, (_, round) => store.set(ctx, 'Users', users(round % 2 ? 400 : 1))),
    );
    const last = 400 * (59 % 2);
    writing = false;
    await reader;

    expect(seen.length).toBeGreaterThan(0);
    // An empty file does not parse either.
    const torn = seen.filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });
    expect(torn).toHaveLength(0);
    const final = JSON.parse(await readFile(file, 'utf8')) as { Users: Record<string, unknown> };
    expect(Object.keys(final.Users)).toHaveLength(last);
  });
});
