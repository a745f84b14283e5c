import type { Feature } from '../functions/routes';

/**
 * Each feature Lambda's size and time limit, shared by the CDK functions and the local gateway so a
 * request that would time out in AWS times out on a laptop too.
 */
export interface FunctionSettings {
  memoryMb: number;
  timeoutSeconds: number;
  /**
   * X-Ray: 'Active' samples invocations (the first each second and 5% of the rest; Lambda offers
   * no other rate), 'PassThrough' traces only what an upstream caller sampled, which an HTTP API
   * never does.
   */
  tracing: 'Active' | 'PassThrough';
}

const DEFAULT_SETTINGS: FunctionSettings = { memoryMb: 512, timeoutSeconds: 10, tracing: 'Active' };

const FEATURE_SETTINGS: Partial<Record<Feature, FunctionSettings>> = {
  // A CSV import of up to 10,000 rows is parsed and written within one request; API Gateway waits
  // at most 30 s for an integration.
  hardware: { memoryMb: 1024, timeoutSeconds: 29, tracing: 'Active' },
  // Deleting an organisation removes everything it has (an inventory of 10,000 assets is some
  // 25,000 items): the one other request whose work grows with the organisation's size.
  organizations: { memoryMb: 512, timeoutSeconds: 29, tracing: 'Active' },
  // Every agent reports every 30 minutes: 1,000 agents keep the sampler's one-a-second reservoir
  // busy and would record some 1.1 million traces a month, about $5.70 (docs/cost.md), more than
  // the whole budget of $4 per 1,000 devices. Lambda cannot sample less, so reports go untraced.
  agents: { ...DEFAULT_SETTINGS, tracing: 'PassThrough' },
};

export function functionSettings(feature: Feature): FunctionSettings {
  return FEATURE_SETTINGS[feature] ?? DEFAULT_SETTINGS;
}
