import { ulidSchema } from '../../shared/hardware';
import type { Invitation } from '../../shared/invitations';
import * as z from 'zod';
import { userRoute } from '../lib/http';
import { cancelInvitation } from '../lib/table/invitations';

export const handler = userRoute(
  { params: z.object({ id: ulidSchema }) },
  ({ caller, params }): Promise<Invitation> => cancelInvitation(caller.organization.id, params.id),
);
