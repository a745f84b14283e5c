import { randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { readBodyUpTo } from './request-body';

/**
 * The local stand-in for AWS Secrets Manager, as far as the product calls it: GetSecretValue by
 * name and version stage, and the two calls a rotation makes (PutSecretValue of a pending value,
 * UpdateSecretVersionStage to make it current), in Secrets Manager's JSON wire format
 * (X-Amz-Target: secretsmanager.<Call>). The functions reach it through SECRETS_MANAGER_ENDPOINT =
 * `${gateway}${LOCAL_SECRETS_MANAGER_PATH}`; the SigV4 signature is not checked. Secrets live in
 * memory: the local stack makes its origin secret afresh on every start.
 */
export const LOCAL_SECRETS_MANAGER_PATH = '/dev/secretsmanager';

/** The origin secret's name at the stand-in (the functions' ORIGIN_SECRET_ARN locally). */
export const LOCAL_ORIGIN_SECRET_NAME = 'it-asset-auditor/local/origin-secret';

interface Version {
  id: string;
  value: string;
  stages: Set<string>;
  createdAt: number;
}

const MAX_BODY_BYTES = 64 * 1024;

const getSchema = z.object({ SecretId: z.string().min(1), VersionStage: z.string().min(1).optional() });
const putSchema = z.object({
  SecretId: z.string().min(1),
  SecretString: z.string().min(1),
  ClientRequestToken: z.string().min(1).optional(),
  VersionStages: z.array(z.string().min(1)).optional(),
});
const stageSchema = z.object({
  SecretId: z.string().min(1),
  VersionStage: z.string().min(1),
  MoveToVersionId: z.string().min(1).optional(),
  RemoveFromVersionId: z.string().min(1).optional(),
});

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export class LocalSecrets {
  private readonly secrets = new Map<string, Version[]>();

  /** A new secret whose AWSCURRENT is `value` (a random one when not given). */
  create(name: string, value: string = randomBytes(32).toString('base64url')): void {
    this.secrets.set(name, [
      { id: randomUUID(), value, stages: new Set(['AWSCURRENT']), createdAt: Date.now() },
    ]);
  }

  private versions(name: string): Version[] {
    const versions = this.secrets.get(name);
    if (!versions) throw new ServiceError('ResourceNotFoundException', `Secrets Manager can't find ${name}`);
    return versions;
  }

  /** The value at a stage, or null when no version has it. */
  value(name: string, stage = 'AWSCURRENT'): string | null {
    return this.secrets.get(name)?.find((version) => version.stages.has(stage))?.value ?? null;
  }

  get(name: string, stage = 'AWSCURRENT'): Version {
    const found = this.versions(name).find((version) => version.stages.has(stage));
    if (!found) {
      throw new ServiceError(
        'ResourceNotFoundException',
        `Secrets Manager can't find the specified secret value for staging label: ${stage}`,
      );
    }
    return found;
  }

  /** PutSecretValue: a new version with the stages named (AWSCURRENT when none), taken from the others. */
  put(name: string, value: string, stages: string[] = ['AWSCURRENT'], id: string = randomUUID()): Version {
    const versions = this.versions(name);
    for (const stage of stages) this.moveStage(versions, stage);
    const version = { id, value, stages: new Set(stages), createdAt: Date.now() };
    versions.push(version);
    return version;
  }

  /** UpdateSecretVersionStage; moving AWSCURRENT leaves AWSPREVIOUS on the version it left, as AWS does. */
  updateStage(name: string, stage: string, moveTo?: string): void {
    const versions = this.versions(name);
    const target = moveTo === undefined ? undefined : versions.find((version) => version.id === moveTo);
    if (moveTo !== undefined && !target)
      throw new ServiceError('ResourceNotFoundException', `No version ${moveTo}`);
    const left = this.moveStage(versions, stage);
    if (stage === 'AWSCURRENT' && left && left !== target) {
      this.moveStage(versions, 'AWSPREVIOUS');
      left.stages.add('AWSPREVIOUS');
    }
    target?.stages.add(stage);
  }

  private moveStage(versions: Version[], stage: string): Version | undefined {
    const holder = versions.find((version) => version.stages.has(stage));
    holder?.stages.delete(stage);
    return holder;
  }
}

function answer(res: ServerResponse, statusCode: number, body: unknown, errorType?: string) {
  res.writeHead(statusCode, {
    'content-type': 'application/x-amz-json-1.1',
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(JSON.stringify(errorType ? { __type: errorType, message: body } : body));
}

function call(secrets: LocalSecrets, target: string, input: unknown): unknown {
  switch (target) {
    case 'GetSecretValue': {
      const { SecretId, VersionStage } = getSchema.parse(input);
      const version = secrets.get(SecretId, VersionStage);
      return {
        ARN: SecretId,
        Name: SecretId,
        VersionId: version.id,
        SecretString: version.value,
        VersionStages: [...version.stages],
        CreatedDate: version.createdAt / 1000,
      };
    }
    case 'PutSecretValue': {
      const { SecretId, SecretString, ClientRequestToken, VersionStages } = putSchema.parse(input);
      const version = secrets.put(SecretId, SecretString, VersionStages, ClientRequestToken);
      return { ARN: SecretId, Name: SecretId, VersionId: version.id, VersionStages: [...version.stages] };
    }
    case 'UpdateSecretVersionStage': {
      const { SecretId, VersionStage, MoveToVersionId } = stageSchema.parse(input);
      secrets.updateStage(SecretId, VersionStage, MoveToVersionId);
      return { ARN: SecretId, Name: SecretId };
    }
    default:
      throw new ServiceError('InvalidRequestException', `The local Secrets Manager does not serve ${target}`);
  }
}

/** Handles one request to the stand-in (POST with X-Amz-Target), at any path. */
export async function handleSecretsManager(
  req: IncomingMessage,
  res: ServerResponse,
  secrets: LocalSecrets,
): Promise<void> {
  const raw = await readBodyUpTo(req, MAX_BODY_BYTES);
  const target = String(req.headers['x-amz-target'] ?? '').replace(/^secretsmanager\./, '');
  try {
    if (raw === null) throw new ServiceError('InvalidRequestException', 'The request is too large');
    answer(res, 200, call(secrets, target, JSON.parse(raw.toString('utf8') || '{}')));
  } catch (error) {
    if (error instanceof ServiceError) return answer(res, 400, error.message, error.type);
    answer(res, 400, error instanceof Error ? error.message : String(error), 'InvalidParameterException');
  }
}

/** The stand-in on a port of its own, on loopback, for tests that run a handler without the stack. */
export function startSecretsManager(
  secrets: LocalSecrets,
  port = 0,
): Promise<{ server: Server; url: string }> {
  const server = http.createServer((req, res) => {
    handleSecretsManager(req, res, secrets).catch(() => res.end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${bound}` });
    });
  });
}
