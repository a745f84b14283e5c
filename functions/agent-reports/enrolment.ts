import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import {
  ENROLMENTS_PER_MINUTE,
  type AgentEnrollmentResponse,
  type AgentReport,
} from '../../shared/agent-data';
import { UNLIMITED } from '../../shared/constants';
import type { AgentCaller } from '../lib/agent-caller';
import { auditEntry } from '../lib/audit-trail';
import { Forbidden, TooManyRequests } from '../lib/errors';
import { planLimits } from '../lib/plan-limits';
import {
  create,
  getEachItem,
  isConditionFailure,
  patch,
  put,
  remove,
  send,
  update,
  type TableWrite,
} from '../lib/table/commands';
import { absent, anyOf, equals, lessThan } from '../lib/table/conditions';
import { agentMachines } from '../lib/table/items/agents';
import { apiKeyItemSchema, apiKeys } from '../lib/table/items/api-keys';
import {
  deviceItemSchema,
  devices,
  deviceTokenLookups,
  enrolledMachines,
  enrolmentWindows,
  ENROLLED_ATTRIBUTE,
  hashDeviceToken,
  WINDOW_COUNT_ATTRIBUTE,
  type DeviceItem,
} from '../lib/table/items/devices';
import { fromStored } from '../lib/table/items/stored';
import { write, type Built } from '../lib/table/transaction';

/**
 * Enrolment (issue 24): the organisation's API key enrols a device, which gets a token of its own,
 * shown once and kept as its hash. Its reports then update only its machine. Enrolling a machine
 * again (a reinstalled PC) replaces its token, revoking the old one, and is audited.
 */

export const MACHINE_LIMIT_MESSAGE = (limit: number) =>
  `This organization has reached its plan's limit of ${limit} monitored machines. ` +
  'Delete machines you no longer monitor or upgrade the plan.';

const ENROLMENT_RATE_MESSAGE = `This organization is enrolling more than ${ENROLMENTS_PER_MINUTE} devices a minute; try again shortly`;

const MINUTE_MS = 60_000;

/** The fixed one-minute window `now` falls in, and the whole seconds until it ends (at least 1). */
export function minuteWindow(now: Date): { start: number; retryAfterSeconds: number } {
  const start = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + MINUTE_MS - now.getTime()) / 1000)) };
}

/** Counts one enrolment in the organisation's minute, refused (429) once the minute has its fill. */
async function countEnrolment(organizationId: string, now: Date): Promise<void> {
  const window = minuteWindow(now);
  await send(
    update(
      enrolmentWindows.key(organizationId, window.start),
      { set: enrolmentWindows.expiry(window.start), add: { [WINDOW_COUNT_ATTRIBUTE]: 1 } },
      anyOf(absent(WINDOW_COUNT_ATTRIBUTE), lessThan(WINDOW_COUNT_ATTRIBUTE, ENROLMENTS_PER_MINUTE)),
    ),
  ).catch((error: unknown) => {
    if (isConditionFailure(error))
      throw new TooManyRequests(ENROLMENT_RATE_MESSAGE, window.retryAfterSeconds);
    throw error;
  });
}

/** The organisation's id and 32 random bytes (43 base64url characters): DEVICE_TOKEN_PATTERN. */
function newDeviceToken(organizationId: string): string {
  return `dt_${organizationId}.${randomBytes(32).toString('base64url')}`;
}

const ENROL_ATTEMPTS = 5;

type Part = 'device' | 'machine' | 'enrolled' | 'other';

export async function enrolDevice(
  caller: AgentCaller,
  input: Pick<AgentReport, 'machine_id' | 'hostname'>,
  now: Date,
): Promise<AgentEnrollmentResponse> {
  const { organizationId } = caller;
  await countEnrolment(organizationId, now);
  const { assetLimit } = planLimits(caller.subscription);
  const token = newDeviceToken(organizationId);
  const device: DeviceItem = {
    organization_id: organizationId,
    machine_id: input.machine_id,
    device_id: ulid(now.getTime()),
    token_hash: hashDeviceToken(token),
    enrolled_at: now.toISOString(),
    hostname: input.hostname,
  };
  for (let attempt = 0; attempt < ENROL_ATTEMPTS; attempt++) {
    const [storedDevice, storedMachine, storedKey] = await getEachItem(
      [
        devices.key(organizationId, input.machine_id),
        agentMachines.key(organizationId, input.machine_id),
        apiKeys.key(organizationId, caller.apiKeyId),
      ],
      { consistent: true, what: 'the device' },
    );
    const previous = storedDevice ? fromStored(deviceItemSchema, storedDevice) : null;
    const apiKey = storedKey ? fromStored(apiKeyItemSchema, storedKey) : null;
    const outcome = await write<Part>(() => {
      const built: Built<Part> = { parts: [], items: [] };
      const add = (part: Part, item: TableWrite) => {
        built.parts.push(part);
        built.items.push(item);
      };
      add(
        'other',
        create(
          deviceTokenLookups.item({
            token_hash: device.token_hash,
            organization_id: organizationId,
            machine_id: device.machine_id,
            device_id: device.device_id,
            enrolled_at: device.enrolled_at,
          }),
        ),
      );
      if (previous) {
        add('device', put(devices.item(device), equals('token_hash', previous.token_hash)));
        add('other', remove(deviceTokenLookups.key(previous.token_hash)));
        add(
          'other',
          auditEntry({
            organizationId,
            actor: { email: apiKey ? `API key ${apiKey.prefix}… (${apiKey.name})` : 'API key' },
            now,
            entityType: 'agent_machine',
            action: 'updated',
            entityId: device.machine_id,
            entityLabel: `${device.hostname} (${device.machine_id}): enrolled again, its previous device token revoked`,
            changes: {
              device_id: { old: previous.device_id, new: device.device_id },
              enrolled_at: { old: previous.enrolled_at, new: device.enrolled_at },
            },
          }),
        );
      } else {
        add('device', create(devices.item(device)));
        // One machine more; an unlimited plan counts without a ceiling.
        add(
          'enrolled',
          update(
            enrolledMachines.key(organizationId),
            { add: { [ENROLLED_ATTRIBUTE]: 1 } },
            assetLimit >= UNLIMITED
              ? undefined
              : anyOf(absent(ENROLLED_ATTRIBUTE), lessThan(ENROLLED_ATTRIBUTE, assetLimit)),
          ),
        );
      }
      if (storedMachine) {
        add(
          'machine',
          patch(agentMachines.key(organizationId, device.machine_id), {
            set: { enrolled_at: device.enrolled_at },
          }),
        );
      }
      return built;
    });
    if (outcome.ok) return { device_id: device.device_id, device_token: token };
    if (outcome.failed.includes('enrolled'))
      throw new Forbidden(MACHINE_LIMIT_MESSAGE(assetLimit), 'machine_limit');
    // The machine was enrolled, re-enrolled or deleted meanwhile: read it again.
  }
  throw new TooManyRequests(
    `Machine ${input.machine_id} is being enrolled by several requests at once; try again shortly`,
    1,
  );
}
