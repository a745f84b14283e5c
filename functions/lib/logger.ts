import { Logger } from '@aws-lambda-powertools/logger';

/** One logger for every handler; the HTTP stack adds the request id to each line. */
export const logger = new Logger({ serviceName: 'it-asset-auditor' });
