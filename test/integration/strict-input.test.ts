import { describe, expect, it } from 'vitest';
import type { ApiKeyListResponse } from '../../shared/api-keys';
import type { HardwareListResponse } from '../../shared/hardware';
import { api, createHardwareAsset, signUpCompany } from '../support/api';

/**
 * Input the API does not take is refused, not ignored (found by the bad-input reliability suite):
 * a misspelt field, a query parameter or a body a route has no use for, a JSON null for a body.
 */
describe('strict input', () => {
  it('refuses a misspelt field by name and stores nothing', async () => {
    const company = await signUpCompany('Strict Fields Ltd');
    const response = await api('/api/hardware', {
      method: 'POST',
      token: company.accessToken,
      body: { asset_type: 'Laptop', status: 'Active', model: 'X1', serail_number: 'SN-1' },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Unknown field: "serail_number"' } },
    });
    const list = await api<HardwareListResponse>('/api/hardware', { token: company.accessToken });
    expect(list.body.items).toEqual([]);
  });

  it('refuses an unknown query parameter, on a list and on a route that takes none', async () => {
    const company = await signUpCompany('Strict Query Ltd');
    expect(await api('/api/hardware?serach=dell', { token: company.accessToken })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Unknown query parameter: "serach"' } },
    });
    expect(await api('/api/me?debug=1', { token: company.accessToken })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input' } },
    });
  });

  it('refuses a body sent to a route that takes none, and does nothing', async () => {
    const company = await signUpCompany('Strict Body Ltd');
    const asset = await createHardwareAsset(company, { model: 'Kept' });
    const response = await api(`/api/hardware/${asset.id}`, {
      method: 'DELETE',
      token: company.accessToken,
      body: { reason: 'gone' },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'This request takes no body' } },
    });
    expect((await api(`/api/hardware/${asset.id}`, { token: company.accessToken })).status).toBe(200);
  });

  it('refuses a JSON null body instead of reading it as {} (it used to create an API key)', async () => {
    const company = await signUpCompany('Strict Null Ltd');
    const response = await api('/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      rawBody: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'invalid_input' } } });
    const keys = await api<ApiKeyListResponse>('/api/api-keys', { token: company.accessToken });
    expect(keys.body.items).toEqual([]);
  });
});
