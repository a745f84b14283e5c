import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import type { DisposalItem, DisposalStats } from '../../shared/disposal';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_STATUSES,
  type HardwareAsset,
  type HardwareStatus,
} from '../../shared/hardware';
import { PLAN_LIMIT_MESSAGES, TRIAL_ASSET_LIMIT } from '../../shared/billing';
import {
  api,
  createHardwareAsset,
  organizationIdOf,
  signUpCompany,
  signUpUnlimitedCompany,
  uniqueEmail,
  type TestCompany,
} from '../support/api';
import { importCsv, uploadCsv, waitForImport } from '../support/import';
import { tableItems } from '../support/table';

/**
 * Concurrent writers on the same items: optimistic versions let exactly one edit through, and
 * bulk status changes racing disposal transitions leave assets, disposal items and the counters
 * that the dashboard and the disposal cards read in step (checked by recounting). Racing imports
 * claim each serial number once and move the counters exactly, and cannot together pass a plan's
 * limit.
 */

async function allPages<T>(company: TestCompany, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: { status: number; body: { items: T[]; next_cursor: string | null } } = await api(
      `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: company.accessToken },
    );
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.next_cursor;
  } while (cursor);
  return items;
}

/** A CSV of laptops with serial numbers prefix-first … prefix-(first+count-1). */
function laptopsCsv(prefix: string, first: number, count: number): string {
  const rows = Array.from(
    { length: count },
    (_, index) => `${index % 3 === 0 ? 'Desktop' : 'Laptop'},Dell,Racer,${prefix}-${first + index}`,
  );
  return ['asset_type,manufacturer,model,serial_number', ...rows].join('\r\n') + '\r\n';
}

describe('concurrency', () => {
  it('lets exactly one of 20 concurrent edits of one version through, with one audit entry', async () => {
    const company = await signUpCompany('Racing Editors Ltd');
    const asset = await createHardwareAsset(company, { model: 'Contended' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api<HardwareAsset>(`/api/hardware/${asset.id}`, {
          method: 'PUT',
          token: company.accessToken,
          body: { asset_type: 'Laptop', status: 'Active', model: `Edit ${index}`, version: asset.version },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    console.log(
      `[reliability] 20 concurrent edits of one version: ${statuses.filter((s) => s === 200).length} accepted, ${statuses.filter((s) => s === 409).length} refused with 409`,
    );
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const logs = await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken });
    const updates = logs.body.items.filter(
      (entry) => entry.entity_id === asset.id && entry.action === 'updated',
    );
    expect(updates).toHaveLength(1);
  });

  it('keeps assets, disposal items and counters consistent under racing bulk changes and transitions', async () => {
    const company = await signUpCompany('Racing Bulk Ltd');
    const assets = await Promise.all(
      Array.from({ length: 24 }, (_, index) => createHardwareAsset(company, { model: `Fleet ${index}` })),
    );
    const ids = assets.map((asset) => asset.id);
    const bulk = (subset: string[], status: HardwareStatus) =>
      api('/api/hardware/bulk-status', {
        method: 'POST',
        token: company.accessToken,
        body: {
          ids: subset,
          status,
          ...(status === 'Disposal Pending' || status === 'Disposed'
            ? { disposal_reason: 'End of Life' }
            : {}),
        },
      });

    // Rounds of overlapping bulk changes, each racing the disposal list's own transitions.
    const rounds: [HardwareStatus, HardwareStatus][] = [
      ['Disposal Pending', 'Disposed'],
      ['In Repair', 'Disposal Pending'],
      ['Disposed', 'Active'],
    ];
    let requests = 0;
    let refused = 0;
    for (const [first, second] of rounds) {
      const items = await allPages<DisposalItem>(company, '/api/disposals');
      const transitions = items.map((item) =>
        api(`/api/disposals/${item.id}/${item.status === 'Pending' ? 'complete' : 'revert'}`, {
          method: 'POST',
          token: company.accessToken,
        }),
      );
      const outcomes = await Promise.all([
        bulk(ids.slice(0, 16), first),
        bulk(ids.slice(8, 24), second),
        ...transitions,
      ]);
      requests += outcomes.length;
      refused += outcomes.filter((outcome) => outcome.status === 409).length;
      const unexpected = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 409);
      expect(unexpected.map((outcome) => `${outcome.status} ${JSON.stringify(outcome.body)}`)).toEqual([]);
    }
    console.log(
      `[reliability] racing bulk changes and disposal transitions: ${requests} requests, ${refused} refused with 409 (conflict), 0 errors`,
    );

    const finalAssets = await allPages<HardwareAsset>(company, '/api/hardware');
    const finalItems = await allPages<DisposalItem>(company, '/api/disposals');
    const dashboard = (await api<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
    const stats = (
      await api<DisposalStats>(`/api/disposals/stats?month=${new Date().toISOString().slice(0, 7)}`, {
        token: company.accessToken,
      })
    ).body;

    // The counters equal a recount.
    for (const status of HARDWARE_STATUSES) {
      expect(dashboard.hardware_by_status[status], status).toBe(
        finalAssets.filter((asset) => asset.status === status).length,
      );
    }
    expect(stats.pending).toBe(finalItems.filter((item) => item.status === 'Pending').length);
    expect(stats.completed).toBe(finalItems.filter((item) => item.status === 'Completed').length);

    // Every asset and its disposal item agree, both ways.
    const itemsById = new Map(finalItems.map((item) => [item.id, item]));
    for (const asset of finalAssets) {
      const item = asset.disposal_item_id ? itemsById.get(asset.disposal_item_id) : undefined;
      if (asset.status === 'Disposal Pending') expect(item?.status, asset.model ?? '').toBe('Pending');
      else if (asset.status === 'Disposed') expect(item?.status, asset.model ?? '').toBe('Completed');
      else expect(item, asset.model ?? '').toBeUndefined();
      if (item) expect(item.asset_id).toBe(asset.id);
    }
    const linked = finalItems.filter((item) => item.asset_id !== null);
    expect(linked.every((item) => finalAssets.some((asset) => asset.disposal_item_id === item.id))).toBe(
      true,
    );
  });

  it('claims each serial once across racing imports, with counters and audit entries to match', async () => {
    const company = await signUpUnlimitedCompany('Racing Importers Ltd');
    // Six files of 400 rows, each sharing 100 serial numbers with the next.
    const files = Array.from({ length: 6 }, (_, index) => laptopsCsv('RACE', index * 300, 400));
    // Uploaded at once: the six jobs write side by side (an unlimited plan takes no guard).
    const results = await Promise.all(files.map((csv) => importCsv(company, csv)));
    expect(results.map((result) => result.status)).toEqual(Array<string>(6).fill('done'));
    const imported = results.reduce((sum, result) => sum + result.success, 0);
    const refused = results.reduce((sum, result) => sum + result.failed, 0);

    const assets = await allPages<HardwareAsset>(company, '/api/hardware');
    const serials = new Set(assets.map((asset) => asset.serial_number));
    const dashboard = (await api<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
    const organizationId = await organizationIdOf(company);
    const auditedRows = (await tableItems())
      .filter(
        (item) =>
          item.organization_id === organizationId && String(item.entity_label).startsWith('Imported '),
      )
      .reduce((sum, item) => sum + (item.changes as { assets: { new: string[] } }).assets.new.length, 0);
    console.log(
      `[reliability] 6 racing imports of 400 rows (1,900 distinct serials): ${imported} imported, ${refused} refused as duplicates, ${assets.length} assets, ${auditedRows} rows in audit entries`,
    );
    expect(imported).toBe(1900);
    expect(refused).toBe(500);
    expect(assets).toHaveLength(1900);
    expect(serials.size).toBe(1900);
    expect(auditedRows).toBe(1900);
    for (const status of HARDWARE_STATUSES) {
      expect(dashboard.hardware_by_status[status], status).toBe(
        assets.filter((asset) => asset.status === status).length,
      );
    }
    for (const type of HARDWARE_ASSET_TYPES) {
      expect(dashboard.hardware_by_type[type] ?? 0, type).toBe(
        assets.filter((asset) => asset.asset_type === type).length,
      );
    }
  });

  it('lets racing imports and invitations together pass no plan limit', async () => {
    // The free trial: 500 hardware assets and 5 users.
    const company = await signUpCompany('Racing Trial Ltd');
    // Uploaded at once, each file fits on its own: the jobs count again under the organisation's
    // guard, one after another, and those that no longer fit end failed with nothing written (an
    // upload that comes after two jobs have written is refused at once).
    const uploads = await Promise.all(
      Array.from({ length: 4 }, (_, index) => uploadCsv(company, laptopsCsv(`TRIAL${index}`, 0, 200))),
    );
    const jobs = await Promise.all(
      uploads.map((upload) => (upload.status === 202 ? waitForImport(company, upload.body.id) : null)),
    );
    const invitations = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('/api/invitations', {
          method: 'POST',
          token: company.accessToken,
          body: { email: uniqueEmail('racing-invitee'), role: 'user' },
        }),
      ),
    );
    const assets = await allPages<HardwareAsset>(company, '/api/hardware');
    const done = jobs.filter((job) => job?.status === 'done');
    const failedJobs = jobs.filter((job) => job?.status === 'failed');
    const refusedUploads = uploads.filter((upload) => upload.status === 409);
    console.log(
      `[reliability] 4 racing imports of 200 rows against a ${TRIAL_ASSET_LIMIT}-asset trial: ${done.length} imported, ${failedJobs.length} jobs refused at the limit when they counted again, ${refusedUploads.length} uploads refused; ${assets.length} assets; 8 racing invitations against 5 users: ${invitations.filter((r) => r.status === 201).length} accepted`,
    );
    expect(uploads.map((upload) => upload.status).every((status) => status === 202 || status === 409)).toBe(
      true,
    );
    expect(done.map((job) => job!.success)).toEqual([200, 200]);
    expect(failedJobs.length + refusedUploads.length).toBe(2);
    for (const job of failedJobs) {
      expect(job).toMatchObject({ success: 0, done: 0 });
      expect(job!.message).toBe(PLAN_LIMIT_MESSAGES.importTooMany(null, TRIAL_ASSET_LIMIT, 400, 200));
    }
    // Racing uploads that each fit alone: the job's own count is what held the limit.
    expect(failedJobs.length, 'jobs refused when they counted again').toBeGreaterThan(0);
    expect(assets).toHaveLength(400);
    // The admin is one of the 5.
    expect(invitations.map((result) => result.status).sort()).toEqual([
      201, 201, 201, 201, 409, 409, 409, 409,
    ]);
  });
});
