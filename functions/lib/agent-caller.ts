import { API_KEY_HEADER, DEVICE_TOKEN_HEADER, DEVICE_TOKEN_PATTERN } from '../../shared/agent-data';
import { API_KEY_PATTERN } from '../../shared/api-keys';
import { hasActiveSubscription } from '../../shared/subscription';
import type { RouteDefinition } from '../routes';
import { DEVICE_APPROVAL_TEXTS, DEVICE_PENDING_CODE } from '../../shared/device-approvals';
import { Forbidden, PaymentRequired, Unauthorized } from './errors';
import type { HttpEvent } from './http-event';
import { getItem, isConditionFailure, patch, send } from './table/commands';
import { absent, anyOf, lessThan } from './table/conditions';
import { apiKeyLookupItemSchema, apiKeyLookups, apiKeys, hashApiKey } from './table/items/api-keys';
import { deviceTokenLookupItemSchema, deviceTokenLookups, hashDeviceToken } from './table/items/devices';
import type { SubscriptionItem } from './table/items/organizations';
import { fromStored } from './table/items/stored';
import { planLimits } from './plan-limits';
import { getOrganizationAndSubscription, type Tenant } from './tenant';

/** One answer for a missing, malformed, unknown or deleted key: which of them is not revealed. */
export const AGENT_KEY_MESSAGE = 'The API key is missing or not valid';

/** last_used_at is refreshed at most this often per key, so that reports stay one cheap write. */
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

export interface AgentKeyOwner {
  organizationId: string;
  apiKeyId: string;
}

/** An API key's caller: its organisation, with the subscription its plan limits come from. */
export interface AgentCaller extends AgentKeyOwner {
  subscription: SubscriptionItem | null;
}

/** One answer for a missing, malformed, unknown or revoked device token; the agent enrols again on it. */
export const DEVICE_TOKEN_MESSAGE = 'The device token is missing or not valid: enrol the device again';

/** An enrolled device's caller: the one machine its reports update. */
export interface DeviceCaller {
  organizationId: string;
  machineId: string;
  deviceId: string;
  enrolledAt: string;
  /** The organisation lets its agents update themselves (agent_auto_update, on unless turned off). */
  autoUpdate: boolean;
  /** A new machine that matches no hardware asset becomes one (auto_add_machines, issue 27). */
  autoAddMachines: boolean;
  /** The plan's asset limit, which automatic adding keeps to. */
  assetLimit: number;
  /** Held for an admin's approval (issue 35): its token is refused with 403 until then. */
  pending: boolean;
}

/** The organisation an agent's key belongs to, or null for a malformed, unknown or deleted key. */
export async function findApiKeyOwner(key: string): Promise<AgentKeyOwner | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const lookup = await getItem(apiKeyLookupItemSchema, apiKeyLookups.key(hashApiKey(key)), {
    consistent: true,
  });
  return lookup ? { organizationId: lookup.organization_id, apiKeyId: lookup.api_key_id } : null;
}

/**
 * When this process last noted each key's use. A warm Lambda serves many reports of the same key
 * (an organisation's agents usually share one), and DynamoDB charges a write unit even for the
 * conditional write it refuses: within the resolution the process does not try again.
 */
const notedAt = new Map<string, number>();

/** Notes the key's use, at most once per few minutes, and never on a key deleted meanwhile. */
export async function touchApiKey(owner: AgentKeyOwner, now: Date): Promise<void> {
  const noted = notedAt.get(owner.apiKeyId);
  if (noted !== undefined && now.getTime() - noted < LAST_USED_RESOLUTION_MS) return;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  await send(
    patch(
      apiKeys.key(owner.organizationId, owner.apiKeyId),
      { set: { last_used_at: now.toISOString() } },
      anyOf(absent('last_used_at'), lessThan('last_used_at', staleBefore)),
    ),
  ).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
  notedAt.set(owner.apiKeyId, now.getTime());
}

/** The organisation behind the X-Api-Key header, with the subscription gate of the route table. */
export async function loadAgentCaller(
  event: HttpEvent,
  route: RouteDefinition,
  now: Date,
): Promise<AgentCaller> {
  const key = event.headers[API_KEY_HEADER];
  const owner = typeof key === 'string' ? await findApiKeyOwner(key.trim()) : null;
  if (!owner) throw new Unauthorized(AGENT_KEY_MESSAGE, 'invalid_api_key');
  const [{ organization, subscription }] = await Promise.all([
    getOrganizationAndSubscription(owner.organizationId),
    touchApiKey(owner, now),
  ]);
  if (!organization) throw new Unauthorized(AGENT_KEY_MESSAGE, 'invalid_api_key');
  if (route.needsSubscription && !hasActiveSubscription(subscription, now)) throw new PaymentRequired();
  return { ...owner, subscription };
}

/**
 * The device of a bearer token with its organisation (null once deleted) and subscription, or null
 * for a malformed, unknown or revoked token: no read for the malformed. The token names its
 * organisation, so the three are one request. It is eventually consistent, like every read of the
 * organisation; a token it does not find is looked up again consistently, so a device that reports
 * right after enrolling is found. (A revoked token read stale writes nothing: the machine's write
 * checks the device.)
 */
export async function findDevice(header: unknown): Promise<(DeviceCaller & Tenant) | null> {
  if (typeof header !== 'string') return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];
  const organizationId = token && DEVICE_TOKEN_PATTERN.exec(token)?.[1];
  if (!token || !organizationId) return null;
  const lookupKey = deviceTokenLookups.key(hashDeviceToken(token));
  const { alongside, ...tenant } = await getOrganizationAndSubscription(organizationId, lookupKey);
  const lookup = alongside
    ? fromStored(deviceTokenLookupItemSchema, alongside)
    : await getItem(deviceTokenLookupItemSchema, lookupKey, { consistent: true });
  if (!lookup || lookup.organization_id.toLowerCase() !== organizationId.toLowerCase()) return null;
  return {
    organizationId: lookup.organization_id,
    machineId: lookup.machine_id,
    deviceId: lookup.device_id,
    enrolledAt: lookup.enrolled_at,
    autoUpdate: tenant.organization?.agent_auto_update !== false,
    autoAddMachines: tenant.organization?.auto_add_machines === true,
    assetLimit: planLimits(tenant.subscription ?? null).assetLimit,
    pending: lookup.pending === true,
    ...tenant,
  };
}

/** The device behind the Authorization header, with the subscription gate of the route table. */
export async function loadDeviceCaller(
  event: HttpEvent,
  route: RouteDefinition,
  now: Date,
): Promise<DeviceCaller> {
  const found = await findDevice(event.headers[DEVICE_TOKEN_HEADER]);
  if (!found?.organization) throw new Unauthorized(DEVICE_TOKEN_MESSAGE, 'invalid_device_token');
  const { organization: _, subscription, ...device } = found;
  // Not 401: the agent keeps its token (which starts working once approved) instead of enrolling again.
  if (device.pending) throw new Forbidden(DEVICE_APPROVAL_TEXTS.pendingReport, DEVICE_PENDING_CODE);
  if (route.needsSubscription && !hasActiveSubscription(subscription, now)) throw new PaymentRequired();
  return device;
}
