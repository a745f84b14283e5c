import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  GLOBAL_INDEXES,
  KEY_ATTRIBUTES,
  type GlobalIndexDefinition,
  TABLE_KEYS,
  TTL_ATTRIBUTE,
} from '../../functions/lib/table/definition';
import { waitFor } from './wait';

const require = createRequire(import.meta.url);

export const JAVA_MISSING =
  'IT Asset Auditor needs a Java runtime for DynamoDB Local. Install one with: sudo apt-get install -y default-jre-headless (macOS: brew install openjdk)';

export function javaAvailable(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

const LOOPBACK_LAUNCHER = fileURLToPath(
  new URL('./dynamodb-loopback/LoopbackDynamoDbLocal.java', import.meta.url),
);

/**
 * The official DynamoDB Local emulator, whose jar ships in the amplify-dynamodb-simulator package,
 * listening on 127.0.0.1 only (issue 35): nobody else on the network reaches the local table.
 */
export function startDynamoDbLocal(port: number, dataDir: string): ChildProcess {
  const emulatorDir = path.join(
    path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );
  mkdirSync(dataDir, { recursive: true });
  const libraries = path.join(emulatorDir, 'DynamoDBLocal_lib');
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${libraries}`,
      '-cp',
      [path.join(emulatorDir, 'DynamoDBLocal.jar'), path.join(libraries, '*')].join(path.delimiter),
      // The emulator's own main listens on every interface; this one binds it to 127.0.0.1.
      LOOPBACK_LAUNCHER,
      '-dbPath',
      dataDir,
      '-port',
      String(port),
      '-disableTelemetry',
    ],
    // Run inside the data folder: the emulator writes a metadata file into its working directory.
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: dataDir },
  );
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[dynamodb] ${chunk.toString()}`));
  return child;
}

export function dynamoDbClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the table, from the same definition the CDK Data stack uses, unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await waitFor('DynamoDB Local', async () => {
    await client.send(new DescribeTableCommand({ TableName: tableName })).catch((error: unknown) => {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    });
  });
  const exists = await client
    .send(new DescribeTableCommand({ TableName: tableName }))
    .then(() => true)
    .catch((error: unknown) => {
      if (error instanceof ResourceNotFoundException) return false;
      throw error;
    });
  if (!exists) await createTable(client, tableName);
  else await addMissingIndexes(client, tableName);
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  }
}

function indexDefinition(index: GlobalIndexDefinition) {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: index.include
      ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.include] }
      : { ProjectionType: 'ALL' as const },
  };
}

/**
 * A local table made before an index was defined gets it, as a deployment adds it to DynamoDB: one
 * at a time, each built over the items already there before the next (and before the stack serves).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of GLOBAL_INDEXES.filter(({ indexName }) => !present.has(indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: KEY_ATTRIBUTES.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
    await waitFor(`The table's index ${index.indexName}`, async () => {
      const { Table: now } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const status = now?.GlobalSecondaryIndexes?.find(({ IndexName }) => IndexName === index.indexName);
      if (status?.IndexStatus !== 'ACTIVE') throw new Error(`still ${status?.IndexStatus ?? 'missing'}`);
    });
  }
}

async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: KEY_ATTRIBUTES.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map(indexDefinition),
    }),
  );
}
