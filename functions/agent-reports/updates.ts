import { agentUpdateParamsSchema, AGENT_UPDATES_FOLDER } from '../../shared/agent-updates';
import { config } from '../lib/config';
import { NotFound } from '../lib/errors';
import { deviceRoute, RawAnswer } from '../lib/http';

/** Metadata up to this size is answered inline; a larger file, and every target, by a redirect. */
export const INLINE_METADATA_MAX_BYTES = 1024 * 1024;
/** How long a target's presigned address works: long enough to start a 70 MB download. */
export const UPDATE_URL_SECONDS = 300;

const NOT_PUBLISHED = 'No such update file';

function redirect(location: string): RawAnswer {
  return new RawAnswer({ statusCode: 302, headers: { location, 'cache-control': 'no-store' }, body: '' });
}

function inline(data: Buffer): RawAnswer {
  return new RawAnswer({
    statusCode: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: data.toString('base64'),
    isBase64Encoded: true,
  });
}

/**
 * GET /api/agent/updates/{path+}: the TUF repository of agent releases (agent/build/updates.ts), for
 * enrolled devices only (their token is checked before the path is looked at). Metadata is answered
 * byte for byte (its signatures and hashes cover those bytes); targets, tens of megabytes, are
 * fetched from the store through a short-lived address. Nothing is trusted here: the agent verifies
 * every file through TUF.
 */
export const handler = deviceRoute({ params: agentUpdateParamsSchema }, async ({ params, now }) => {
  const { AGENT_BUNDLE_BUCKET, AGENT_UPDATES_URL } = config();
  const isMetadata = params.path.startsWith('metadata/');
  if (AGENT_BUNDLE_BUCKET) {
    // Loaded on the first update request only: the report's cold start does not pay for S3.
    const store = await import('./update-store');
    const key = `${AGENT_UPDATES_FOLDER}/${params.path}`;
    const size = await store.objectSize(AGENT_BUNDLE_BUCKET, key);
    if (size === null) throw new NotFound(NOT_PUBLISHED);
    if (isMetadata && size <= INLINE_METADATA_MAX_BYTES) {
      return inline(await store.objectBytes(AGENT_BUNDLE_BUCKET, key));
    }
    return redirect(await store.presignedUrl(AGENT_BUNDLE_BUCKET, key, now, UPDATE_URL_SECONDS));
  }
  if (!AGENT_UPDATES_URL) throw new Error('Neither AGENT_BUNDLE_BUCKET nor AGENT_UPDATES_URL is configured');
  const location = `${AGENT_UPDATES_URL.replace(/\/+$/, '')}/${params.path}`;
  if (!isMetadata) return redirect(location);
  const answer = await fetch(location);
  if (answer.status === 404) throw new NotFound(NOT_PUBLISHED);
  if (!answer.ok) throw new Error(`The update store answered ${answer.status} for ${params.path}`);
  return inline(Buffer.from(await answer.arrayBuffer()));
});
