import { setTimeout as sleep } from 'node:timers/promises';

/** Retries until the probe stops throwing: emulators take a few seconds to open their ports. */
export async function waitFor(
  what: string,
  probe: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await sleep(200);
    }
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000}s: ${String(lastError)}`);
}
