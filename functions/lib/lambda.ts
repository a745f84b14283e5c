import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { awsClientOptions, madeOnce } from './aws-clients';
import { config } from './config';

/**
 * Lambda through the SDK v3 client: a function of ours started asynchronously (InvocationType
 * Event), as a long job is. Lambda queues the event, answers 202 at once, and retries a run that
 * fails twice. Locally LAMBDA_ENDPOINT points the same client at the gateway's stand-in.
 */
const lambdaClient = madeOnce(() => new LambdaClient(awsClientOptions(config().LAMBDA_ENDPOINT)));

/** Starts `functionName` with `payload` as its event, without waiting for it to run. */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const { StatusCode } = await lambdaClient().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (StatusCode !== 202) throw new Error(`Lambda answered ${StatusCode} to an asynchronous invocation`);
}
