import { disposalDeleteSchema, type DisposalDeleteResponse } from '../../shared/disposal';
import { userRoute } from '../lib/http';
import { deleteDisposalItems } from './service';

export const handler = userRoute(
  { body: disposalDeleteSchema },
  async ({ caller, body, now }): Promise<DisposalDeleteResponse> => ({
    deleted: await deleteDisposalItems(caller.organization.id, body.ids, caller.profile, now),
  }),
);
