import { API_KEY_DISPLAY_CHARS, type ApiKey } from '@shared/api-keys';

export const AGENT_REPORT_PATH = '/api/agent/report';

/**
 * Where agents post their reports: the address the runtime configuration names (in AWS, the
 * report function's own URL), else the submit route on the web app's own origin.
 */
export function agentSubmitAddress(origin: string, configured?: string): string {
  return configured ?? `${origin}${AGENT_REPORT_PATH}`;
}

/** A key as it may be shown again after creation: its first characters and an ellipsis. */
export function shortenedKey(key: Pick<ApiKey, 'prefix'>): string {
  return `${key.prefix.slice(0, API_KEY_DISPLAY_CHARS)}…`;
}

/** The agent configuration, with the first (newest) key shortened; null without a key. */
export function agentConfiguration(
  endpoint: string,
  firstKey: Pick<ApiKey, 'prefix'> | undefined,
): string | null {
  if (!firstKey) return null;
  return JSON.stringify({ endpoint, api_key: shortenedKey(firstKey) }, null, 2);
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function format(value: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter.format(date);
}

/** "21 May 2025". */
export function formatCreated(value: string): string {
  return format(value, DATE_FORMAT);
}

/** "21 May 2025, 14:03", or 'Never' for a key no agent has used. */
export function formatLastUsed(value: string | null): string {
  return value === null ? 'Never' : format(value, DATE_TIME_FORMAT);
}
