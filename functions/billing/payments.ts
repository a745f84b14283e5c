import { paymentsQuerySchema, type PaymentsPage } from '../../shared/billing';
import { userRoute } from '../lib/http';
import { listPaymentsPage } from './payment-history';

/** GET /api/billing/payments: every payment of the organisation, newest first, a page per cursor. */
export const handler = userRoute({ query: paymentsQuerySchema }, ({ caller, query }): Promise<PaymentsPage> =>
  listPaymentsPage(caller.organization.id, query),
);
