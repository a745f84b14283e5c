import { hardwareListQuerySchema, type HardwareListResponse } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { getHardwareCounts } from './dashboard-counts';
import { listHardwareAssets } from './service';
import { countedTotal, searchedTotal } from './list-total';

export const handler = userRoute(
  { query: hardwareListQuerySchema },
  async ({ caller, query }): Promise<HardwareListResponse> => {
    const organizationId = caller.organization.id;
    if (query.q) {
      const page = await listHardwareAssets(organizationId, query);
      return { items: page.items, next_cursor: page.next_cursor, ...searchedTotal(query.cursor, page) };
    }
    // The counters' shards are one batch read, beside the page's.
    const [page, counts] = await Promise.all([
      listHardwareAssets(organizationId, query),
      getHardwareCounts(organizationId),
    ]);
    return {
      items: page.items,
      next_cursor: page.next_cursor,
      ...countedTotal(query.status, counts.byStatus),
    };
  },
);
