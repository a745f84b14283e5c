import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';

describe('the agent installer download', () => {
  beforeAll(() => {
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-2',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      TABLE_NAME: 'itam',
      USER_POOL_ID: 'eu-west-2_test',
      USER_POOL_CLIENT_ID: 'client',
    });
  });

  it('is a GET of the bucket’s installer presigned for 5 minutes from now, as an attachment', async () => {
    const { presignedDownloadUrl } = await import('./download');
    const now = new Date('2026-11-26T09:30:00.000Z');
    const url = new URL(await presignedDownloadUrl('itam-agent-bundles', now));
    expect(url.origin).toBe('https://itam-agent-bundles.s3.eu-west-2.amazonaws.com');
    expect(url.pathname).toBe(`/${AGENT_BUNDLE_FILE_NAME}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20261126/eu-west-2/s3/aws4_request',
      'X-Amz-Date': '20261126T093000Z',
      'X-Amz-Expires': '300',
      'X-Amz-SignedHeaders': 'host',
      'response-content-disposition': `attachment; filename="${AGENT_BUNDLE_FILE_NAME}"`,
    });
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
