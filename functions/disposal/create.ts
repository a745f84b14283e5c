import { disposalItemInputSchema } from '../../shared/disposal';
import { userRoute } from '../lib/http';
import { createDisposalItem } from './service';

export const handler = userRoute({ body: disposalItemInputSchema, status: 201 }, ({ caller, body, now }) =>
  createDisposalItem(caller.organization.id, body, caller.profile, now),
);
