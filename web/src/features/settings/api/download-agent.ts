import { useMutation, useQuery } from '@tanstack/react-query';
import { apiErrorBodySchema } from '@shared/api';
import {
  AGENT_BUNDLE_BUILDING_CODE,
  agentBundleBuildingSchema,
  agentDownloadResponseSchema,
  type AgentBundleBuilding,
  type AgentDownloadResponse,
} from '@shared/agent-download';
import { ApiError, apiRequest, isApiError } from '../../../api/api-client';

/** A short-lived address of the agent zip (SPEC 7: download-agent). */
export function getAgentDownload(): Promise<AgentDownloadResponse> {
  return apiRequest('/api/agent/download', agentDownloadResponseSchema);
}

/** The server's `{error}` of a failed file response, as an ApiError (code and message empty when it sent none). */
async function fileError(url: string, status: number): Promise<ApiError> {
  try {
    // A HEAD answer has no body: ask again for the (small) error document.
    const response = await fetch(url, { method: 'GET', headers: { Accept: 'application/json' } });
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(await response.text()) as unknown);
    if (!response.ok && parsed.success) {
      const { code, message, details } = parsed.data.error;
      return new ApiError(response.status, code, message, details);
    }
  } catch {
    // No error document: the status alone.
  }
  return new ApiError(status, 'download_unavailable', '');
}

/**
 * Same-origin addresses (the local store) are checked before the browser is sent there, so that a
 * missing zip shows an error rather than a broken download. Presigned S3 addresses are not: they
 * are cross-origin and answer with an attachment disposition.
 */
async function checkAvailable(address: URL): Promise<void> {
  if (address.origin !== window.location.origin) return;
  let response: Response;
  try {
    response = await fetch(address, { method: 'HEAD' });
  } catch {
    throw new ApiError(0, 'network_error', '');
  }
  if (!response.ok) throw await fileError(address.href, response.status);
}

/** How far the server's build of the installer is, when `error` says it is being built; else null. */
export function installerBuilding(error: unknown): AgentBundleBuilding | null {
  if (!isApiError(error) || error.code !== AGENT_BUNDLE_BUILDING_CODE) return null;
  const parsed = agentBundleBuildingSchema.safeParse(error.details);
  return parsed.success ? parsed.data : { step: null, elapsed_seconds: 0 };
}

/** Hands the address to the browser's own download, with the zip's file name. */
export function startBrowserDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

async function availableAddress(): Promise<{ download: AgentDownloadResponse; address: URL }> {
  const download = await getAgentDownload();
  const address = new URL(download.url, window.location.origin);
  await checkAvailable(address);
  return { download, address };
}

/** Asks for the address, checks it where it can, then starts the download. */
export async function downloadAgent(): Promise<AgentDownloadResponse> {
  const { download, address } = await availableAddress();
  startBrowserDownload(address.href, download.file_name);
  return download;
}

export function useDownloadAgent() {
  return useMutation({ mutationFn: downloadAgent });
}

/** Whether the installer is there yet: ready, or still being built (and how far). */
export type InstallerAvailability = { ready: true } | { ready: false; building: AgentBundleBuilding };

async function installerAvailability(): Promise<InstallerAvailability> {
  try {
    await availableAddress();
    return { ready: true };
  } catch (error) {
    const building = installerBuilding(error);
    if (building) return { ready: false, building };
    throw error;
  }
}

const BUILD_POLL_MS = 3_000;

/** Asks every few seconds while the installer is being built, and stops once it is ready (or failed). */
export function useInstallerWhileBuilding() {
  return useQuery({
    queryKey: ['agent-installer'],
    queryFn: installerAvailability,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.ready === false ? BUILD_POLL_MS : false),
  });
}
