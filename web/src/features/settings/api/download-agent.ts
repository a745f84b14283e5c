import { useMutation } from '@tanstack/react-query';
import { apiErrorBodySchema } from '@shared/api';
import { agentDownloadResponseSchema, type AgentDownloadResponse } from '@shared/agent-data';
import { ApiError, apiRequest } from '../../../api/api-client';

/** A short-lived address of the agent zip (SPEC 7: download-agent). */
export function getAgentDownload(): Promise<AgentDownloadResponse> {
  return apiRequest('/api/agent/download', agentDownloadResponseSchema);
}

/** The server's `{error:{message}}` of a failed file response, when it sent one. */
async function fileErrorMessage(url: string): Promise<string | null> {
  try {
    // A HEAD answer has no body: ask again for the (small) error document.
    const response = await fetch(url, { method: 'GET', headers: { Accept: 'application/json' } });
    if (response.ok) return null;
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(await response.text()) as unknown);
    return parsed.success ? parsed.data.error.message : null;
  } catch {
    return null;
  }
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
  if (response.ok) return;
  const message = await fileErrorMessage(address.href);
  throw new ApiError(response.status, 'download_unavailable', message ?? '');
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

/** Asks for the address, checks it where it can, then starts the download. */
export async function downloadAgent(): Promise<AgentDownloadResponse> {
  const download = await getAgentDownload();
  const address = new URL(download.url, window.location.origin);
  await checkAvailable(address);
  startBrowserDownload(address.href, download.file_name);
  return download;
}

export function useDownloadAgent() {
  return useMutation({ mutationFn: downloadAgent });
}
