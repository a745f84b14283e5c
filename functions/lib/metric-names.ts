/**
 * What the functions emit (functions/lib/metrics.ts) and the Monitoring stack alarms on. Plain
 * constants, so the CDK app imports them without constructing the Metrics instance at synth.
 */
export const METRICS_NAMESPACE = 'ItAssetAuditor';
/** Powertools adds it to every metric as the `service` dimension; infra/aws/function.ts SERVICE_NAME. */
export const METRICS_SERVICE = 'it-asset-auditor';
/** Per request: the route table's `route.feature`, i.e. which Lambda answered. */
export const FEATURE_DIMENSION = 'feature';
/** When a 5xx comes from no route of the table (API Gateway never sends one). */
export const UNKNOWN_FEATURE = 'unknown';

/** Count, dimension feature: the HTTP stack answered 5xx (handled errors never reach Lambda's Errors). */
export const SERVER_ERRORS_METRIC = 'ServerErrors';
/** Count, dimension feature (billing): Stripe's webhook was answered 4xx (bad signature) or 5xx. */
export const STRIPE_WEBHOOK_FAILURES_METRIC = 'StripeWebhookFailures';
export const STRIPE_WEBHOOK_ROUTE_KEY = 'POST /api/stripe/webhook';

/**
 * The dimensions a metric is published with, as CloudWatch needs them to find it: per feature, or
 * summed over the features (the second dimension set, `service` alone).
 */
export function metricDimensions(feature?: string): Record<string, string> {
  return { service: METRICS_SERVICE, ...(feature ? { [FEATURE_DIMENSION]: feature } : {}) };
}
