import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import type { DisposalItem, DisposalStats } from '../../shared/disposal';
import { HARDWARE_STATUSES, type HardwareAsset, type HardwareStatus } from '../../shared/hardware';
import { api, createHardwareAsset, signUpCompany, type TestCompany } from '../support/api';

/**
 * Concurrent writers on the same items: optimistic versions let exactly one edit through, and
 * bulk status changes racing disposal transitions leave assets, disposal items and the counters
 * that the dashboard and the disposal cards read in step (checked by recounting).
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
});
