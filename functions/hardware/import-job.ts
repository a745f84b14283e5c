import type { Context } from 'aws-lambda';
import { logger } from '../lib/logger';
import { importJobEventSchema } from './import-jobs';
import { runImportJob } from './import-run';

/**
 * The CSV import's job function (infra/aws/import-job.ts), started asynchronously by the upload
 * (POST /api/hardware/import) with the job to run. A failure is thrown: Lambda retries the event.
 */
export async function handler(event: unknown, context: Context): Promise<void> {
  const { organization_id: organizationId, job_id: jobId } = importJobEventSchema.parse(event);
  logger.appendKeys({ request_id: context.awsRequestId, job_id: jobId });
  await runImportJob(organizationId, jobId, context.awsRequestId);
}
