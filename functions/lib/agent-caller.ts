import { API_KEY_HEADER } from '../../shared/agent-data';
import { hasActiveSubscription } from '../../shared/subscription';
import type { RouteDefinition } from '../routes';
import { PaymentRequired, Unauthorized } from './errors';
import type { HttpEvent } from './http';
import { getOrganizationAndSubscription } from './table';
import { findApiKeyOwner, touchApiKey, type AgentKeyOwner } from './table/api-keys';

/** One answer for a missing, malformed, unknown or deleted key: which of them is not revealed. */
export const AGENT_KEY_MESSAGE = 'The API key is missing or not valid';

export type AgentCaller = AgentKeyOwner;

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
  return owner;
}
