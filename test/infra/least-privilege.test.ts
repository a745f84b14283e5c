import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { featuresInUse, type Feature } from '../../functions/routes';
import type { ApiStack } from '../../infra/aws/api-stack';
import {
  FEATURE_ACCESS,
  TABLE_BULK_DELETE_ACTIONS,
  TABLE_SESSION_ACTIONS,
  TABLE_WRITE_ACTIONS,
} from '../../infra/aws/function';
import { REPO_ROOT } from '../../infra/aws/paths';
import { apiStackTemplate, type ApiStackTemplate, type Statement } from '../support/api-stack-template';
import { buildApiStacks, SYNTH_TIMEOUT_MS, templateOf } from '../support/cdk-stacks';

/**
 * Each function's table grant, derived from its code: what its bundle imports decides whether it
 * may write and delete in bulk, and the public functions are held to the partitions they touch
 * (test/handlers/leading-keys.test.ts records those keys against the local stack).
 */

/** Every source file a feature's Lambda bundles from functions/ and shared/, following relative imports. */
function importClosure(feature: Feature): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), specifier!);
      const found = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate));
      if (found) visit(found);
    }
  };
  visit(join(REPO_ROOT, 'functions', feature, 'index.ts'));
  return seen;
}

const imports = (feature: Feature, module: string) =>
  importClosure(feature).has(join(REPO_ROOT, 'functions', 'lib', 'table', `${module}.ts`));

/** Whether the feature runs the caller's session check (functions/lib/mfa-session.ts), which writes. */
const checksSessions = (feature: Feature) =>
  importClosure(feature).has(join(REPO_ROOT, 'functions', 'lib', 'mfa-session.ts'));

/** Whether any file of the feature's own folder writes (a transaction, a single write, a batch). */
function writesTable(feature: Feature): boolean {
  const own = [...importClosure(feature)].filter((file) => !file.includes(`${join('functions', 'lib')}`));
  return own.some((file) =>
    /\b(write|transact|send|updateReturningOld|deleteKeys|emptyPartition|counterUpdate)\(/.test(
      readFileSync(file, 'utf8'),
    ),
  );
}

describe('least privilege on the table', () => {
  let api: ApiStack;
  let read: ApiStackTemplate;

  beforeAll(() => {
    api = buildApiStacks().api;
    read = apiStackTemplate(api, templateOf(api));
  }, SYNTH_TIMEOUT_MS);

  const tableStatement = (feature: Feature): Statement & { Condition?: unknown } => {
    const statements = read
      .policyStatementsOf(feature)
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
    expect(statements, feature).toHaveLength(1);
    return statements[0]!;
  };

  it('gives write actions only to functions whose code writes', () => {
    for (const feature of featuresInUse()) {
      const actions = [tableStatement(feature).Action].flat();
      const writes = writesTable(feature);
      if (!writes && checksSessions(feature)) {
        // Only the session check writes: its puts and updates, never a delete.
        expect(actions.filter((action) => TABLE_WRITE_ACTIONS.includes(action)).sort(), feature).toEqual(
          [...TABLE_SESSION_ACTIONS].sort(),
        );
        continue;
      }
      expect(
        TABLE_WRITE_ACTIONS.every((action) => actions.includes(action)),
        `${feature} writes: ${writes}`,
      ).toBe(writes);
      expect(
        TABLE_WRITE_ACTIONS.some((action) => actions.includes(action)),
        feature,
      ).toBe(writes);
    }
    // The audit trail's and the software inventory's own code only read: they write only through
    // the caller's session check.
    for (const feature of ['audit', 'software'] as const) {
      expect(writesTable(feature), feature).toBe(false);
      expect(FEATURE_ACCESS[feature].table).toBe('readAndSessions');
    }
  });

  it('gives BatchWriteItem only to functions that delete in bulk (lib/table/partitions.ts)', () => {
    const bulk: Feature[] = [];
    for (const feature of featuresInUse()) {
      const actions = [tableStatement(feature).Action].flat();
      const deletesInBulk = imports(feature, 'partitions');
      expect(actions.includes(TABLE_BULK_DELETE_ACTIONS[0]!), feature).toBe(deletesInBulk);
      if (deletesInBulk) bulk.push(feature);
    }
    expect(bulk.sort()).toEqual(['agents', 'organizations']);
  });

  it('holds the public functions (agent enrolment and reports, sign-up) to the partitions they touch', () => {
    for (const feature of ['agent-reports', 'auth'] as const) {
      const patterns = FEATURE_ACCESS[feature].leadingKeys;
      expect(patterns, feature).toBeDefined();
      expect(patterns).not.toContain('*');
      expect(tableStatement(feature).Condition).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns!] },
      });
    }
    // None of them reaches Stripe's lookups, the plans, or another public function's lookups.
    expect(FEATURE_ACCESS['agent-reports'].leadingKeys).not.toContain('invitetoken#*');
    expect(FEATURE_ACCESS.auth.leadingKeys).not.toContain('apikeyhash#*');
    expect(FEATURE_ACCESS.auth.leadingKeys).not.toContain('devicetoken#*');
  });
});
