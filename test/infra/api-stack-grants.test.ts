import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../../functions/lib/config';
import { featuresInUse, type Feature } from '../../functions/routes';
import type { ApiStack } from '../../infra/aws/api-stack';
import { FEATURE_ACCESS, mailFromAddress } from '../../infra/aws/function';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { AGENT_UPDATES_FOLDER } from '../../shared/agent-updates';
import { apiStackTemplate, type ApiStackTemplate, type Resource } from '../support/api-stack-template';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

/** What each feature's function may call beyond the table: Cognito, email, secrets, S3 (the Api stack's grants). */

const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  // Turning MFA off after a sign-in proves the password and code (issue 25).
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminRespondToAuthChallenge',
  'cognito-idp:AdminSetUserMFAPreference',
  'cognito-idp:AdminUserGlobalSignOut',
];

let api: ApiStack;
let resources: Record<string, Resource>;
let read: ApiStackTemplate;

beforeAll(() => {
  api = buildApiStacks().api;
  const template: Template = templateOf(api);
  read = apiStackTemplate(api, template);
  resources = read.resources;
}, SYNTH_TIMEOUT_MS);

const functionLogicalId = (feature: Feature) => read.functionLogicalId(feature);
const policyStatementsOf = (feature: Feature) => read.policyStatementsOf(feature);

describe('least privilege', () => {
  it('gives the auth function the Cognito admin actions on the pool ARN only', () => {
    const cognito = policyStatementsOf('auth').filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')),
    );
    expect(cognito).toHaveLength(1);
    expect([cognito[0]?.Action].flat().sort()).toEqual([...COGNITO_ADMIN_ACTIONS].sort());
    expect(cognito[0]?.Resource).toEqual({
      'Fn::ImportValue': expect.stringMatching(/ExportsOutputFnGetAttUserPool\w*Arn/),
    });
  });

  it('grants no Cognito or table action on "*"', () => {
    for (const feature of featuresInUse()) {
      for (const statement of policyStatementsOf(feature)) {
        const actions = [statement.Action].flat();
        if (actions.some((action) => action.startsWith('cognito-idp:') || action.startsWith('dynamodb:'))) {
          expect([statement.Resource].flat()).not.toContain('*');
        }
      }
    }
  });

  it('gives Cognito admin actions to no feature without an entry for them', () => {
    for (const feature of featuresInUse().filter((name) => name !== 'auth')) {
      const actions = policyStatementsOf(feature).flatMap((statement) => [statement.Action].flat());
      const expected = api.functions.get(feature)?.access.cognito ?? [];
      expect(actions.filter((action) => action.startsWith('cognito-idp:')).sort()).toEqual(
        [...expected].sort(),
      );
    }
  });

  it('lets only the auth (sign-up codes), team and alerts (the digest) functions send email, and tells only them the From', () => {
    const senders = ['auth', 'team', 'alerts'];
    expect(Object.entries(FEATURE_ACCESS).filter(([, access]) => access.mail)).toEqual([
      ['auth', expect.objectContaining({ mail: true })],
      ['team', expect.objectContaining({ mail: true })],
      ['alerts', expect.objectContaining({ mail: true })],
    ]);
    for (const feature of featuresInUse()) {
      const actions = policyStatementsOf(feature).flatMap((statement) => [statement.Action].flat());
      expect(actions.includes('ses:SendEmail'), feature).toBe(senders.includes(feature));
      expect(actions.filter((action) => action.startsWith('ses:') && action !== 'ses:SendEmail')).toEqual([]);
      const variables = (
        resources[functionLogicalId(feature)]?.Properties as {
          Environment: { Variables: Record<string, unknown> };
        }
      ).Environment.Variables;
      expect('MAIL_FROM' in variables, feature).toBe(senders.includes(feature));
    }
  });

  it.skipIf(!featuresInUse().includes('team'))(
    'lets the team function send only from the MAIL_FROM identities, never "*"',
    () => {
      const ses = policyStatementsOf('team').filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('ses:')),
      );
      expect(ses).toHaveLength(1);
      expect(ses[0]?.Action).toBe('ses:SendEmail');
      const { address, domain } = mailFromAddress(DEFAULT_MAIL_FROM);
      const resourcesJson = JSON.stringify(ses[0]?.Resource);
      expect([ses[0]?.Resource].flat()).not.toContain('*');
      expect(resourcesJson).toContain(`:identity/${domain}`);
      expect(resourcesJson).toContain(`:identity/${address}`);
    },
  );

  it('lets only billing and organisation deletion (which cancels the subscription) read the Stripe keys, by the secret ARN, never in plain text', () => {
    const callsStripe = new Set(['billing', 'organizations']);
    expect(Object.entries(FEATURE_ACCESS).filter(([, access]) => access.stripe)).toEqual([
      ['organizations', expect.objectContaining({ stripe: true })],
      ['billing', expect.objectContaining({ stripe: true })],
    ]);
    for (const feature of featuresInUse()) {
      // Every function reads CloudFront's origin secret (issue 35); the Stripe keys are another secret.
      const readsStripeKeys = policyStatementsOf(feature).some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes('StripeKeys'),
      );
      expect(readsStripeKeys, feature).toBe(callsStripe.has(feature));
      const variables = (
        resources[functionLogicalId(feature)]?.Properties as {
          Environment: { Variables: Record<string, unknown> };
        }
      ).Environment.Variables;
      expect('STRIPE_SECRETS_ARN' in variables, feature).toBe(callsStripe.has(feature));
      expect('STRIPE_SECRET_KEY' in variables || 'STRIPE_WEBHOOK_SECRET' in variables, feature).toBe(false);
    }
  });

  it('lets S3 be read only by the agents function (the installer zip) and the agent reports (updates/*)', () => {
    const allowed: Partial<Record<string, string>> = {
      agents: `/${AGENT_BUNDLE_FILE_NAME}`,
      'agent-reports': `/${AGENT_UPDATES_FOLDER}/*`,
    };
    for (const feature of featuresInUse()) {
      const s3 = policyStatementsOf(feature).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('s3:')),
      );
      const object = allowed[feature];
      if (!object) {
        expect(s3, feature).toEqual([]);
        continue;
      }
      expect(s3, feature).toHaveLength(1);
      expect(s3[0]?.Action).toBe('s3:GetObject');
      expect(JSON.stringify(s3[0]?.Resource)).toContain(object);
    }
  });

  it('reads the address and domain of a From', () => {
    expect(mailFromAddress('IT Asset Auditor <no-reply@example.com>')).toEqual({
      address: 'no-reply@example.com',
      domain: 'example.com',
    });
    expect(mailFromAddress('ops@mail.example.org')).toEqual({
      address: 'ops@mail.example.org',
      domain: 'mail.example.org',
    });
    expect(() => mailFromAddress('IT Asset Auditor')).toThrow(/no email address/);
  });

  it('grants each feature the table access of FEATURE_ACCESS, indexes included', () => {
    for (const feature of featuresInUse()) {
      const access = api.functions.get(feature)?.access.table;
      const statements = policyStatementsOf(feature);
      const actions = statements.flatMap((statement) => [statement.Action].flat());
      expect(actions.includes('dynamodb:Query')).toBe(access !== 'none');
      // The session check's puts and updates go to every feature that writes at all; deletes do not.
      expect(actions.includes('dynamodb:PutItem')).toBe(
        access === 'readWrite' || access === 'readAndSessions',
      );
      expect(actions.includes('dynamodb:DeleteItem')).toBe(access === 'readWrite');
      const queryStatement = statements.find((statement) =>
        [statement.Action].flat().includes('dynamodb:Query'),
      );
      expect(
        actions.filter((action) => /dynamodb:(Scan|GetRecords|GetShardIterator|\*)/.test(action)),
      ).toEqual([]);
      if (queryStatement) {
        const tableResources = JSON.stringify(queryStatement.Resource);
        expect(tableResources).toMatch(/ExportsOutputFnGetAttTable\w*Arn/);
        expect(tableResources).toContain('/index/gsi1');
        expect(tableResources).toContain('/index/gsi2');
        expect(tableResources).not.toContain('/index/*');
      }
    }
  });
});
