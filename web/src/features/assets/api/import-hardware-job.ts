import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isImportFinished, type ImportJob } from '@shared/hardware-import-job';
import { isApiError } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';
import { getImportJob } from './import-hardware';

/**
 * The import this browser follows: the last one started here, until the person closes its result.
 * It is polled about every second while it runs, whether or not the dialog is open, and the
 * inventory is refreshed when it ends; its id is kept in localStorage, so a reloaded or reopened
 * app shows it again.
 */
export interface FollowedImport {
  job: ImportJob | null;
  /** Set while the job's progress cannot be read (the network); polling goes on. */
  problem: string | null;
  /** The remembered import is being read again (the app was reloaded). */
  loading: boolean;
}

const STORAGE_KEY = 'it-asset-auditor.hardware-import';
export const IMPORT_POLL_MS = 1_000;
const POLL_BACKOFF_MAX_MS = 10_000;

let followed: FollowedImport = { job: null, problem: null, loading: false };
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
/** Bumped when another import is followed, so a poll of the last one lands nowhere. */
let generation = 0;

function set(next: FollowedImport): void {
  followed = next;
  for (const listener of listeners) listener();
}

function remembered(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(id: string | null): void {
  try {
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private windows may refuse storage: the import is followed for this page only.
  }
}

function poll(id: string, queryClient: QueryClient, delayMs: number): void {
  clearTimeout(timer);
  const mine = generation;
  timer = setTimeout(() => {
    getImportJob(id).then(
      async (job) => {
        if (mine !== generation) return;
        set({ job, problem: null, loading: false });
        if (!isImportFinished(job)) return poll(id, queryClient, IMPORT_POLL_MS);
        if (job.success > 0) await invalidateInventory(queryClient);
      },
      (error: unknown) => {
        if (mine !== generation) return;
        // Gone (expired, another organisation's): nothing to follow.
        if (isApiError(error) && (error.status === 404 || error.status === 400)) return forgetImport();
        set({ ...followed, problem: 'Checking the import’s progress failed; trying again…' });
        poll(id, queryClient, Math.min(POLL_BACKOFF_MAX_MS, delayMs * 2));
      },
    );
  }, delayMs);
}

/** Follows a job the upload just started. */
export function followImport(job: ImportJob, queryClient: QueryClient): void {
  generation++;
  remember(job.id);
  set({ job, problem: null, loading: false });
  if (!isImportFinished(job)) poll(job.id, queryClient, IMPORT_POLL_MS);
}

/** Picks up the remembered import, if this page does not follow one yet (the app was reloaded). */
export function resumeFollowedImport(queryClient: QueryClient): void {
  const id = remembered();
  if (followed.job || !id) return;
  generation++;
  set({ job: null, problem: null, loading: true });
  poll(id, queryClient, 0);
}

/** Stops following: the person has read the result, or starts another file. */
export function forgetImport(): void {
  generation++;
  clearTimeout(timer);
  remember(null);
  set({ job: null, problem: null, loading: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFollowedImport(): FollowedImport {
  return useSyncExternalStore(subscribe, () => followed);
}
