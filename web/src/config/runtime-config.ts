import { RUNTIME_CONFIG_PATH, runtimeConfigSchema } from '@shared/runtime-config';
import type { RuntimeConfig } from '@shared/runtime-config';

let current: RuntimeConfig | null = null;

/** Fetches and validates /config.json once at startup; the build itself carries no environment. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status})`);
  }
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(
      `${RUNTIME_CONFIG_PATH} is invalid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`,
    );
  }
  current = parsed.data;
  return parsed.data;
}

/** The configuration loaded at startup. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded');
  return current;
}
