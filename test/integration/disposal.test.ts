import { describe, expect, it } from 'vitest';
import type { DashboardResponse, MeResponse } from '../../shared/api';
import type { DisposalItem, DisposalListResponse } from '../../shared/disposal';
import { api, signUpCompany, useFunctionEnv } from '../support/api';
import { importCsv } from '../support/import';
import { addItem, getAsset, items, manual, post, stats } from '../support/disposal';
import { createOk as createAsset, laptop } from '../support/hardware';

/**
 * The disposal list: items added by hand, its search, filter, pages and counts, completing,
 * reverting and deleting items. The rules, tenancy and the subscription gate, in process:
 * test/handlers/disposal.test.ts. How an asset and its item move
 * together: disposal-sync.test.ts.
 */
describe('the disposal list', () => {
  it('lists newest first with search over name, serial, tag and reason, a status filter and pages', async () => {
    const company = await signUpCompany();
    const made: DisposalItem[] = [];
    for (let index = 1; index <= 5; index++) {
      made.push(
        await addItem(company, {
          asset_name: `Monitor ${index}`,
          serial_number: `MON-${index}`,
          asset_tag: `TAG-${index}`,
          disposal_reason: index === 3 ? 'Lost/Stolen' : 'Obsolete',
          status: index % 2 === 0 ? 'Completed' : 'Pending',
        }),
      );
    }
    const names = (list: DisposalItem[]) => list.map((item) => item.asset_name);
    expect(names(await items(company))).toEqual([
      'Monitor 5',
      'Monitor 4',
      'Monitor 3',
      'Monitor 2',
      'Monitor 1',
    ]);
    expect(names(await items(company, '?q=mon-4'))).toEqual(['Monitor 4']);
    expect(names(await items(company, '?q=tag-2'))).toEqual(['Monitor 2']);
    expect(names(await items(company, '?q=LOST'))).toEqual(['Monitor 3']);
    expect(names(await items(company, '?status=Completed'))).toEqual(['Monitor 4', 'Monitor 2']);
    expect(names(await items(company, '?status=Pending&q=monitor 1'))).toEqual(['Monitor 1']);

    const first = await api<DisposalListResponse>('/api/disposals?limit=2', { token: company.accessToken });
    expect(names(first.body.items)).toEqual(['Monitor 5', 'Monitor 4']);
    const second = await items(company, `?limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(names(second)).toEqual(['Monitor 3', 'Monitor 2']);
    expect((await api('/api/disposals?status=Gone', { token: company.accessToken })).status).toBe(400);
    expect((await api('/api/disposals?cursor=nonsense', { token: company.accessToken })).status).toBe(400);
  });

  it('counts Pending, Completed and the items disposed of this month', async () => {
    const company = await signUpCompany();
    await addItem(company, manual);
    await addItem(company, { ...manual, status: 'Completed' });
    await addItem(company, { ...manual, disposal_date: '2025-03-31' });
    await addItem(company, { ...manual, status: 'Completed', disposal_date: '2025-03-01' });
    await addItem(company, { ...manual, disposal_date: '2025-04-01' });
    expect(await stats(company)).toEqual({ pending: 3, completed: 2, this_month: 2 });
    expect(await stats(company, '?month=2025-03')).toEqual({ pending: 3, completed: 2, this_month: 2 });
    expect(await stats(company, '?month=2025-02')).toMatchObject({ this_month: 0 });
    expect((await api('/api/disposals/stats?month=2025-13', { token: company.accessToken })).status).toBe(
      400,
    );
  });
});

describe('deleting disposal items', () => {
  it('deletes the selected items all together or not at all', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const mine = [await addItem(company, manual), await addItem(company, manual)];
    const linked = await createAsset(company, { ...laptop, status: 'Disposed', disposal_reason: 'Donated' });
    const foreign = await addItem(other, manual);

    const mixed = await post(company, '/api/disposals/delete', { ids: [mine[0]!.id, foreign.id] });
    expect(mixed.status).toBe(404);
    expect(await items(company)).toHaveLength(3);
    expect(await items(other)).toHaveLength(1);

    for (const body of [
      { ids: [] },
      { ids: [mine[0]!.id, mine[0]!.id] },
      { ids: Array(25).fill(mine[0]!.id) },
      {},
    ]) {
      expect((await post(company, '/api/disposals/delete', body)).status).toBe(400);
    }

    // A transaction DynamoDB refuses (an audit entry over the 400 KB item limit) deletes nothing.
    useFunctionEnv();
    const { deleteDisposalItems } = await import('../../functions/disposal/service');
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    const all = (await items(company)).map((item) => item.id);
    await expect(
      deleteDisposalItems(
        me.organization.id,
        all,
        { email: `${'x'.repeat(420_000)}@example.test` },
        new Date(),
      ),
    ).rejects.toThrow();
    expect(await items(company)).toHaveLength(3);
    expect((await getAsset(company, linked.id)).body.status).toBe('Disposed');

    const deleted = await post(company, '/api/disposals/delete', { ids: all });
    expect(deleted.body).toEqual({ deleted: 3 });
    expect(await items(company)).toEqual([]);
    expect((await getAsset(company, linked.id)).body).toMatchObject({
      status: 'Active',
      disposal_item_id: null,
    });
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 0 });
  });

  it('deletes 24 linked items in one transaction, putting their assets back to Active', async () => {
    const company = await signUpCompany();
    const rows = Array.from(
      { length: 24 },
      (_, index) => `Laptop,Dell,Model ${index},Disposal Pending,Obsolete`,
    );
    const imported = await importCsv(
      company,
      `asset_type,manufacturer,model,status,disposal_reason\n${rows.join('\n')}`,
    );
    expect(imported).toMatchObject({ success: 24 });
    const ids = (await items(company, '?limit=100')).map((item) => item.id);
    expect(ids).toHaveLength(24);
    expect((await post(company, '/api/disposals/delete', { ids })).body).toEqual({ deleted: 24 });
    const dashboard = (await api<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
    expect(dashboard).toMatchObject({ total_hardware: 24, active_hardware: 24 });
  });
});
