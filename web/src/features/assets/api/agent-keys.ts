export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
  detail: (machineId: string) => ['agents', 'detail', machineId] as const,
};
