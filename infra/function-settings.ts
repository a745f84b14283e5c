import type { Feature } from '../functions/routes';

/**
 * Each feature Lambda's size and time limit, shared by the CDK functions and the local gateway so a
 * request that would time out in AWS times out on a laptop too.
 */
export interface FunctionSettings {
  memoryMb: number;
  timeoutSeconds: number;
}

const DEFAULT_SETTINGS: FunctionSettings = { memoryMb: 512, timeoutSeconds: 10 };

const FEATURE_SETTINGS: Partial<Record<Feature, FunctionSettings>> = {
  // A CSV import of up to 10,000 rows is parsed and written within one request; API Gateway waits
  // at most 30 s for an integration.
  hardware: { memoryMb: 1024, timeoutSeconds: 29 },
  // Deleting an organisation removes everything it has (an inventory of 10,000 assets is some
  // 25,000 items): the one other request whose work grows with the organisation's size.
  organizations: { memoryMb: 512, timeoutSeconds: 29 },
};

export function functionSettings(feature: Feature): FunctionSettings {
  return FEATURE_SETTINGS[feature] ?? DEFAULT_SETTINGS;
}
