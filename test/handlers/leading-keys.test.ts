import { describe, expect, it } from 'vitest';
import { observeTableCalls } from '../../functions/lib/table/client';
import type { Feature } from '../../functions/routes';
import { FEATURE_ACCESS } from '../../infra/aws/function';
import { inviteTokenSentTo, signIn, uniqueEmail, type TestCompany } from '../support/api';
import { createKey, enrollDevice, deviceHeaders, machine } from '../support/agents';
import { callHandler, signUpCompanyInProcess } from '../support/handlers';
import { invitationCalls } from '../support/invitations';

/**
 * The public functions' grants name the partition keys they may touch (FEATURE_ACCESS.leadingKeys,
 * IAM's dynamodb:LeadingKeys): DynamoDB Local does not apply IAM, so here every key of every table
 * call those functions make through their routes is recorded and held to their patterns. A new kind
 * of item a public function touches fails here, as it would fail in AWS, until its prefix is added.
 */
type Wire = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'S' in value && typeof value.S === 'string' ? value.S : null;
const pkOf = (item: unknown): (string | null)[] =>
  typeof item === 'object' && item !== null && 'pk' in item ? [text(item.pk)] : [];

/** The partition keys a wire call names: its items' and keys', or the one its query reads. */
function leadingKeysOf(operation: string, input: Wire): (string | null)[] {
  const request = input as {
    Key?: Wire;
    Item?: Wire;
    RequestItems?: Record<
      string,
      { Keys?: Wire[] } | { PutRequest?: { Item: Wire }; DeleteRequest?: { Key: Wire } }[]
    >;
    TransactItems?: Record<string, { Key?: Wire; Item?: Wire }>[];
    KeyConditionExpression?: string;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return pkOf(request.Key);
    case 'PutItem':
      return pkOf(request.Item);
    case 'BatchGetItem':
      return Object.values(request.RequestItems ?? {}).flatMap((table) =>
        'Keys' in table ? (table.Keys ?? []).flatMap(pkOf) : [],
      );
    case 'BatchWriteItem':
      return Object.values(request.RequestItems ?? {}).flatMap((writes) =>
        Array.isArray(writes)
          ? writes.flatMap((each) => pkOf(each.PutRequest?.Item ?? each.DeleteRequest?.Key))
          : [],
      );
    case 'TransactWriteItems':
      return (request.TransactItems ?? []).flatMap((part) =>
        Object.values(part).flatMap((write) => pkOf(write.Item ?? write.Key)),
      );
    case 'Query': {
      const placeholder = /^#\w+ = (:\w+)/.exec(request.KeyConditionExpression ?? '')?.[1];
      return [placeholder ? text(request.ExpressionAttributeValues?.[placeholder]) : null];
    }
    default:
      return [null];
  }
}

/** Runs the calls, recording each table call's partition keys. */
async function keysTouchedBy(
  calls: () => Promise<void>,
): Promise<{ operation: string; key: string | null }[]> {
  const seen: { operation: string; key: string | null }[] = [];
  const stop = observeTableCalls(async (operation, input, send) => {
    for (const key of leadingKeysOf(operation, input)) seen.push({ operation, key });
    return send(input);
  });
  try {
    await calls();
  } finally {
    stop();
  }
  return seen;
}

/** IAM's StringLike: * is any run of characters, case-sensitive. */
function allowedBy(feature: Feature, key: string | null): boolean {
  const patterns = FEATURE_ACCESS[feature].leadingKeys ?? [];
  return (
    key !== null &&
    patterns.some((pattern) =>
      new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(key),
    )
  );
}

const { invite, byToken, signUpInvited, me } = invitationCalls(callHandler);

describe('the public functions’ partition keys (dynamodb:LeadingKeys)', () => {
  it('names the partitions of sign-up, the invitation lookup and sign-up by invitation, and /api/me', async () => {
    expect(FEATURE_ACCESS.auth.leadingKeys).toBeDefined();
    const invited = uniqueEmail('leading');
    let company: TestCompany | undefined;
    const signingUp = await keysTouchedBy(async () => {
      company = await signUpCompanyInProcess('Leading Keys Ltd');
      await me(company.accessToken);
    });
    // The invitation itself is the team function's, which is not limited: not recorded.
    expect((await invite(company!, { email: invited, role: 'user' })).status).toBe(201);
    const inviteToken = await inviteTokenSentTo(invited);
    const joining = await keysTouchedBy(async () => {
      expect((await byToken(inviteToken)).status).toBe(200);
      expect((await signUpInvited(inviteToken, invited)).status).toBe(201);
      await me((await signIn(invited, 'secret-pass-2')).AccessToken!);
    });
    const recorded = [...signingUp, ...joining];
    expect(recorded.length).toBeGreaterThan(5);
    expect(recorded.filter(({ key }) => !allowedBy('auth', key))).toEqual([]);
  });

  it('names the partitions of an enrolment and a report', async () => {
    expect(FEATURE_ACCESS['agent-reports'].leadingKeys).toBeDefined();
    const { key } = await createKey(await signUpCompanyInProcess('Leading Reports Ltd'), callHandler);
    const touched = await keysTouchedBy(async () => {
      const token = await enrollDevice(key, machine(), callHandler);
      const report = { method: 'POST', headers: deviceHeaders(token), body: machine() };
      expect((await callHandler('/api/agent/report', report)).status).toBe(202);
      expect((await callHandler('/api/agent/report', report)).status).toBe(202);
      // Refused callers are looked up too: an unknown key and an unknown token.
      await callHandler('/api/agent/enroll', {
        method: 'POST',
        headers: { 'x-api-key': `${key.slice(0, -4)}0000` },
        body: machine(),
      });
      await callHandler('/api/agent/report', {
        ...report,
        headers: deviceHeaders(`${token.slice(0, -4)}0000`),
      });
    });
    expect(touched.length).toBeGreaterThan(5);
    expect(touched.filter(({ key: touchedKey }) => !allowedBy('agent-reports', touchedKey))).toEqual([]);
  });

  it('would notice a key outside the patterns', () => {
    expect(allowedBy('agent-reports', 'org#01abc#agents')).toBe(true);
    expect(allowedBy('agent-reports', 'ORG#01ABC')).toBe(true);
    expect(allowedBy('agent-reports', 'stripecustomer#cus_1')).toBe(false);
    expect(allowedBy('agent-reports', null)).toBe(false);
  });
});
