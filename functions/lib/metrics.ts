import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { findRoute } from '../routes';
import { logger } from './logger';
import {
  FEATURE_DIMENSION,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  SERVER_ERRORS_METRIC,
  STRIPE_WEBHOOK_FAILURES_METRIC,
  STRIPE_WEBHOOK_ROUTE_KEY,
  UNKNOWN_FEATURE,
} from './metric-names';

export * from './metric-names';

/**
 * Powertools warns on every flush of an empty buffer (throwOnEmptyMetrics: false); most requests
 * record nothing, so that one warning is dropped and the others go to our logger.
 */
const EMPTY_FLUSH_WARNING = 'No application metrics to publish';
const metricsLogger = {
  debug: (message: string) => logger.debug(message),
  info: (message: string) => logger.info(message),
  warn: (message: string) => {
    if (!String(message).startsWith(EMPTY_FLUSH_WARNING)) logger.warn(message);
  },
  error: (message: string) => logger.error(message),
};

/**
 * One Metrics instance for every handler, written as EMF to stdout and flushed by the HTTP stack's
 * logMetrics middleware. POWERTOOLS_METRICS_DISABLED=true (set by the local stack) silences it; it
 * is read when this module is first imported.
 */
export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: METRICS_SERVICE,
  logger: metricsLogger,
});

/** Which metrics an answer of the HTTP stack counts towards. */
export function metricsFor(routeKey: string, statusCode: number): string[] {
  const names: string[] = [];
  if (statusCode >= 500) names.push(SERVER_ERRORS_METRIC);
  if (routeKey === STRIPE_WEBHOOK_ROUTE_KEY && statusCode >= 400) names.push(STRIPE_WEBHOOK_FAILURES_METRIC);
  return names;
}

/** Records the answer's metrics, with this request's feature as their dimension, for the next flush. */
export function recordResponse(routeKey: string, statusCode: number): void {
  const names = metricsFor(routeKey, statusCode);
  if (names.length === 0) return;
  metrics.addDimension(FEATURE_DIMENSION, findRoute(routeKey)?.feature ?? UNKNOWN_FEATURE);
  // A second dimension set, `service` alone: the same counts summed over the features, so one
  // alarm watches them all (an alarm is paid per metric it reads; docs/cost.md).
  metrics.addDimensions({});
  for (const name of names) metrics.addMetric(name, MetricUnit.Count, 1);
}
