import { disposalListQuerySchema, type DisposalListResponse } from '../../shared/disposal';
import { userRoute } from '../lib/http';
import { listDisposalItems } from './service';

export const handler = userRoute(
  { query: disposalListQuerySchema },
  ({ caller, query }): Promise<DisposalListResponse> => listDisposalItems(caller.organization.id, query),
);
