import { Service } from 'electrodb';
import { config } from '../config';
import { agentMachineEntity, agentSectionEntity } from './agent-machine';
import { apiKeyEntity, apiKeyLookupEntity } from './api-key';
import { auditLogEntity } from './audit-log';
import {
  paymentEntity,
  stripeCustomerEntity,
  stripeEventEntity,
  subscriptionPlanEntity,
} from './billing-entities';
import { dynamoDocumentClient } from './client';
import { disposalItemEntity } from './disposal-item';
import { hardwareAssetEntity, hardwareIdentifierEntity } from './hardware-asset';
import { invitationEntity, invitationTokenEntity, pendingInvitationEntity } from './invitation';
import { organizationEntity } from './organization';
import { organizationCountersEntity } from './organization-counters';
import { subscriptionEntity } from './subscription';
import { userProfileEntity } from './user-profile';

function createService() {
  return new Service(
    {
      organization: organizationEntity,
      userProfile: userProfileEntity,
      subscription: subscriptionEntity,
      organizationCounters: organizationCountersEntity,
      hardwareAsset: hardwareAssetEntity,
      hardwareIdentifier: hardwareIdentifierEntity,
      disposalItem: disposalItemEntity,
      auditLog: auditLogEntity,
      apiKey: apiKeyEntity,
      apiKeyLookup: apiKeyLookupEntity,
      agentMachine: agentMachineEntity,
      agentSection: agentSectionEntity,
      invitation: invitationEntity,
      invitationToken: invitationTokenEntity,
      pendingInvitation: pendingInvitationEntity,
      subscriptionPlan: subscriptionPlanEntity,
      payment: paymentEntity,
      stripeCustomer: stripeCustomerEntity,
      stripeEvent: stripeEventEntity,
    },
    { client: dynamoDocumentClient(), table: config().TABLE_NAME },
  );
}

let service: ReturnType<typeof createService> | undefined;

/**
 * The ElectroDB service over the single table, created on first use: for the tests' and bench's
 * fixtures only. The functions' data layer is commands.ts and items.ts; nothing in functions/ may
 * import this module, or ElectroDB would be back in every bundle.
 */
export function db() {
  service ??= createService();
  return service;
}
