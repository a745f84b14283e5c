import type { DashboardResponse } from '../../shared/api';
import { isoDate, WARRANTY_WINDOW_DAYS } from '../../shared/hardware';
import { userRoute } from '../lib/http';
import { countAgents, getHardwareCounts, listExpiringWarranties } from './dashboard-counts';

const EXPIRING_WARRANTIES_SHOWN = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export const handler = userRoute({}, async ({ caller, now }): Promise<DashboardResponse> => {
  const organizationId = caller.organization.id;
  const [counts, agents, warranties] = await Promise.all([
    getHardwareCounts(organizationId),
    countAgents(organizationId, now),
    listExpiringWarranties(
      organizationId,
      isoDate(now),
      isoDate(new Date(now.getTime() + WARRANTY_WINDOW_DAYS * DAY_MS)),
      EXPIRING_WARRANTIES_SHOWN,
    ),
  ]);
  const totalHardware = Object.values(counts.byStatus).reduce((sum, count) => sum + count, 0);
  // Counters moved in separate transactions can be read a moment apart: never below zero.
  const monitored = Math.min(agents.linked, totalHardware, agents.agents);
  return {
    total_hardware: totalHardware,
    active_hardware: counts.byStatus.Active,
    agents: agents.agents,
    active_agents: agents.active,
    hardware_by_status: counts.byStatus,
    hardware_by_type: counts.byType,
    expiring_warranties: warranties.items.map((asset) => ({
      id: asset.id,
      asset_type: asset.asset_type,
      manufacturer: asset.manufacturer,
      model: asset.model,
      serial_number: asset.serial_number,
      asset_tag: asset.asset_tag,
      assigned_to: asset.assigned_to,
      warranty_expiry: asset.warranty_expiry,
    })),
    more_expiring_warranties: warranties.more,
    assets_monitored: monitored,
    assets_not_monitored: totalHardware - monitored,
    machines_not_in_inventory: agents.agents - monitored,
  };
});
