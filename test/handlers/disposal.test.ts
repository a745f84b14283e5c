import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { DISPOSAL_MESSAGES, type DisposalItem, type DisposalListResponse } from '../../shared/disposal';
import { setSubscription } from '../support/api';
import { disposalCalls, manual } from '../support/disposal';
import { callHandler, signUpCompanyInProcess as signUpCompany, useHandlerClock } from '../support/handlers';
import { auditLogs as auditLogsOver, createOk, laptop } from '../support/hardware';
import type { TestCompany } from '../support/stack-client';

/**
 * The disposal feature's rules called in process (test/support/handlers.ts): its validation, its
 * conflicts, the tenant boundary and today's date, each against the real table without the gateway.
 * The list's search, pages and counts, bulk deletion and the subscription gate over HTTP:
 * test/integration/disposal.test.ts.
 */
const { post, addItem, getAsset, items, stats } = disposalCalls(callHandler);
const createAsset = (company: TestCompany, body: Record<string, unknown>) =>
  createOk(company, body, callHandler);
const auditLogs = (company: TestCompany) => auditLogsOver(company, callHandler);
const api = callHandler;

const clock = useHandlerClock();

describe('the disposal list', () => {
  it('adds items by hand with the form rules: trimmed text, today by default, unlinked', async () => {
    const company = await signUpCompany();
    // Just before midnight UTC: "today" is the server's date at the moment of the call.
    clock.set('2026-03-05T23:59:59.000Z');
    const item = await addItem(company, {
      asset_type: 'Other',
      asset_name: '  Old projector  ',
      serial_number: '  PJ-1 ',
      disposal_reason: 'Upgrade',
      disposal_notes: '  replaced by a screen ',
    });
    expect(item).toMatchObject({
      asset_id: null,
      asset_type: 'Other',
      asset_name: 'Old projector',
      serial_number: 'PJ-1',
      asset_tag: '',
      disposal_reason: 'Upgrade',
      disposal_date: '2026-03-05',
      created_at: '2026-03-05T23:59:59.000Z',
      disposal_notes: 'replaced by a screen',
      created_by: company.email,
      status: 'Pending',
      completed_at: null,
      completed_by: null,
    });
    clock.set('2026-03-06T00:00:01.000Z');
    const completed = await addItem(company, { ...manual, status: 'Completed', disposal_date: '2025-01-31' });
    expect(completed).toMatchObject({
      asset_type: 'Hardware',
      status: 'Completed',
      completed_by: company.email,
    });
    expect(completed.completed_at).toBe('2026-03-06T00:00:01.000Z');

    expect((await items(company)).map((entry) => entry.id)).toEqual([completed.id, item.id]);
    const entries = await auditLogs(company);
    expect(entries[0]).toMatchObject({
      entity_type: 'disposal_item',
      entity_id: completed.id,
      action: 'created',
      changed_by: company.email,
    });
    // After midnight, a new item's date is the new day.
    expect(await addItem(company, manual)).toMatchObject({ disposal_date: '2026-03-06', completed_at: null });
  });

  it('refuses a missing name or reason with the spec’s messages, and saves nothing', async () => {
    const company = await signUpCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ disposal_reason: 'Other' }, DISPOSAL_MESSAGES.assetNameRequired],
      [{ asset_name: '   ', disposal_reason: 'Other' }, DISPOSAL_MESSAGES.assetNameRequired],
      [{ asset_name: 'Router' }, DISPOSAL_MESSAGES.reasonRequired],
      [{ asset_name: 'Router', disposal_reason: 'Broken/Defective' }, DISPOSAL_MESSAGES.reasonRequired],
      [{ ...manual, disposal_date: '2025-02-30' }, 'Must be a date as YYYY-MM-DD'],
      [{ ...manual, status: 'Done' }, 'Status must be one of: Pending, Completed'],
      [{ ...manual, asset_type: 'Car' }, 'Asset type must be one of: Hardware, Software, Other'],
    ];
    for (const [body, message] of cases) {
      const response = await post<{ error: { message: string } }>(company, '/api/disposals', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    expect(await items(company)).toEqual([]);
  });

  it('completes and reverts an item added by hand, refusing a repeat', async () => {
    const company = await signUpCompany();
    const item = await addItem(company, manual);
    const completed = await post<DisposalItem>(company, `/api/disposals/${item.id}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'Completed', completed_by: company.email, version: 2 });
    expect(completed.body.completed_at).not.toBeNull();
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 1 });

    const again = await post<{ error: { code: string } }>(company, `/api/disposals/${item.id}/complete`);
    expect(again.status).toBe(409);

    const reverted = await post<DisposalItem>(company, `/api/disposals/${item.id}/revert`);
    expect(reverted.body).toMatchObject({
      status: 'Pending',
      completed_at: null,
      completed_by: null,
      version: 3,
    });
    expect((await post(company, `/api/disposals/${item.id}/revert`)).status).toBe(409);
    expect(await stats(company)).toMatchObject({ pending: 1, completed: 0 });

    const [revertEntry, completeEntry] = await auditLogs(company);
    expect(completeEntry).toMatchObject({
      entity_type: 'disposal_item',
      action: 'updated',
      changes: {
        status: { old: 'Pending', new: 'Completed' },
        completed_by: { old: null, new: company.email },
      },
    });
    expect(revertEntry!.changes).toMatchObject({ status: { old: 'Completed', new: 'Pending' } });
    expect((await post(company, '/api/disposals/01J00000000000000000000000/complete')).status).toBe(404);
    expect((await post(company, '/api/disposals/not-an-id/complete')).status).toBe(400);
  });
});

describe('tenancy and the subscription gate', () => {
  it('keeps each organisation’s disposal items out of reach of every other organisation', async () => {
    const owner = await signUpCompany();
    const intruder = await signUpCompany();
    const asset = await createAsset(owner, {
      ...laptop,
      status: 'Disposal Pending',
      disposal_reason: 'Obsolete',
    });
    const [item] = await items(owner);

    expect(await items(intruder)).toEqual([]);
    expect(await items(intruder, '?q=dell')).toEqual([]);
    expect(await stats(intruder)).toEqual({ pending: 0, completed: 0, this_month: 0 });
    for (const action of ['complete', 'revert']) {
      expect((await post(intruder, `/api/disposals/${item!.id}/${action}`)).status).toBe(404);
    }
    expect((await post(intruder, '/api/disposals/delete', { ids: [item!.id] })).status).toBe(404);
    // A cursor of the owner's list reads nothing of theirs.
    const first = await api<DisposalListResponse>('/api/disposals?limit=1', { token: owner.accessToken });
    await addItem(owner, manual);
    const paged = await api<DisposalListResponse>('/api/disposals?limit=1', { token: owner.accessToken });
    const cursor = paged.body.next_cursor ?? first.body.next_cursor;
    if (cursor) {
      const foreign = await api<DisposalListResponse>(`/api/disposals?cursor=${encodeURIComponent(cursor)}`, {
        token: intruder.accessToken,
      });
      expect(foreign.status === 400 || foreign.body.items.length === 0).toBe(true);
    }

    expect(await items(owner)).toHaveLength(2);
    expect((await getAsset(owner, asset.id)).body.status).toBe('Disposal Pending');
  });

  it('needs an active subscription', async () => {
    const company = await signUpCompany();
    const item = await addItem(company, manual);
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    await setSubscription(me.organization.id, { status: 'cancelled' });
    for (const [method, path] of [
      ['GET', '/api/disposals'],
      ['GET', '/api/disposals/stats'],
      ['POST', '/api/disposals'],
      ['POST', `/api/disposals/${item.id}/complete`],
      ['POST', `/api/disposals/${item.id}/revert`],
      ['POST', '/api/disposals/delete'],
    ] as const) {
      const response = await api(path, {
        method,
        token: company.accessToken,
        body: method === 'POST' ? manual : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(402);
    }
  });
});
