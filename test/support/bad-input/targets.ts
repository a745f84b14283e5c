import { expect } from 'vitest';
import type { MeResponse } from '../../../shared/api';
import type { CreatedApiKey } from '../../../shared/api-keys';
import type { DisposalItem } from '../../../shared/disposal';
import type { Invitation } from '../../../shared/invitations';
import {
  api,
  createHardwareAsset,
  inviteTokenSentTo,
  signIn,
  signUpUnlimitedCompany,
  uniqueEmail,
} from '../api';
import { TEST_SUPER_ADMIN } from '../global-setup';
import { deviceHeaders, enrollDevice } from '../agents';
import { importCsv } from '../import';

/**
 * The organisation the bad-input suite attacks, with one of everything a route's path can name:
 * an asset, a pending and a completed disposal item, two API keys and a machine, a member, and a
 * pending invitation with its token, a finished CSV import.
 */
export async function badInputTargets() {
  const company = await signUpUnlimitedCompany('Bad Input Ltd');
  const token = company.accessToken;
  const { organization } = (await api<MeResponse>('/api/me', { token })).body;
  const root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;

  const asset = await createHardwareAsset(company, {
    manufacturer: 'Dell',
    model: 'Fuzzed',
    serial_number: 'FZ-1',
  });
  await createHardwareAsset(company, {
    model: 'On its way out',
    status: 'Disposal Pending',
    disposal_reason: 'Obsolete',
  });
  const addDisposal = async (status: 'Pending' | 'Completed') => {
    const response = await api<DisposalItem>('/api/disposals', {
      method: 'POST',
      token,
      body: { asset_name: `Fuzz ${status}`, disposal_reason: 'Damaged', status },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const pendingItem = await addDisposal('Pending');
  const completedItem = await addDisposal('Completed');
  const createKey = async (name: string) => {
    const response = await api<CreatedApiKey>('/api/api-keys', { method: 'POST', token, body: { name } });
    expect(response.status).toBe(201);
    return response.body;
  };
  const agentKey = await createKey('Fuzzed agent');
  const spareKey = await createKey('Spare');
  const machineId = 'FUZZ-MACHINE-1';
  const deviceToken = await enrollDevice(agentKey.key, { machine_id: machineId, hostname: 'fuzz-host' });
  const report = await api('/api/agent/report', {
    method: 'POST',
    headers: deviceHeaders(deviceToken),
    body: { machine_id: machineId, hostname: 'fuzz-host' },
  });
  expect(report.status).toBe(202);

  const memberEmail = uniqueEmail('member');
  expect(
    (await api('/api/invitations', { method: 'POST', token, body: { email: memberEmail, role: 'user' } }))
      .status,
  ).toBe(201);
  const joined = await api('/api/auth/signup', {
    method: 'POST',
    body: {
      email: memberEmail,
      password: 'member-pass-1',
      full_name: 'Fuzz Member',
      invite_token: await inviteTokenSentTo(memberEmail),
    },
  });
  expect(joined.status).toBe(201);
  const member = (
    await api<MeResponse>('/api/me', { token: (await signIn(memberEmail, 'member-pass-1')).AccessToken! })
  ).body.profile;
  const pendingEmail = uniqueEmail('pending');
  const invitation = await api<Invitation>('/api/invitations', {
    method: 'POST',
    token,
    body: { email: pendingEmail, role: 'admin' },
  });
  expect(invitation.status).toBe(201);
  const invitationToken = await inviteTokenSentTo(pendingEmail);
  const importJob = await importCsv(
    company,
    'asset_type,manufacturer,model,serial_number\nLaptop,Dell,Imported,FZ-IMPORTED-1\nLaptop,,,\n',
    { fileName: 'fuzz-targets.csv' },
  );
  expect(importJob).toMatchObject({ success: 1, failed: 1 });
  return {
    company,
    token,
    organization,
    root,
    asset,
    pendingItem,
    completedItem,
    agentKey,
    deviceToken,
    spareKey,
    machineId,
    member,
    invitation,
    invitationToken,
    importJob,
  };
}
