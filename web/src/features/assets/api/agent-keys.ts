import type { AgentFreshness, AgentSort } from '@shared/agent-data';

/** What the fleet grid is narrowed and ordered by; empty means "no filter". */
export interface AgentFilters {
  q: string;
  freshness: AgentFreshness | '';
  sort: AgentSort;
}

export const agentKeys = {
  all: ['agents'] as const,
  list: (filters: AgentFilters) => ['agents', 'list', filters] as const,
  detail: (machineId: string) => ['agents', 'detail', machineId] as const,
};
