import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import {
  DEVICE_TOKEN_PATTERN,
  ENROLMENTS_PER_MINUTE,
  type AgentEnrollmentResponse,
  type AgentReport,
} from '../../shared/agent-data';
import {
  MACHINE_LIMIT_MESSAGE,
  DEVICE_APPROVAL_TEXTS,
  ENROLMENT_PENDING_CODE,
  type AgentEnrollmentPending,
} from '../../shared/device-approvals';
import type { AgentCaller } from '../lib/agent-caller';
import { auditEntry } from '../lib/audit-trail';
import { Forbidden, TooManyRequests } from '../lib/errors';
import { planLimits } from '../lib/plan-limits';
import { batchRead } from '../lib/table/batch-read';
import { agentMachines } from '../lib/table/items/agents';
import { apiKeys, type ApiKeyItem } from '../lib/table/items/api-keys';
import {
  devices,
  deviceTokenLookups,
  enrolmentWindows,
  hashDeviceToken,
  pendingDevices,
  type DeviceItem,
} from '../lib/table/items/devices';
import { isConditionFailure, send, write } from '../lib/table/transaction';
import { deviceWrites, lookupOf, type DevicePart } from '../inventory/device-writes';

/**
 * Enrolment (issue 24): the organisation's API key enrols a device, which gets a token of its own,
 * shown once and kept as its hash. Its reports then update only its machine. Enrolling a machine
 * again replaces its token, revoking the old one, and is audited, but only for the device that
 * proves it is the enrolled one by sending its current token (issue 35): anyone else with the key
 * (a cloned PC, a reinstalled one that lost its token, an intruder) gets a device held for an
 * admin's approval (../agents/approvals-service.ts), and the enrolled device keeps reporting.
 */

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
  await send(enrolmentWindows.countIfUnder(organizationId, window.start, ENROLMENTS_PER_MINUTE)).catch(
    (error: unknown) => {
      if (isConditionFailure(error))
        throw new TooManyRequests(ENROLMENT_RATE_MESSAGE, window.retryAfterSeconds);
      throw error;
    },
  );
}

/** The organisation's id and 32 random bytes (43 base64url characters): DEVICE_TOKEN_PATTERN. */
function newDeviceToken(organizationId: string): string {
  return `dt_${organizationId}.${randomBytes(32).toString('base64url')}`;
}

const ENROL_ATTEMPTS = 5;

/** Who the key's holder is, in the audit trail. */
export function keyActor(apiKey: ApiKeyItem | null): { email: string } {
  return { email: apiKey ? `API key ${apiKey.prefix}… (${apiKey.name})` : 'API key' };
}

/** The hash of the device token an enrolment carries (Authorization: Bearer dt_…), or null. */
export function presentedTokenHash(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];
  return token && DEVICE_TOKEN_PATTERN.test(token) ? hashDeviceToken(token) : null;
}

export type EnrolmentAnswer = AgentEnrollmentResponse | AgentEnrollmentPending;

export interface EnrolmentInput extends Pick<AgentReport, 'machine_id' | 'hostname'> {
  os_type?: string | null;
}

export async function enrolDevice(
  caller: AgentCaller,
  input: EnrolmentInput,
  now: Date,
  /** The hash of the token the enrolling device holds (presentedTokenHash), when it sent one. */
  provenTokenHash: string | null = null,
): Promise<EnrolmentAnswer> {
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
    api_key_id: caller.apiKeyId,
  };
  for (let attempt = 0; attempt < ENROL_ATTEMPTS; attempt++) {
    const batch = batchRead({ consistent: true, what: 'the device' });
    const readDevice = batch.add(devices.read(organizationId, input.machine_id));
    const readMachine = batch.add(agentMachines.read(organizationId, input.machine_id));
    const readKey = batch.add(apiKeys.read(organizationId, caller.apiKeyId));
    await batch.run();
    const previous = readDevice();
    const storedMachine = readMachine();
    const apiKey = readKey();
    if (previous && previous.token_hash !== provenTokenHash) {
      if (await holdForApproval({ device, previous, apiKey, input, now })) {
        return {
          device_id: device.device_id,
          device_token: token,
          status: 'pending_approval',
          code: ENROLMENT_PENDING_CODE,
          message: `${DEVICE_APPROVAL_TEXTS.anotherDevice(input.machine_id, previous.hostname)}. ${DEVICE_APPROVAL_TEXTS.pendingAnswer}`,
        };
      }
      continue;
    }
    const outcome = await write<DevicePart>(() => {
      const built = deviceWrites({
        device,
        previous,
        machineExists: storedMachine !== null,
        assetLimit,
        lookup: deviceTokenLookups.create(lookupOf(device)),
      });
      if (previous) {
        built.parts.push('other');
        built.items.push(
          auditEntry({
            organizationId,
            actor: keyActor(apiKey),
            now,
            entityType: 'agent_machine',
            action: 'updated',
            entityId: device.machine_id,
            entityLabel: `${device.hostname} (${device.machine_id}): enrolled again with its current device token, the previous token revoked`,
            changes: {
              device_id: { old: previous.device_id, new: device.device_id },
              enrolled_at: { old: previous.enrolled_at, new: device.enrolled_at },
            },
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

/**
 * Holds the device for an admin's approval: its pending item and its token's lookup, marked
 * pending, with the audit entry that records the detection; the enrolled device is checked to be
 * the one read, and is left as it is. False when that device changed meanwhile (read again).
 */
async function holdForApproval(input: {
  device: DeviceItem;
  previous: DeviceItem;
  apiKey: ApiKeyItem | null;
  input: EnrolmentInput;
  now: Date;
}): Promise<boolean> {
  const { device, previous, now } = input;
  const label = DEVICE_APPROVAL_TEXTS.anotherDevice(device.machine_id, previous.hostname);
  const outcome = await write<'device' | 'other'>(() => ({
    parts: ['device', 'other', 'other', 'other'],
    items: [
      devices.checkHasToken(device.organization_id, device.machine_id, previous.token_hash),
      deviceTokenLookups.create(lookupOf(device, true)),
      pendingDevices.create({
        organization_id: device.organization_id,
        device_id: device.device_id,
        machine_id: device.machine_id,
        token_hash: device.token_hash,
        hostname: device.hostname,
        os_type: input.input.os_type ?? null,
        requested_at: now.toISOString(),
        api_key_id: device.api_key_id ?? '',
        enrolled_device_id: previous.device_id,
        enrolled_hostname: previous.hostname,
      }),
      auditEntry({
        organizationId: device.organization_id,
        actor: keyActor(input.apiKey),
        now,
        entityType: 'agent_machine',
        action: 'created',
        entityId: device.machine_id,
        entityLabel: `${device.hostname}: ${label}; held for approval`,
        changes: { pending_device_id: { old: null, new: device.device_id } },
      }),
    ],
  }));
  return outcome.ok;
}
