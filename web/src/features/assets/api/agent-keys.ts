import type { AgentFreshness, AgentInventory, AgentSort } from '@shared/agent-data';

/** What the fleet grid is narrowed and ordered by; empty means "no filter". */
export interface AgentFilters {
  q: string;
  freshness: AgentFreshness | '';
  /** In the inventory or not (issue 34): the dashboard's "machines not in the inventory" link sets it. */
  inventory: AgentInventory | '';
  sort: AgentSort;
}

export const agentKeys = {
  all: ['agents'] as const,
  list: (filters: AgentFilters) => ['agents', 'list', filters] as const,
  detail: (machineId: string) => ['agents', 'detail', machineId] as const,
};
