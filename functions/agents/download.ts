import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import type { AgentDownloadResponse } from '../../shared/agent-download';
import { awsClientOptions, madeOnce } from '../lib/aws-clients';
import { config } from '../lib/config';
import { userRoute } from '../lib/http';

/** The zip (about 30 MB) is beyond Lambda's response limit: the browser fetches it from the store. */
const DOWNLOAD_URL_SECONDS = 300;

const s3 = madeOnce(() => new S3Client(awsClientOptions()));

/** A GET of the installer in the bucket, signed for DOWNLOAD_URL_SECONDS from `now`, as an attachment. */
export function presignedDownloadUrl(bucket: string, now: Date): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucket,
      Key: AGENT_BUNDLE_FILE_NAME,
      ResponseContentDisposition: `attachment; filename="${AGENT_BUNDLE_FILE_NAME}"`,
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS, signingDate: now },
  );
}

export const handler = userRoute({}, async ({ now }): Promise<AgentDownloadResponse> => {
  const { AGENT_BUNDLE_BUCKET, AGENT_BUNDLE_URL } = config();
  if (AGENT_BUNDLE_BUCKET) {
    const url = await presignedDownloadUrl(AGENT_BUNDLE_BUCKET, now);
    const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString();
    return { url, file_name: AGENT_BUNDLE_FILE_NAME, expires_at: expiresAt };
  }
  if (AGENT_BUNDLE_URL) return { url: AGENT_BUNDLE_URL, file_name: AGENT_BUNDLE_FILE_NAME, expires_at: null };
  throw new Error('Neither AGENT_BUNDLE_BUCKET nor AGENT_BUNDLE_URL is configured');
});
