import type { HardwareListResponse } from '../../shared/hardware';
import { hardwareListQuerySchema } from '../../shared/hardware-list';
import { userRoute } from '../lib/http';
import { getHardwareCounts } from './dashboard-counts';
import { countable, countedTotal, searchedTotal } from './list-total';
import { listHardwareAssets } from './list-service';

export const handler = userRoute(
  { query: hardwareListQuerySchema },
  async ({ caller, query }): Promise<HardwareListResponse> => {
    const organizationId = caller.organization.id;
    // The counters' shards are one batch read, beside the page's.
    const [page, counts] = await Promise.all([
      listHardwareAssets(organizationId, query),
      countable(query) ? getHardwareCounts(organizationId) : null,
    ]);
    return {
      items: page.items,
      next_cursor: page.next_cursor,
      ...(counts ? countedTotal(query, counts) : searchedTotal(query.cursor, page)),
    };
  },
);
