import * as z from 'zod';

/**
 * Agent self-update through TUF (issue 26): what the release publisher (agent/build/updates.ts),
 * the serving route (functions/agent-reports/updates.ts) and the agent (agent/src/update.ts) agree
 * on. A release's files are TUF targets named `<version>/<platform>/<file name>`, e.g.
 * `1.2.0/windows-x64/IT-Asset-Auditor-Agent.msi`, with custom metadata {version, platform, kind}.
 */

/** The route's prefix: GET /api/agent/updates/metadata/timestamp.json, …/targets/1.2.0/linux-x64/… */
export const AGENT_UPDATES_ROUTE_PREFIX = '/api/agent/updates';
/** Under the agent-bundles bucket (AWS) and the local store's folder: metadata/ and targets/. */
export const AGENT_UPDATES_FOLDER = 'updates';

/** Where an agent runs, as target paths name it: `${os}-${arch}`. */
export const AGENT_UPDATE_PLATFORMS = [
  'windows-x64',
  'windows-arm64',
  'linux-x64',
  'linux-arm64',
  'darwin-x64',
  'darwin-arm64',
] as const;
export type AgentUpdatePlatform = (typeof AGENT_UPDATE_PLATFORMS)[number];

/**
 * What a target is to the agent: 'msi' is installed with msiexec (Windows); 'program' replaces the
 * running program file (the Linux single executable, or a bundle run by node); 'deb' is published
 * for people who install packages themselves, never installed by the agent.
 */
export const AGENT_UPDATE_KINDS = ['msi', 'program', 'deb'] as const;
export type AgentUpdateKind = (typeof AGENT_UPDATE_KINDS)[number];

/** The Windows installer's name, the same in every release. */
export const AGENT_MSI_FILE_NAME = 'IT-Asset-Auditor-Agent.msi';

/** A version as releases are numbered: 1.2.0. */
export const AGENT_RELEASE_VERSION_PATTERN = /^\d+\.\d+\.\d+$/;
/** One path segment of a target: letters, digits, dot, dash, underscore; never "." or "..". */
const SEGMENT_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

export const agentUpdateTargetCustomSchema = z.object({
  version: z.string().regex(AGENT_RELEASE_VERSION_PATTERN),
  platform: z.enum(AGENT_UPDATE_PLATFORMS),
  kind: z.enum(AGENT_UPDATE_KINDS),
});
export type AgentUpdateTargetCustom = z.infer<typeof agentUpdateTargetCustomSchema>;

/** A release file's target path. */
export function agentUpdateTargetPath(
  version: string,
  platform: AgentUpdatePlatform,
  fileName: string,
): string {
  if (!AGENT_RELEASE_VERSION_PATTERN.test(version)) throw new Error(`Not a release version: ${version}`);
  if (!SEGMENT_PATTERN.test(fileName)) throw new Error(`Not a release file name: ${fileName}`);
  return `${version}/${platform}/${fileName}`;
}

/** The platform of this process (`process.platform`, `process.arch`), or null when releases have none. */
export function agentUpdatePlatform(platform: string, arch: string): AgentUpdatePlatform | null {
  const os = platform === 'win32' ? 'windows' : platform;
  const name = `${os}-${arch}`;
  return (AGENT_UPDATE_PLATFORMS as readonly string[]).includes(name) ? (name as AgentUpdatePlatform) : null;
}

/** TUF's top-level metadata files, and root's earlier versions (2.root.json) a client walks through. */
const METADATA_FILE_PATTERN = /^metadata\/(?:root|timestamp|snapshot|targets|[1-9]\d{0,5}\.root)\.json$/;

/**
 * The `{path+}` of GET /api/agent/updates/{path+}: a metadata file, or a target under targets/ of at
 * most four plain segments. Nothing else of the store is reachable, and no "..", "//" or "%2f"
 * trick either (the path is checked after the gateway decoded it).
 */
export const agentUpdateFilePathSchema = z
  .string()
  .max(400, { error: 'The path is too long' })
  .refine(
    (path) => {
      if (METADATA_FILE_PATTERN.test(path)) return true;
      const segments = path.split('/');
      return (
        segments[0] === 'targets' &&
        segments.length >= 2 &&
        segments.length <= 5 &&
        segments.slice(1).every((segment) => SEGMENT_PATTERN.test(segment))
      );
    },
    { error: 'Not an update file: metadata/<role>.json or targets/<version>/<platform>/<file>' },
  );

export const agentUpdateParamsSchema = z.strictObject({ path: agentUpdateFilePathSchema });

/** The updates' base URL beside the report route: …/api/agent/report → …/api/agent/updates. */
export function agentUpdatesUrl(reportEndpoint: string): string {
  const url = new URL(reportEndpoint);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = /\/api\/agent\/report$/.test(path)
    ? path.replace(/\/report$/, '/updates')
    : `${path.replace(/\/api\/agent$/, '')}${AGENT_UPDATES_ROUTE_PREFIX}`;
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}
