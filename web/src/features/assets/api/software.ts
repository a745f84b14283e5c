import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  MACHINE_CHANGES_PAGE_SIZE,
  machineChangesResponseSchema,
  SOFTWARE_MACHINES_PAGE_SIZE,
  SOFTWARE_PAGE_SIZE,
  softwareListResponseSchema,
  softwareMachinesResponseSchema,
  type MachineChangeFilter,
  type MachineChangesResponse,
  type SoftwareListResponse,
  type SoftwareMachine,
  type SoftwareMachinesResponse,
  type SoftwareProgram,
} from '@shared/inventory';
import { PAGE_SIZE_MAX } from '@shared/list';
import { apiRequest } from '../../../api/api-client';

/** The software inventory across the organisation, and one machine's timeline (issue 27). */
export const softwareKeys = {
  all: ['software'] as const,
  list: (q: string) => ['software', 'list', q] as const,
  machines: (name: string, version: string | null) => ['software', 'machines', name, version] as const,
  changes: (machineId: string, filter: MachineChangeFilter | null) =>
    ['agents', 'changes', machineId, filter] as const,
};

export function listSoftware(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
  limit = SOFTWARE_PAGE_SIZE,
): Promise<SoftwareListResponse> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return apiRequest(`/api/software?${params.toString()}`, softwareListResponseSchema, { signal });
}

export function listSoftwareMachines(
  name: string,
  version: string | null,
  cursor: string | null,
  signal?: AbortSignal,
  limit = SOFTWARE_MACHINES_PAGE_SIZE,
): Promise<SoftwareMachinesResponse> {
  const params = new URLSearchParams({ name });
  if (version !== null) params.set('version', version);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return apiRequest(`/api/software/machines?${params.toString()}`, softwareMachinesResponseSchema, {
    signal,
  });
}

/** Programs by name, a page per Load more; a new search keeps the previous rows until it answers. */
export function useSoftwareList(q: string) {
  return useInfiniteQuery({
    queryKey: softwareKeys.list(q),
    queryFn: ({ pageParam, signal }) => listSoftware(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useSoftwareMachines(name: string, version: string | null) {
  return useInfiniteQuery({
    queryKey: softwareKeys.machines(name, version),
    queryFn: ({ pageParam, signal }) => listSoftwareMachines(name, version, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** Every page of a list, for an export: the largest pages the API gives, one after another. */
async function everyPage<T>(
  page: (cursor: string | null) => Promise<{ items: T[]; next_cursor: string | null }>,
  onProgress: (loaded: number) => void,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const answer: { items: T[]; next_cursor: string | null } = await page(cursor);
    items.push(...answer.items);
    onProgress(items.length);
    cursor = answer.next_cursor;
  } while (cursor);
  return items;
}

export function listAllSoftware(
  q: string,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<SoftwareProgram[]> {
  return everyPage((cursor) => listSoftware(q, cursor, signal, PAGE_SIZE_MAX), onProgress);
}

export function listAllSoftwareMachines(
  name: string,
  version: string | null,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<SoftwareMachine[]> {
  return everyPage(
    (cursor) => listSoftwareMachines(name, version, cursor, signal, PAGE_SIZE_MAX),
    onProgress,
  );
}

/** A machine's timeline, newest first, a page per Load more; `filter` null is every event. */
export function useMachineChanges(machineId: string, filter: MachineChangeFilter | null) {
  return useInfiniteQuery({
    queryKey: softwareKeys.changes(machineId, filter),
    queryFn: ({ pageParam, signal }): Promise<MachineChangesResponse> => {
      const params = new URLSearchParams({ limit: String(MACHINE_CHANGES_PAGE_SIZE) });
      if (filter) params.set('kind', filter);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest(
        `/api/agents/${encodeURIComponent(machineId)}/changes?${params.toString()}`,
        machineChangesResponseSchema,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    placeholderData: keepPreviousData,
  });
}
