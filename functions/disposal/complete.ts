import { disposalIdParamsSchema } from '../../shared/disposal';
import { userRoute } from '../lib/http';
import { completeDisposalItem } from './service';

export const handler = userRoute({ params: disposalIdParamsSchema }, ({ caller, params, now }) =>
  completeDisposalItem(caller.organization.id, params.id, caller.profile, now),
);
