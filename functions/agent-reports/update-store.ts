import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { awsClientOptions, madeOnce } from '../lib/aws-clients';

/** The agent updates in the agent-bundles bucket (under updates/): read, sized, handed out by address. */
const s3 = madeOnce(() => new S3Client(awsClientOptions()));

/** The object's size, or null when there is none (S3 answers 404, or 403 without s3:ListBucket). */
export async function objectSize(bucket: string, key: string): Promise<number | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || status === 403) return null;
    throw error;
  }
}

export async function objectBytes(bucket: string, key: string): Promise<Buffer> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!answer.Body) throw new Error(`s3://${bucket}/${key} has no body`);
  return Buffer.from(await answer.Body.transformToByteArray());
}

export function presignedUrl(bucket: string, key: string, now: Date, seconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), {
    expiresIn: seconds,
    signingDate: now,
  });
}
