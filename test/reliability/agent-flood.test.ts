import { describe, expect, it } from 'vitest';
import {
  API_KEY_HEADER,
  ENROLMENTS_PER_MINUTE,
  REPORTS_PER_MINUTE,
  type AgentListResponse,
} from '../../shared/agent-data';
import { apiErrorBodySchema } from '../../shared/api';
import { api, baseUrl, organizationIdOf, setSubscription, signUpCompany } from '../support/api';
import { createKey, deviceHeaders, machine } from '../support/agents';
import { tableItems } from '../support/table';

/**
 * A flood on the agent channel (issue 24): one API key enrolling ten times its plan's machines, and
 * one device reporting a hundred times in a minute. The plan's limit holds under concurrency, every
 * answer past it is a refusal with its reason (403 at the limit, 429 with Retry-After past the
 * rate), and none is a server error.
 */

const MACHINE_LIMIT = 20;
const ENROLMENT_ATTEMPTS = MACHINE_LIMIT * 10;
const REPORTS = 100;
const BURST = 20;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function post(path: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Judged below: every answer must be JSON.
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: parsed };
}

/** Sends `count` requests in concurrent bursts of BURST, in order. */
async function inBursts(count: number, request: (index: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let start = 0; start < count; start += BURST) {
    const size = Math.min(BURST, count - start);
    answers.push(...(await Promise.all(Array.from({ length: size }, (_, at) => request(start + at)))));
  }
  return answers;
}

function byStatus(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const printed = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');

/** The one-minute windows a span of time touched: the rate limits count per window. */
const minutesTouched = (startedMs: number, endedMs: number) =>
  Math.floor(endedMs / 60_000) - Math.floor(startedMs / 60_000) + 1;

/** Why an answer is not a well-formed refusal with the given reason, or null. */
function refusalProblem(answer: Answer): string | null {
  if (!apiErrorBodySchema.safeParse(answer.body).success) return 'no error body';
  if (answer.status === 429 && !/^[1-9]\d*$/.test(answer.retryAfter ?? '')) return 'no Retry-After';
  return null;
}

describe('a flood on the agent channel', () => {
  it(`enrols at most the plan's ${MACHINE_LIMIT} machines of ${ENROLMENT_ATTEMPTS} attempts, and holds a device to ${REPORTS_PER_MINUTE} reports a minute`, async () => {
    const company = await signUpCompany('Flooded Ltd');
    const organizationId = await organizationIdOf(company);
    await setSubscription(organizationId, {
      status: 'active',
      plan_name: 'Small',
      asset_limit: MACHINE_LIMIT,
      user_limit: 5,
    });
    const { key } = await createKey(company);

    const enrolStarted = Date.now();
    const enrolments = await inBursts(ENROLMENT_ATTEMPTS, (index) =>
      post(
        '/api/agent/enroll',
        { [API_KEY_HEADER]: key },
        { machine_id: `FLOOD-${index}`, hostname: `FLOOD-PC-${index}`, os_type: 'Windows' },
      ),
    );
    const enrolMinutes = minutesTouched(enrolStarted, Date.now());
    const enrolCounts = byStatus(enrolments);
    const enrolled = enrolments.flatMap((answer, index) => {
      if (answer.status !== 201) return [];
      const body = answer.body;
      if (typeof body !== 'object' || body === null || !('device_token' in body))
        throw new Error(`201 without a device token: ${JSON.stringify(body)}`);
      return [{ machineId: `FLOOD-${index}`, token: String(body.device_token) }];
    });
    const excess = enrolments.filter((answer) => answer.status !== 201);

    // Every enrolled device reports once, so the fleet list shows what was enrolled.
    const firstReports = await Promise.all(
      enrolled.map(({ machineId, token }) =>
        post('/api/agent/report', deviceHeaders(token), machine({ machine_id: machineId })),
      ),
    );
    expect(firstReports.map((answer) => answer.status)).toEqual(enrolled.map(() => 202));

    const partition = `org#${organizationId.toLowerCase()}#agents`;
    const stored = (await tableItems()).filter((item) => item.pk === partition);
    const devicesStored = stored.filter((item) => String(item.sk).startsWith('device#')).length;
    const counter = stored.find((item) => item.sk === 'enrolled')?.enrolled;
    const fleet = await api<AgentListResponse>('/api/agents?limit=100', { token: company.accessToken });
    const dashboard = await api<{ agents: number }>('/api/dashboard', { token: company.accessToken });
    console.log(
      `[reliability] enrolment flood: ${ENROLMENT_ATTEMPTS} attempts in bursts of ${BURST} with a limit of ${MACHINE_LIMIT} machines (over ${enrolMinutes} rate minute(s)): ${printed(enrolCounts)}; ${devicesStored} devices in the table, counter ${String(counter)}, fleet total ${fleet.body.total}, dashboard ${dashboard.body.agents}`,
    );

    // The whole plan is enrolled, and never more: in the table, its counter, the API.
    expect(enrolled).toHaveLength(MACHINE_LIMIT);
    expect(devicesStored).toBe(MACHINE_LIMIT);
    expect(counter).toBe(MACHINE_LIMIT);
    expect(fleet.status).toBe(200);
    expect(fleet.body.total).toBe(MACHINE_LIMIT);
    expect(fleet.body.items).toHaveLength(MACHINE_LIMIT);
    expect(dashboard.body.agents).toBe(MACHINE_LIMIT);
    // Every other answer: the limit (403) or the organisation's enrolment rate (429), never a 5xx.
    expect(excess.filter((answer) => answer.status !== 403 && answer.status !== 429)).toEqual([]);
    expect(excess.map(refusalProblem).filter(Boolean)).toEqual([]);
    expect(excess.filter((answer) => answer.status === 403)[0]?.body).toMatchObject({
      error: { code: 'machine_limit' },
    });
    // Refused enrolments count toward the rate too: at most a minute's fill got any other answer.
    expect(ENROLMENT_ATTEMPTS - (enrolCounts[429] ?? 0)).toBeLessThanOrEqual(
      ENROLMENTS_PER_MINUTE * enrolMinutes,
    );

    // One device, a hundred reports at once in bursts: a minute's fill accepted, the rest 429.
    const [device] = enrolled;
    if (!device) throw new Error('No device was enrolled');
    const reportStarted = Date.now();
    const reports = await inBursts(REPORTS, (index) =>
      post(
        '/api/agent/report',
        deviceHeaders(device.token),
        machine({ machine_id: device.machineId, logged_in_user: `ACME\\flood${index}` }),
      ),
    );
    const reportMinutes = minutesTouched(reportStarted, Date.now());
    const reportCounts = byStatus(reports);
    console.log(
      `[reliability] report flood: ${REPORTS} reports of one device in bursts of ${BURST} (over ${reportMinutes} rate minute(s)): ${printed(reportCounts)}`,
    );
    const accepted = reports.filter((answer) => answer.status === 202);
    const refused = reports.filter((answer) => answer.status !== 202);
    expect(refused.filter((answer) => answer.status !== 429)).toEqual([]);
    expect(refused.map(refusalProblem).filter(Boolean)).toEqual([]);
    // Its first report fell in the enrolment's minute, perhaps the first of these.
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(REPORTS_PER_MINUTE * reportMinutes);

    // The flood left the fleet as it was: still the plan's machines, the device's one still there.
    const after = await api<AgentListResponse>('/api/agents?limit=100', { token: company.accessToken });
    expect(after.body.total).toBe(MACHINE_LIMIT);
    const flooded = await api(`/api/agents/${device.machineId}`, { token: company.accessToken });
    expect(flooded.status).toBe(200);
  });
});
