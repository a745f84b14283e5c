import {
  API_KEY_HEADER,
  agentEnrollmentResponseSchema,
  agentReportResponseSchema,
  type AgentEnrollmentInput,
  type AgentEnrollmentResponse,
} from '../../shared/agent-data';
import { agentEnrollmentPendingSchema } from '../../shared/device-approvals';
import { agentPost, describeNetworkError, NetworkError, type AgentPost } from './network';
import { classifyStatus, type ReportOutcome } from './schedule';
import { AGENT_VERSION } from './version';

export const SEND_TIMEOUT_MS = 60_000;
/** Without a proxy or a CA bundle: Node's own http/https. */
const DEFAULT_POST = agentPost({ proxy: null, caCertFile: null, caCertificates: [] });
/** A Retry-After longer than this is taken as this: a server's mistake must not silence an agent for days. */
export const RETRY_AFTER_MAX_MS = 6 * 60 * 60_000;

export interface SendResult {
  outcome: ReportOutcome;
  /** The HTTP status, or null when no answer came (network error, timeout). */
  status: number | null;
  /** What happened, for a person: the server's error message when it gave one. Never a secret. */
  message: string;
  /** How long the server asked to wait (429 and 503 with Retry-After), or null. */
  retryAfterMs?: number | null;
  /** The agent version the product ships, from an accepted report's answer. */
  latestVersion?: string | null;
  /** Whether the organisation lets its agents update themselves, from an accepted report's answer. */
  autoUpdate?: boolean;
}

/** What to do about a refused report, by status. */
const REPORT_ADVICE: Record<number, string> = {
  400: 'the server refused the report as invalid; this agent version may not match the server',
  401: 'the device token was refused',
  402: "the organisation's subscription is not active; reports resume once it is",
  404: 'the endpoint was not found: check the endpoint URL in the agent configuration',
  403: 'the device waits for an administrator to approve it in Agent Monitoring: the agent keeps its token and tries again at its next report',
  413: 'the report is larger than the server accepts',
};

/** What to do about a refused enrolment, by status. */
const ENROL_ADVICE: Record<number, string> = {
  400: 'the server refused the enrolment as invalid; this agent version may not match the server',
  401: 'the API key was refused: it may have been deleted. Generate a new key in Settings → API Keys and put it in the agent configuration',
  402: "the organisation's subscription is not active; enrolment resumes once it is",
  403: 'the agent tries again at its next report',
  404: 'the enrolment route was not found: check the endpoint URL in the agent configuration',
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

/** Retry-After as seconds or as an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS);
}

/** The enrolment route beside the report route: …/api/agent/report → …/api/agent/enroll. */
export function enrolmentUrl(reportEndpoint: string): string {
  const url = new URL(reportEndpoint);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = /\/report$/.test(path) ? path.replace(/\/report$/, '/enroll') : `${path}/enroll`;
  return url.toString();
}

type Answer =
  | { ok: true; status: number; statusText: string; text: string; retryAfterMs: number | null }
  | { ok: false; reason: string };

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  send: AgentPost,
  timeoutMs: number,
): Promise<Answer> {
  try {
    const answer = await send(url, {
      headers: {
        'content-type': 'application/json',
        'user-agent': `it-asset-auditor-agent/${AGENT_VERSION} (${process.platform})`,
        ...headers,
      },
      body,
      timeoutMs,
    });
    return { ok: true, ...answer, retryAfterMs: parseRetryAfter(answer.retryAfter) };
  } catch (error) {
    // agentPost has named the cause (proxy, certificate, DNS…); any other failure is named here.
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : error instanceof NetworkError
          ? error.message
          : describeNetworkError(error, url);
    return { ok: false, reason };
  }
}

function refusal(
  what: string,
  answer: Extract<Answer, { ok: true }>,
  advice: Record<number, string>,
): SendResult {
  const parts = [
    `${answer.status} ${answer.statusText}`.trim(),
    serverMessage(answer.text),
    advice[answer.status],
  ].filter(Boolean);
  return {
    outcome: classifyStatus(answer.status),
    status: answer.status,
    message: `${what} refused: ${parts.join(' — ')}`,
    retryAfterMs: answer.retryAfterMs,
  };
}

/** Posts a serialised report with the device token. Never throws. */
export async function sendReport(
  endpoint: string,
  deviceToken: string,
  body: string,
  send: AgentPost = DEFAULT_POST,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const answer = await post(endpoint, { authorization: `Bearer ${deviceToken}` }, body, send, timeoutMs);
  if (!answer.ok) {
    return { outcome: 'retry', status: null, message: `Cannot reach ${endpoint}: ${answer.reason}` };
  }
  if (classifyStatus(answer.status) !== 'accepted') return refusal('Report', answer, REPORT_ADVICE);
  let latestVersion: string | null = null;
  let autoUpdate = false;
  try {
    const parsed = agentReportResponseSchema.safeParse(JSON.parse(answer.text)).data;
    latestVersion = parsed?.latest_version ?? null;
    autoUpdate = parsed?.auto_update ?? false;
  } catch {
    // an answer without a body still means the report was taken
  }
  return {
    outcome: 'accepted',
    status: answer.status,
    message: `Report accepted (${answer.status})`,
    latestVersion,
    autoUpdate,
  };
}

export type EnrolResult =
  { enrolled: AgentEnrollmentResponse; pending: string | null } | { enrolled: null; result: SendResult };

/**
 * Enrols this machine with the organisation's API key, sending the device token it still holds
 * (issue 35): the enrolled device proves itself with it and enrols again at once; a device without
 * it, when the machine id is enrolled already, is held for an admin's approval (202, `pending` the
 * server's message), and its token is accepted once approved. Never throws.
 */
export async function enrolDevice(
  endpoint: string,
  apiKey: string,
  machine: AgentEnrollmentInput,
  send: AgentPost = DEFAULT_POST,
  timeoutMs = SEND_TIMEOUT_MS,
  heldToken: string | null = null,
): Promise<EnrolResult> {
  const url = enrolmentUrl(endpoint);
  const body = JSON.stringify({
    machine_id: machine.machine_id,
    hostname: machine.hostname,
    os_type: machine.os_type ?? null,
  });
  const headers: Record<string, string> = { [API_KEY_HEADER]: apiKey };
  if (heldToken) headers.authorization = `Bearer ${heldToken}`;
  const answer = await post(url, headers, body, send, timeoutMs);
  if (!answer.ok) {
    return {
      enrolled: null,
      result: { outcome: 'retry', status: null, message: `Cannot reach ${url}: ${answer.reason}` },
    };
  }
  if (classifyStatus(answer.status) !== 'accepted') {
    return { enrolled: null, result: refusal('Enrolment', answer, ENROL_ADVICE) };
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    // judged below
  }
  const enrolled = agentEnrollmentResponseSchema.safeParse(parsed);
  if (enrolled.success) {
    const held = agentEnrollmentPendingSchema.safeParse(parsed);
    return { enrolled: enrolled.data, pending: held.success ? held.data.message : null };
  }
  return {
    enrolled: null,
    result: {
      outcome: 'rejected',
      status: answer.status,
      message: `Enrolment answered ${answer.status} without a device id and token: check the endpoint URL`,
    },
  };
}
