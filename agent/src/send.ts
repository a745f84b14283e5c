import { API_KEY_HEADER } from '../../shared/agent-data';
import type { AgentConfig } from './config';
import { classifyStatus, type ReportOutcome } from './schedule';
import { AGENT_VERSION } from './version';

export const SEND_TIMEOUT_MS = 60_000;

export interface SendResult {
  outcome: ReportOutcome;
  /** The HTTP status, or null when no answer came (network error, timeout). */
  status: number | null;
  /** What happened, for a person: the server's error message when it gave one. */
  message: string;
}

/** What to do about a refusal, by status. */
const ADVICE: Record<number, string> = {
  400: 'the server refused the report as invalid; this agent version may not match the server',
  401: 'the API key was refused: it may have been deleted. Generate a new key in Settings → API Keys and put it in the agent configuration',
  402: "the organisation's subscription is not active; reports resume once it is",
  403: 'the API key is not allowed to report',
  404: 'the endpoint was not found: check the endpoint URL in the agent configuration',
  413: 'the report is larger than the server accepts',
};

/** The message of a `{ error: { code, message, details } }` body, or a short text body. */
export function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown; details?: unknown } };
    const error = parsed.error;
    if (error && typeof error.message === 'string') {
      const code = typeof error.code === 'string' ? ` [${error.code}]` : '';
      const details = error.details === undefined ? '' : ` ${JSON.stringify(error.details).slice(0, 1000)}`;
      return `${error.message}${code}${details}`;
    }
  } catch {
    // not JSON
  }
  const text = body.trim();
  return text && text.length <= 300 && !text.startsWith('<') ? text : null;
}

/** Posts a serialised report to the configured endpoint with the API key. Never throws. */
export async function sendReport(
  config: Pick<AgentConfig, 'endpoint' | 'apiKey'>,
  body: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetchImpl(config.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [API_KEY_HEADER]: config.apiKey,
        'user-agent': `it-asset-auditor-agent/${AGENT_VERSION} (${process.platform})`,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { outcome: 'retry', status: null, message: `Cannot reach ${config.endpoint}: ${reason}` };
  }
  const text = await response.text().catch(() => '');
  const outcome = classifyStatus(response.status);
  if (outcome === 'accepted') {
    return { outcome, status: response.status, message: `Report accepted (${response.status})` };
  }
  const fromServer = serverMessage(text);
  const advice = ADVICE[response.status];
  const parts = [`${response.status} ${response.statusText}`.trim(), fromServer, advice].filter(Boolean);
  return { outcome, status: response.status, message: `Report refused: ${parts.join(' — ')}` };
}
