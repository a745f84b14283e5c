import { deleteKeys, emptyPartition } from '../partitions';
import { agentMachines } from './agents';
import { apiKeyLookups } from './api-keys';
import { stripeCustomers } from './billing';
import { deviceTokenLookups } from './devices';
import { softwareInstallations } from './software';
import { invitationTokens } from './invitations';
import { organizations } from './organizations';

/**
 * Where an organisation's items are, for deleting it (functions/organizations): the lookups
 * outside its partitions, its partitions, and the organisation item, which goes last. Each removes
 * only what is still there, so a deletion run again finishes one that stopped.
 */
export const organizationDeletion = {
  /** The lookup items that point into the organisation from partitions of their own, in one sweep. */
  removeLookups: (lookups: {
    apiKeyHashes: string[];
    deviceTokenHashes: string[];
    invitationTokenHashes: string[];
    stripeCustomerId: string | null;
  }): Promise<void> =>
    deleteKeys([
      ...lookups.apiKeyHashes.map((hash) => apiKeyLookups.key(hash)),
      ...lookups.deviceTokenHashes.map((hash) => deviceTokenLookups.key(hash)),
      ...lookups.invitationTokenHashes.map((hash) => invitationTokens.key(hash)),
      ...(lookups.stripeCustomerId ? [stripeCustomers.key(lookups.stripeCustomerId)] : []),
    ]),
  /** Every item of the organisation's partitions but the organisation itself, a page at a time. */
  emptyPartitions: async (organizationId: string): Promise<void> => {
    const organizationKey = organizations.key(organizationId);
    for (const partition of [
      agentMachines.partition(organizationId),
      softwareInstallations.partition(organizationId),
      organizationKey.pk,
    ]) {
      await emptyPartition(
        partition,
        (key) => key.pk === organizationKey.pk && key.sk === organizationKey.sk,
      );
    }
  },
  /** The organisation item itself: the last step. */
  removeOrganization: (organizationId: string): Promise<void> =>
    deleteKeys([organizations.key(organizationId)]),
};
