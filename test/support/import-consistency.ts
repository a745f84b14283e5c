import { expect } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import { UNLIMITED } from '../../shared/constants';
import { DISPOSAL_ITEM_STATUSES } from '../../shared/disposal';
import { HARDWARE_ASSET_TYPES, HARDWARE_STATUSES, type HardwareStatus } from '../../shared/hardware';
import type { ImportJob } from '../../shared/hardware-import-job';
import type { HardwareIdentifierKind } from '../../functions/lib/table/items/hardware';
import { organizationIdOf } from './api';
import { uploadCsv, waitForImport } from './import';
import {
  callApi,
  signUpCompanyAt,
  type SendRequest,
  type StackTarget,
  type TestCompany,
} from './stack-client';

/**
 * A large import on a stack of its own (test/support/stack-process.ts), as the crash-recovery suite
 * runs it: rows of every type and status, the file uploaded whole and imported by its job, and
 * everything the import wrote checked against itself. The functions' data layer is imported once the test has
 * pointed the environment at that stack.
 */

/** The functions' data layer, pointed at the child's DynamoDB Local and cognito-local. */
export async function dataLayer() {
  const [commands, counters, counts, hardware, disposalItems, ...kinds] = await Promise.all([
    import('../../functions/lib/table/commands'),
    import('../../functions/lib/table/counters'),
    import('../../functions/inventory/counts'),
    import('../../functions/inventory/assets'),
    import('../../functions/inventory/disposal-items'),
    import('../../functions/lib/table/items/organizations'),
    import('../../functions/lib/table/items/hardware'),
    import('../../functions/lib/table/items/disposal'),
    import('../../functions/lib/table/items/audit'),
    import('../../functions/lib/table/items/api-keys'),
    import('../../functions/lib/table/items/invitations'),
    import('../../functions/lib/table/items/billing'),
    import('../../functions/lib/table/items/import-jobs'),
  ]);
  const [organizations, hardwareItems, disposal, audit, apiKeys, invitations, billing, importJobs] = kinds;
  const items = {
    ...organizations,
    ...hardwareItems,
    ...disposal,
    ...audit,
    ...apiKeys,
    ...invitations,
    ...billing,
    ...importJobs,
  };
  return { ...commands, items, ...counters, ...counts, ...hardware, ...disposalItems };
}

/** A company past the free trial's 500 assets, without going through checkout. */
export async function unlimitedCompanyAt(
  stack: StackTarget,
  name: string,
): Promise<{ company: TestCompany; organizationId: string }> {
  const company = await signUpCompanyAt(stack, name);
  const organizationId = await organizationIdOf(company, stack);
  const { patch, send, items } = await dataLayer();
  await send(
    patch(items.subscriptions.key(organizationId), {
      set: { status: 'active', plan_name: 'Enterprise', asset_limit: UNLIMITED, user_limit: UNLIMITED },
    }),
  );
  return { company, organizationId };
}

const NON_DISPOSAL_STATUSES = HARDWARE_STATUSES.filter(
  (status) => status !== 'Disposal Pending' && status !== 'Disposed',
);

/**
 * Rows of every type and status, each with its own serial number; one in ten in a disposal status,
 * which also puts an item on the disposal list.
 */
export function importRows(rows: number, prefix: string): string[] {
  return Array.from({ length: rows }, (_, index) => {
    const type = HARDWARE_ASSET_TYPES[index % HARDWARE_ASSET_TYPES.length]!;
    const status: HardwareStatus =
      index % 10 === 9
        ? index % 20 === 9
          ? 'Disposal Pending'
          : 'Disposed'
        : NON_DISPOSAL_STATUSES[index % NON_DISPOSAL_STATUSES.length]!;
    const reason = status === 'Disposal Pending' || status === 'Disposed' ? 'End of Life' : '';
    return `${type},Dell,Model ${index},${prefix}-${String(index).padStart(5, '0')},${status},${reason}`;
  });
}

const IMPORT_HEADER = 'asset_type,manufacturer,model,serial_number,status,disposal_reason';

/** The calls of a test to a stack of its own. */
export function sendTo(stack: StackTarget): SendRequest {
  return (path, options) => callApi(stack, path, options);
}

/** Uploads a file of these rows to the stack; its job's id. */
export async function startImport(stack: StackTarget, company: TestCompany, rows: string[]): Promise<string> {
  const upload = await uploadCsv(company, [IMPORT_HEADER, ...rows].join('\n'), { send: sendTo(stack) });
  if (upload.status !== 202)
    throw new Error(`The upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
  return upload.body.id;
}

/** A file imported as the web app imports it: uploaded whole, then its job followed to the end. */
export async function importFile(
  stack: StackTarget,
  company: TestCompany,
  rows: string[],
): Promise<ImportJob> {
  const id = await startImport(stack, company, rows);
  return waitForImport(company, id, { send: sendTo(stack), timeoutMs: 300_000, pollMs: 500 });
}

export async function committedAssets(organizationId: string): Promise<number> {
  const { readCounters, statusCounter } = await dataLayer();
  const counters = await readCounters(organizationId);
  return HARDWARE_STATUSES.reduce((sum, status) => sum + (counters[statusCounter(status)] ?? 0), 0);
}

function tally<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Everything the import writes, read under the API and checked against itself: the counters equal
 * a recount, each serial claim belongs to its asset and no other, every asset and disposal item
 * is named by exactly one import audit entry, and each asset's disposal item exists.
 */
export async function expectImportConsistent(
  stack: StackTarget,
  company: TestCompany,
  organizationId: string,
): Promise<number> {
  const {
    listAll,
    items,
    readCounters,
    statusCounter,
    typeCounter,
    disposalCounter,
    hardwareLabel,
    disposalLabel,
  } = await dataLayer();
  // Every claim, of whichever kind: a claim's key begins with its kind's key for an empty value.
  const claimsOf = (kind: HardwareIdentifierKind) => {
    const { pk, sk } = items.hardwareIdentifiers.key(organizationId, { kind, value: '' });
    return listAll(items.hardwareIdentifierItemSchema, { partition: pk, sortPrefix: sk });
  };
  const [assets, claims, audit, disposals, counters] = await Promise.all([
    listAll(items.hardwareAssetItemSchema, items.hardwareAssets.ofOrganization(organizationId)),
    Promise.all(items.HARDWARE_IDENTIFIER_KINDS.map(claimsOf)).then((kinds) => kinds.flat()),
    listAll(items.auditLogItemSchema, items.auditLogs.ofOrganization(organizationId)),
    listAll(items.disposalRecordSchema, items.disposalItems.ofOrganization(organizationId)),
    readCounters(organizationId),
  ]);

  const byStatus = tally(assets.map((asset) => asset.status));
  const byType = tally(assets.map((asset) => asset.asset_type));
  const byDisposalStatus = tally(disposals.map((item) => item.status));
  for (const status of HARDWARE_STATUSES)
    expect(counters[statusCounter(status)] ?? 0, status).toBe(byStatus.get(status) ?? 0);
  for (const type of HARDWARE_ASSET_TYPES)
    expect(counters[typeCounter(type)] ?? 0, type).toBe(byType.get(type) ?? 0);
  for (const status of DISPOSAL_ITEM_STATUSES)
    expect(counters[disposalCounter(status)] ?? 0, `disposal ${status}`).toBe(
      byDisposalStatus.get(status) ?? 0,
    );

  const serials = assets.map((asset) => asset.serial_number!.toLowerCase());
  expect(new Set(serials).size, 'distinct serial numbers').toBe(assets.length);
  const claimed = claims.map((claim) => `${claim.kind}#${claim.value}→${claim.asset_id}`).sort();
  const expected = assets.map((asset) => `serial_number#${asset.serial_number!.toLowerCase()}→${asset.id}`);
  expect(claimed).toEqual(expected.sort());

  const importEntries = audit.filter((entry) => entry.entity_id === undefined);
  const labelsIn = (entityType: string, field: string) =>
    importEntries
      .filter((entry) => entry.entity_type === entityType)
      .flatMap((entry) => (entry.changes as Record<string, { new: string[] }>)[field]!.new)
      .sort();
  expect(labelsIn('hardware_asset', 'assets')).toEqual(
    assets
      .map((asset) =>
        hardwareLabel({
          asset_type: asset.asset_type,
          manufacturer: asset.manufacturer ?? null,
          model: asset.model ?? null,
          serial_number: asset.serial_number ?? null,
        }),
      )
      .sort(),
  );
  expect(labelsIn('disposal_item', 'items')).toEqual(
    disposals
      .map((item) => disposalLabel({ asset_name: item.asset_name, serial_number: item.serial_number ?? '' }))
      .sort(),
  );
  const disposalIds = new Set(disposals.map((item) => item.id));
  const linked = assets.filter((asset) => asset.disposal_item_id);
  expect(linked.every((asset) => disposalIds.has(asset.disposal_item_id!))).toBe(true);
  expect(linked).toHaveLength(disposals.length);

  const dashboard = await callApi<DashboardResponse>(stack, '/api/dashboard', { token: company.accessToken });
  expect(dashboard.body.total_hardware).toBe(assets.length);
  return assets.length;
}
