import { disposalStatsQuerySchema, type DisposalStats } from '../../shared/disposal';
import { isoDate } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { getDisposalStats } from './service';

export const handler = userRoute(
  { query: disposalStatsQuerySchema },
  ({ caller, query, now }): Promise<DisposalStats> =>
    getDisposalStats(caller.organization.id, query.month ?? isoDate(now).slice(0, 7)),
);
