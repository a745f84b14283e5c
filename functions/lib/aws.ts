import { AwsClient } from 'aws4fetch';
import { config } from './config';

/**
 * The AWS calls the functions make (DynamoDB, Cognito, SES), signed with aws4fetch and sent with
 * Node's fetch, in place of the SDK's clients. Each SDK client brought its middleware stack,
 * @smithy/core and Node's http stack into every bundle (some 170 KB, and most of a cold start); each
 * of these APIs is a signed JSON POST.
 */

export type JsonObject = Record<string, unknown>;

/** An error an AWS service answered with; `name` is its type (ConditionalCheckFailedException …). */
export class AwsError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
    /** The whole error body: DynamoDB's TransactionCanceledException has CancellationReasons in it. */
    readonly body: JsonObject,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * Errors worth the same request again, as the SDK's retry strategy classes them
 * (@smithy/service-error-classification): throttling, which waits longer, and transient failures.
 * A transaction still running under the same ClientRequestToken (TransactionInProgressException)
 * is one: the retry answers once the first attempt has finished.
 */
const THROTTLING = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const ATTEMPTS = 3;

const signers = new Map<string, AwsClient>();

/** The function's credentials (Lambda hands them over in its environment), for one service. */
function signer(service: string): AwsClient {
  let client = signers.get(service);
  if (!client) {
    const { AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = config();
    if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) {
      throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    }
    client = new AwsClient({
      accessKeyId: AWS_ACCESS_KEY_ID,
      secretAccessKey: AWS_SECRET_ACCESS_KEY,
      ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
      region: AWS_REGION,
      service,
      // Retries are ours: DynamoDB throttles with a 400, which aws4fetch would not retry.
      retries: 0,
    });
    signers.set(service, client);
  }
  return client;
}

/** Full jitter on the SDK's standard bases: 100 ms, and 500 ms after throttling. */
function backOff(attempt: number, throttled = false): Promise<void> {
  const base = throttled ? 500 : 100;
  return new Promise((resolve) => setTimeout(resolve, Math.random() * base * 2 ** (attempt - 1)));
}

export interface AwsRequest {
  /** The signing name: dynamodb, cognito-idp, ses. */
  service: string;
  url: string;
  headers: Record<string, string>;
  body: JsonObject;
  /** Cognito's ForgotPassword is a public call: the SDK sends it unsigned, and so do we. */
  unsigned?: boolean;
}

/** Sends one JSON request, retrying throttling, 5xx and dropped connections; the answer's JSON. */
export async function awsRequest(request: AwsRequest): Promise<JsonObject> {
  const init = {
    method: 'POST',
    headers: request.headers,
    body: JSON.stringify(request.body),
  };
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = request.unsigned
        ? await fetch(request.url, init)
        : await signer(request.service).fetch(request.url, init);
    } catch (error) {
      // fetch rejects when the connection fails: worth another try, as a 5xx is.
      if (attempt >= ATTEMPTS) throw error;
      await backOff(attempt);
      continue;
    }
    if (response.ok) {
      const text = await response.text();
      return text ? (JSON.parse(text) as JsonObject) : {};
    }
    // An error is JSON from the service; a proxy's page in front of it (a 502, say) is not.
    const body = ((await response.json().catch(() => null)) ?? {}) as JsonObject;
    const type = String(body.__type ?? response.headers.get('x-amzn-errortype') ?? `HTTP${response.status}`);
    // "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", "NotFoundException:http://…"
    const name = type.slice(type.lastIndexOf('#') + 1).split(':')[0]!;
    const failure = new AwsError(
      name,
      String(body.message ?? body.Message ?? `${request.service} answered ${response.status}`),
      response.status,
      body,
    );
    const throttled = THROTTLING.has(name);
    if (attempt >= ATTEMPTS || !(response.status >= 500 || throttled || TRANSIENT.has(name))) throw failure;
    await backOff(attempt, throttled);
  }
}

/** A call of an AWS JSON-protocol API (DynamoDB 1.0, Cognito 1.1): one POST named by its target. */
export function awsJsonCall(
  request: Omit<AwsRequest, 'headers'> & { target: string; jsonVersion: '1.0' | '1.1' },
): Promise<JsonObject> {
  return awsRequest({
    ...request,
    headers: {
      'content-type': `application/x-amz-json-${request.jsonVersion}`,
      'x-amz-target': request.target,
    },
  });
}

/** Whether an error is the AWS error of that name. */
export function isAwsError(error: unknown, name: string): error is AwsError {
  return error instanceof AwsError && error.name === name;
}

/**
 * A presigned GET of an S3 object: query-string SigV4 with an unsigned payload, as the SDK's
 * presigner makes it, valid `seconds` from `now`.
 */
export async function presignedS3Url(request: {
  bucket: string;
  key: string;
  /** Query parameters signed with it (response-content-disposition …). */
  query: Record<string, string>;
  seconds: number;
  now: Date;
}): Promise<string> {
  const url = new URL(
    `https://${request.bucket}.s3.${config().AWS_REGION}.amazonaws.com/${encodeURIComponent(request.key)}`,
  );
  for (const [name, value] of Object.entries(request.query)) url.searchParams.set(name, value);
  url.searchParams.set('X-Amz-Expires', String(request.seconds));
  const signed = await signer('s3').sign(url.toString(), {
    method: 'GET',
    aws: { signQuery: true, datetime: request.now.toISOString().replace(/[:-]|\.\d{3}/g, '') },
  });
  return signed.url;
}
