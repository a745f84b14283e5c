/**
 * agent-release.json, written by the build beside the release: what was built (version, Node, the
 * MSI's ProductCode, the files) and whether it is signed. A deployment reads it, so that a production
 * stage never publishes an installer built unsigned (`npm run deploy -- -c stage=prod` runs the build
 * without knowing the stage; infra/aws/app.ts checks the result).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { ZIP_NAME } from './package';
import { PRODUCTION_STAGES, SIGNING_ENV } from './signing';

export const RELEASE_MANIFEST = 'agent-release.json';

export const releaseManifestSchema = z.object({
  version: z.string(),
  node_version: z.string(),
  msi_product_code: z.string(),
  signed: z.boolean(),
  files: z.array(z.string()),
});
export type ReleaseManifest = z.output<typeof releaseManifestSchema>;

export function writeReleaseManifest(dir: string, manifest: ReleaseManifest): void {
  const file = path.join(dir, RELEASE_MANIFEST);
  fs.writeFileSync(`${file}.partial`, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(`${file}.partial`, file);
}

/** The manifest of the release in `dir`; null when there is none or it is unreadable. */
export function readReleaseManifest(dir: string): ReleaseManifest | null {
  try {
    const parsed = releaseManifestSchema.safeParse(
      JSON.parse(fs.readFileSync(path.join(dir, RELEASE_MANIFEST), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Throws when a production stage would publish the agent release in `dir` unsigned (no release: nothing to publish). */
export function assertAgentReleasePublishable(dir: string, stage: string): void {
  if (!(PRODUCTION_STAGES as readonly string[]).includes(stage.toLowerCase())) return;
  if (!fs.existsSync(path.join(dir, ZIP_NAME))) return;
  if (readReleaseManifest(dir)?.signed === true) return;
  throw new Error(
    `The agent installer in ${dir} is not signed, and the stage ${stage} publishes it to every customer. ` +
      `Build it signed (${SIGNING_ENV.stage}=${stage} ITAA_SIGNING_SECRET_ID=… npm run build:agent, see docs/deploy.md) or delete ${dir}.`,
  );
}
