import * as z from 'zod';
import { AGENT_BUNDLE_FILE_NAME } from './agent-data';

/** The agent download (SPEC 7: download-agent): a short-lived address of the zip. */
export const AGENT_DOWNLOAD_MESSAGES = {
  failed: 'Download failed',
  alert: 'Failed to download agent installer. Please try again.',
  /**
   * Where the installer is built by the server itself (the local stack, after a fresh start or a
   * change to the agent): not a failure, a wait (issue 34). In AWS `npm run deploy` uploads it.
   */
  building:
    'The agent installer is being built on this server. It is offered here as soon as it is ready: up to about 2 minutes the first time on a 2-core machine.',
  buildingStep: (step: string, seconds: number) => `Now: ${step} (${seconds} s so far)`,
  ready: 'The agent installer is ready.',
} as const;

export const agentDownloadResponseSchema = z.object({
  url: z.string().min(1),
  file_name: z.literal(AGENT_BUNDLE_FILE_NAME),
  /** When the address stops working; null when it does not expire (the local store). */
  expires_at: z.string().nullable(),
});
export type AgentDownloadResponse = z.infer<typeof agentDownloadResponseSchema>;

/** The answer (503) of the zip's address while the server builds it, and what it says of the build. */
export const AGENT_BUNDLE_BUILDING_CODE = 'agent_bundle_building';
export const agentBundleBuildingSchema = z.object({
  /** The build's current step as it prints it ("Building the MSI (wixl)"), null before the first. */
  step: z.string().nullable(),
  elapsed_seconds: z.number().int().nonnegative(),
});
export type AgentBundleBuilding = z.infer<typeof agentBundleBuildingSchema>;
