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
  /**
   * Lambda's own log lines (START, END and REPORT, some 264 bytes an invocation) are INFO; at WARN
   * the function logs in Lambda's JSON format and only its own lines and platform warnings remain.
   */
  platformLogLevel: 'INFO' | 'WARN';
  /** At most this many invocations at once, taken from (and so never starving) the account's pool. */
  reservedConcurrency?: number;
}

const DEFAULT_SETTINGS: FunctionSettings = {
  memoryMb: 512,
  timeoutSeconds: 10,
  tracing: 'Active',
  platformLogLevel: 'INFO',
};

const FEATURE_SETTINGS: Partial<Record<Feature, FunctionSettings>> = {
  // The CSV import's upload reads and checks a file of up to 20,000 rows (5 MB) and stores it for its
  // job within one request; API Gateway waits at most 30 s for an integration.
  hardware: { ...DEFAULT_SETTINGS, memoryMb: 1024, timeoutSeconds: 29 },
  // Deleting an organisation removes everything it has (an inventory of 10,000 assets is some
  // 25,000 items): the one other request whose work grows with the organisation's size.
  organizations: { ...DEFAULT_SETTINGS, timeoutSeconds: 29 },
  // "Send digest now" reads up to 10,000 entries of each of the digest's lists (functions/alerts).
  alerts: { ...DEFAULT_SETTINGS, timeoutSeconds: 29 },
  // Every agent reports every 30 minutes: 1,000 agents keep the sampler's one-a-second reservoir
  // busy and would record some 1.1 million traces a month, about $5.70 (docs/cost.md), more than
  // the whole budget of $4 per 1,000 devices. Lambda cannot sample less, so reports go untraced.
  // Their platform log lines alone would cost some $0.20 per 1,000 devices a month: Lambda's
  // metrics say the same (invocations, duration, errors).
  //
  // Reports reach their function's own URL, past the HTTP API's throttling, so the function has a
  // ceiling of its own: a flood of reports (or of forged ones) cannot take the concurrency the
  // people using the app need. 50 at ~50 ms each is some 1,000 reports a second, 1.8 million devices.
  //
  // A machine's first report moves up to 2,000 programs into the software inventory (40 transactions,
  // about a second on DynamoDB) before it answers; on DynamoDB Local, which runs one transaction at a
  // time, a busy 2-core machine took more than 10 s (issue 34): 29 s, as the other functions whose work
  // grows, keeps such a report from failing where nothing is wrong but the machine's load.
  'agent-reports': {
    ...DEFAULT_SETTINGS,
    timeoutSeconds: 29,
    tracing: 'PassThrough',
    platformLogLevel: 'WARN',
    reservedConcurrency: 50,
  },
};

export function functionSettings(feature: Feature): FunctionSettings {
  return FEATURE_SETTINGS[feature] ?? DEFAULT_SETTINGS;
}

/** The CSV import's job function (functions/hardware/import-job.ts), from the repository root. */
export const IMPORT_JOB_HANDLER = 'functions/hardware/import-job.ts';

/**
 * The CSV import's job: Lambda's longest time limit, for a file of 20,000 rows on a slow day (one
 * takes well under a minute on DynamoDB); a run that times out is retried and resumes where its
 * progress says. Started asynchronously, so no request waits for it.
 */
export const IMPORT_JOB_SETTINGS: FunctionSettings = {
  ...DEFAULT_SETTINGS,
  memoryMb: 1024,
  timeoutSeconds: 900,
};
