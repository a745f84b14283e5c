import { disposalIdParamsSchema } from '../../shared/disposal';
import { userRoute } from '../lib/http';
import { revertDisposalItem } from './service';

export const handler = userRoute({ params: disposalIdParamsSchema }, ({ caller, params, now }) =>
  revertDisposalItem(caller.organization.id, params.id, caller.profile, now),
);
