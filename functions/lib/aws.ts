import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { AwsV4Signer } from 'aws4fetch';
import { config } from './config';

/**
 * The AWS calls the functions make (DynamoDB, Cognito, SES), signed with aws4fetch's SigV4 signer
 * and sent with node:http(s), in place of the SDK's clients. Each SDK client brought its middleware
 * stack, @smithy/core and its HTTP handler into every bundle (some 170 KB, and most of a cold
 * start); each of these APIs is a signed JSON POST.
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

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
}

let credentials: Credentials | undefined;

/** The function's credentials (Lambda hands them over in its environment). */
function functionCredentials(): Credentials {
  if (!credentials) {
    const { AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = config();
    if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) {
      throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    }
    credentials = {
      accessKeyId: AWS_ACCESS_KEY_ID,
      secretAccessKey: AWS_SECRET_ACCESS_KEY,
      ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
      region: AWS_REGION,
    };
  }
  return credentials;
}

/** The day's signing keys (by secret, date, region and service), derived once rather than per call. */
const signingKeys = new Map<string, Buffer>();

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * aws4fetch's signer with its hashes taken by node:crypto: its own go through WebCrypto, whose
 * asynchronous digest, key import and HMAC took a tenth of the Node CPU of an agent report. The
 * canonical request, the hard part of SigV4, is still aws4fetch's.
 */
class NodeCryptoSigner extends AwsV4Signer {
  override async signature(): Promise<string> {
    const date = this.datetime.slice(0, 8);
    const cacheKey = [this.secretAccessKey, date, this.region, this.service].join();
    let signingKey = signingKeys.get(cacheKey);
    if (!signingKey) {
      signingKey = hmac(
        hmac(hmac(hmac(`AWS4${this.secretAccessKey}`, date), this.region), this.service),
        'aws4_request',
      );
      signingKeys.set(cacheKey, signingKey);
    }
    const canonicalRequestHash = createHash('sha256')
      .update(await this.canonicalString())
      .digest('hex');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      this.datetime,
      this.credentialString,
      canonicalRequestHash,
    ].join('\n');
    return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  }
}

/** The request's headers with its SigV4 Authorization (and the date and session token it signs). */
async function signedHeaders(
  url: string,
  headers: Record<string, string>,
  body: string,
  service: string,
): Promise<Record<string, string>> {
  const signed = await new NodeCryptoSigner({
    ...functionCredentials(),
    service,
    method: 'POST',
    url,
    // The payload's hash, sent and signed as the SDK sends it.
    headers: { ...headers, 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex') },
    body,
  }).sign();
  return Object.fromEntries(signed.headers);
}

/**
 * Connections kept open between calls and across a warm function's invocations, as the SDK's
 * handler keeps them: a report makes four calls, and a TCP (and TLS) handshake each would cost
 * more than the calls.
 */
const transports = {
  'http:': { request: http.request, agent: new http.Agent({ keepAlive: true }) },
  'https:': { request: https.request, agent: new https.Agent({ keepAlive: true }) },
};

interface Answer {
  status: number;
  /** The x-amzn-errortype header: some services name an error there rather than in the body. */
  errorType: string | undefined;
  text: string;
}

/**
 * One POST with node:http(s) rather than fetch: fetch builds a Request, web streams and an abort
 * signal per call, which took more of the function's CPU than anything else in a report.
 * Rejects when the connection fails, as fetch does.
 */
function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const target = new URL(url);
  const { request: send, agent } = target.protocol === 'https:' ? transports['https:'] : transports['http:'];
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', reject);
        response.on('end', () => {
          const errorType = response.headers['x-amzn-errortype'];
          resolve({
            status: response.statusCode ?? 0,
            errorType: Array.isArray(errorType) ? errorType[0] : errorType,
            text,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
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
  const body = JSON.stringify(request.body);
  for (let attempt = 1; ; attempt++) {
    let answer: Answer;
    try {
      // Signed at each attempt: a retry goes out later, and its signature carries its own time.
      const headers = request.unsigned
        ? request.headers
        : await signedHeaders(request.url, request.headers, body, request.service);
      answer = await post(request.url, headers, body);
    } catch (error) {
      // The connection failed (or a kept-alive one was closed meanwhile): worth another try, as a 5xx is.
      if (attempt >= ATTEMPTS) throw error;
      await backOff(attempt);
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) {
      return answer.text ? (JSON.parse(answer.text) as JsonObject) : {};
    }
    // An error is JSON from the service; a proxy's page in front of it (a 502, say) is not.
    const details = errorBody(answer.text);
    const type = String(details.__type ?? answer.errorType ?? `HTTP${answer.status}`);
    // "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", "NotFoundException:http://…"
    const name = type.slice(type.lastIndexOf('#') + 1).split(':')[0]!;
    const failure = new AwsError(
      name,
      String(details.message ?? details.Message ?? `${request.service} answered ${answer.status}`),
      answer.status,
      details,
    );
    const throttled = THROTTLING.has(name);
    if (attempt >= ATTEMPTS || !(answer.status >= 500 || throttled || TRANSIENT.has(name))) throw failure;
    await backOff(attempt, throttled);
  }
}

function errorBody(text: string): JsonObject {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as JsonObject) : {};
  } catch {
    return {};
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
  const signed = await new NodeCryptoSigner({
    ...functionCredentials(),
    service: 's3',
    method: 'GET',
    url: url.toString(),
    signQuery: true,
    datetime: request.now.toISOString().replace(/[:-]|\.\d{3}/g, ''),
  }).sign();
  return signed.url.toString();
}
