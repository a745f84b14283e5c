import type { AgentSummary } from '../../shared/agent-data';
import { isUpdateAvailable } from '../../shared/agent-version';
import { possibleClone } from '../../shared/machine-clones';
import type { AgentMachineItem } from '../lib/table/items/agents';

/** A machine as the fleet view shows it, its asset aside; whether its agent should update is the server's to say. */
export function toSummary(
  item: AgentMachineItem,
  now: Date,
): Omit<AgentSummary, 'hardware_asset_id' | 'hardware_asset_name' | 'possible_duplicate'> {
  return {
    machine_id: item.machine_id,
    hostname: item.hostname,
    os_type: item.os_type ?? null,
    os_version: item.os_version ?? null,
    service_tag: item.service_tag ?? null,
    logged_in_user: item.logged_in_user ?? null,
    agent_version: item.agent_version ?? null,
    update_available: isUpdateAvailable(item.agent_version),
    memory_total_gb: item.memory_total_gb ?? null,
    cpu_info: item.cpu_info ?? null,
    last_boot: item.last_boot === undefined ? null : new Date(item.last_boot * 1000).toISOString(),
    first_seen: item.first_seen,
    last_seen: item.last_seen,
    enrolled_at: item.enrolled_at ?? item.first_seen,
    possible_clone: possibleClone(item, now),
  };
}
