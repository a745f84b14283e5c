import { expect } from 'vitest';
import type { HardwareAsset } from '../../shared/hardware';
import type { DisposalItem, DisposalListResponse, DisposalStats } from '../../shared/disposal';
import { api, type TestCompany } from './api';
import { editableFields } from './hardware';
import type { SendRequest } from './stack-client';

/**
 * The disposal API as the disposal tests call it, and the hardware calls that move an item: over
 * HTTP to the run's stack, or straight to the handlers when given callHandler (./handlers.ts).
 */
export function disposalCalls(send: SendRequest) {
  /** Complete and revert take no body, and are refused one. */
  function post<T = Record<string, unknown>>(company: TestCompany, path: string, body?: unknown) {
    return send<T>(path, {
      method: 'POST',
      token: company.accessToken,
      ...(body === undefined ? {} : { body }),
    });
  }

  async function addItem(company: TestCompany, body: Record<string, unknown>): Promise<DisposalItem> {
    const response = await post<DisposalItem>(company, '/api/disposals', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  async function getAsset(company: TestCompany, id: string) {
    return send<HardwareAsset>(`/api/hardware/${id}`, { token: company.accessToken });
  }

  async function editAsset(company: TestCompany, asset: HardwareAsset, changes: Record<string, unknown>) {
    const response = await send<HardwareAsset>(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...editableFields(asset), ...changes, version: asset.version },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function items(company: TestCompany, query = ''): Promise<DisposalItem[]> {
    const response = await send<DisposalListResponse>(`/api/disposals${query}`, {
      token: company.accessToken,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.items;
  }

  async function stats(company: TestCompany, query = ''): Promise<DisposalStats> {
    const response = await send<DisposalStats>(`/api/disposals/stats${query}`, {
      token: company.accessToken,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  return { post, addItem, getAsset, editAsset, items, stats };
}

export const { post, addItem, getAsset, editAsset, items, stats } = disposalCalls(api);

/** An item added by hand with only what the form requires. */
export const manual = { asset_name: 'Old projector', disposal_reason: 'End of Life' };
