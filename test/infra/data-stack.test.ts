import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GLOBAL_INDEXES,
  KEY_ATTRIBUTES,
  TABLE_KEYS,
  TTL_ATTRIBUTE,
} from '../../functions/lib/table/definition';
import { App } from 'aws-cdk-lib';
import { DataStack, TABLE_INDEXES_CONTEXT_KEY } from '../../infra/aws/data-stack';
import { buildDataStack, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

interface TableProperties {
  AttributeDefinitions?: { AttributeName: string; AttributeType: string }[];
  GlobalSecondaryIndexes?: unknown[];
}

function tableProperties(template: Template): TableProperties {
  const [table] = Object.values(template.findResources('AWS::DynamoDB::Table'));
  return (table?.Properties ?? {}) as TableProperties;
}

describe('Data stack', () => {
  let template: Template;
  beforeAll(() => {
    template = templateOf(buildDataStack());
  }, SYNTH_TIMEOUT_MS);

  it('has exactly one DynamoDB table', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
  });

  it('keys the table by pk/sk from definition.ts, all string attributes', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
    });
    const definitions = tableProperties(template).AttributeDefinitions ?? [];
    expect(definitions.map((definition) => definition.AttributeName).sort()).toEqual(
      [...KEY_ATTRIBUTES].sort(),
    );
    expect(definitions.every((definition) => definition.AttributeType === 'S')).toBe(true);
  });

  it('has every global index of definition.ts with its projection (ALL unless it names what it copies), and no other', () => {
    expect(tableProperties(template).GlobalSecondaryIndexes).toEqual(
      GLOBAL_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: index.include
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] }
          : { ProjectionType: 'ALL' },
      })),
    );
    // The fleet's indexes copy only what does not move with every report (items/agents.ts); the
    // hardware list's, the id and what its filters read (items/hardware.ts).
    expect(GLOBAL_INDEXES.filter((index) => index.include).map((index) => index.indexName)).toEqual([
      'gsi3',
      'gsi4',
      'gsi5',
      'gsi6',
      'gsi7',
      'gsi8',
      'gsi9',
    ]);
    for (const index of GLOBAL_INDEXES.slice(4)) {
      expect(index).toEqual({
        indexName: index.indexName,
        partitionKey: 'pk',
        sortKey: `${index.indexName}sk`,
        include: ['id', 'status', 'asset_type', 'location_key', 'search_text'],
      });
    }
  });

  it(
    'deploys only the first n global indexes with -c tableIndexes=n, one more per update on an existing table',
    () => {
      const app = new App({ context: { [TABLE_INDEXES_CONTEXT_KEY]: '5' } });
      const indexes = tableProperties(templateOf(new DataStack(app, 'Data'))).GlobalSecondaryIndexes ?? [];
      expect(indexes.map((index) => (index as { IndexName: string }).IndexName)).toEqual([
        'gsi1',
        'gsi2',
        'gsi3',
        'gsi4',
        'gsi5',
      ]);
      for (const wrong of ['0', '10', 'two']) {
        const refused = new App({ context: { [TABLE_INDEXES_CONTEXT_KEY]: wrong } });
        expect(() => new DataStack(refused, 'Data')).toThrow(/tableIndexes/);
      }
    },
    SYNTH_TIMEOUT_MS,
  );

  it('is on-demand, with point-in-time recovery and deletion protection', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
  });

  it('expires items by the TTL attribute of definition.ts (applied webhook event ids)', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    });
  });

  it('is retained when the stack is deleted or the table replaced', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });
});

describe('Agent installer bucket', () => {
  it('is private, encrypted, TLS-only, access-logged and kept on stack deletion', () => {
    const template = templateOf(buildDataStack());
    // The installer bucket and its access-log bucket, both locked down alike.
    template.resourceCountIs('AWS::S3::Bucket', 2);
    template.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: {
        DestinationBucketName: { Ref: Match.stringLikeRegexp('AccessLogs') },
        LogFilePrefix: 'agent-bundles/',
      },
    });
    template.allResources('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      }),
    });
    template.allResourcesProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    // No installer built: nothing to upload.
    expect(Object.keys(template.findResources('Custom::CDKBucketDeployment'))).toHaveLength(0);
  });

  it(
    'uploads the built installer zip',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'itaa-bundle-'));
      writeFileSync(path.join(dir, 'IT-Asset-Auditor-Agent.zip'), 'zip');
      try {
        const template = templateOf(buildDataStack(dir));
        expect(Object.keys(template.findResources('Custom::CDKBucketDeployment'))).toHaveLength(1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    "uploads the agent updates' repository under updates/, never pruned",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'itaa-bundle-'));
      writeFileSync(path.join(dir, 'IT-Asset-Auditor-Agent.zip'), 'zip');
      mkdirSync(path.join(dir, 'updates/metadata'), { recursive: true });
      writeFileSync(path.join(dir, 'updates/metadata/timestamp.json'), '{}');
      try {
        const template = templateOf(buildDataStack(dir));
        const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
        expect(deployments).toHaveLength(2);
        expect(deployments.map((each) => each.Properties?.DestinationBucketKeyPrefix)).toContain('updates/');
        expect(deployments.every((each) => each.Properties?.Prune === false)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SYNTH_TIMEOUT_MS,
  );
});
