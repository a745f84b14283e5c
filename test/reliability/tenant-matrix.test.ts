import { describe, expect, it } from 'vitest';
import type { BillingResponse, SessionUrlResponse } from '../../shared/billing';
import { ROLES, type Role } from '../../shared/constants';
import type { DisposalItem } from '../../shared/disposal';
import type { HardwareAsset } from '../../shared/hardware';
import { routeKey, routes, type RouteDefinition } from '../../functions/routes';
import { ALERTS_OWN_CALLS } from '../support/alerts';
import { hardwareListCalls } from '../support/hardware-list-calls';
import { inventoryCalls } from '../support/inventory-calls';
import { deviceIdentityCalls, heldDevice, type DeviceIdentityVictim } from '../support/device-identity-calls';
import {
  addMember,
  api,
  createHardwareAsset,
  organizationIdOf,
  signIn,
  signUpCompany,
  uniqueEmail,
  type ApiOptions,
  type ApiResponse,
  type Member,
  type TestCompany,
} from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { pathOf } from '../support/paths';
import { importCalls, victimImport } from '../support/import-calls';
import { tableDump } from '../support/table';
import { deviceHeaders, deviceTokenFor, sendReport } from '../support/agents';
import { API_KEY_HEADER } from '../../shared/agent-data';

/**
 * Broken object and function level authorisation (OWASP API1, API5), generated from the route
 * table: every signed-in route is called by another organisation's admin aimed at the victim
 * organisation's objects, and by each role of the victim organisation below the route's; the agent
 * channel is called with another organisation's key for a machine of the victim's, and with every
 * credential that is not its own (a sign-in token, a key for a device token, and the reverse). Each case has an
 * expected status, no answer to an outsider may carry the victim's data, and the victim's items in
 * the table must be exactly as they were.
 */

/** What the victim organisation has that a route can aim at. */
interface Victim extends DeviceIdentityVictim {
  organizationId: string;
  admin: TestCompany;
  member: Member;
  asset: HardwareAsset;
  disposalItem: DisposalItem;
  invitationId: string;
  apiKeyId: string;
  apiKey: string;
  machineId: string;
  checkoutSessionId: string;
  /** A CSV import of the victim's, finished, with a failed row. */
  importJobId: string;
  /** Strings that only the victim's data contains. */
  secrets: string[];
}

type VictimObject =
  | 'hardware asset'
  | 'disposal item'
  | 'invitation'
  | 'user'
  | 'API key'
  | 'agent'
  | 'organisation'
  | 'checkout session'
  | 'import';

interface RouteCall {
  /** The victim's object the call aims at, if any. */
  object?: VictimObject;
  params?: Record<string, string>;
  options?: ApiOptions;
  /** The status when an outsider makes this call for their own organisation (no object aimed at). */
  ownStatus?: number;
}

/** One call per route; a route missing here fails the suite, so a new route must say how it is attacked. */
function callsFor(victim: Victim, priceId: string): Record<string, RouteCall> {
  const asset = { object: 'hardware asset' as const, params: { id: victim.asset.id } };
  const disposal = { object: 'disposal item' as const, params: { id: victim.disposalItem.id } };
  const user = { object: 'user' as const, params: { id: victim.member.id } };
  return {
    'GET /api/me': { ownStatus: 200 },
    // A confirmed organisation's caller: their own sign-up is confirmed already, nothing of the victim's is reached.
    'POST /api/auth/email-confirmation': { ownStatus: 200, options: { body: { code: '000000' } } },
    'POST /api/auth/email-confirmation/code': { ownStatus: 200 },
    // MFA's routes act on the caller alone; the outsider has none to turn off (wrong password: 400).
    'POST /api/me/mfa': { ownStatus: 200 },
    'POST /api/me/mfa/disable': {
      ownStatus: 400,
      options: { body: { password: 'not-the-password', code: '123456' } },
    },
    // Requiring MFA of its own members, without having it itself: refused (403 mfa_setup_first).
    'PATCH /api/organization': { ownStatus: 403, options: { body: { require_mfa: true } } },
    'GET /api/dashboard': { ownStatus: 200 },
    'POST /api/hardware': {
      ownStatus: 201,
      options: { body: { asset_type: 'Desktop', status: 'Active', model: 'Intruder own' } },
    },
    'GET /api/hardware/{id}': asset,
    'PUT /api/hardware/{id}': {
      ...asset,
      options: {
        body: { asset_type: 'Laptop', status: 'Retired', model: 'Taken', version: victim.asset.version },
      },
    },
    'DELETE /api/hardware/{id}': asset,
    'GET /api/disposals': { ownStatus: 200 },
    'GET /api/disposals/stats': { ownStatus: 200 },
    'POST /api/disposals': {
      ownStatus: 201,
      options: { body: { asset_name: 'Intruder own', disposal_reason: 'End of Life' } },
    },
    'POST /api/disposals/{id}/complete': disposal,
    'POST /api/disposals/{id}/revert': disposal,
    'POST /api/disposals/delete': {
      object: 'disposal item',
      options: { body: { ids: [victim.disposalItem.id] } },
    },
    'GET /api/audit-logs': { ownStatus: 200 },
    'GET /api/agents': { ownStatus: 200 },
    'GET /api/agent/download': { ownStatus: 200 },
    'GET /api/api-keys': { ownStatus: 200 },
    'POST /api/api-keys': { ownStatus: 201, options: { body: { name: 'Intruder own key' } } },
    'DELETE /api/api-keys/{id}': { object: 'API key', params: { id: victim.apiKeyId } },
    'GET /api/invitations': { ownStatus: 200 },
    'POST /api/invitations': { ownStatus: 201, options: { body: { email: uniqueEmail('intruder-invite') } } },
    'POST /api/invitations/{id}/cancel': { object: 'invitation', params: { id: victim.invitationId } },
    'POST /api/invitations/{id}/resend': { object: 'invitation', params: { id: victim.invitationId } },
    'GET /api/users': { ownStatus: 200 },
    'PATCH /api/users/{id}': { ...user, options: { body: { role: 'admin' } } },
    'DELETE /api/users/{id}': user,
    'POST /api/users/{id}/password-reset': user,
    'GET /api/organizations': { ownStatus: 200 },
    'DELETE /api/organizations/{id}': { object: 'organisation', params: { id: victim.organizationId } },
    'GET /api/billing': { ownStatus: 200 },
    'GET /api/billing/payments': { ownStatus: 200 },
    'POST /api/billing/checkout': { ownStatus: 200, options: { body: { price_id: priceId } } },
    'GET /api/billing/checkout/{session_id}': {
      object: 'checkout session',
      params: { session_id: victim.checkoutSessionId },
    },
    // The checkout above made the outsider a Stripe customer of their own.
    'POST /api/billing/portal': { ownStatus: 200 },
    'POST /api/billing/sync-plans': { ownStatus: 200 },
    ...ALERTS_OWN_CALLS,
    ...inventoryCalls(victim),
    ...deviceIdentityCalls(victim),
    ...importCalls(victim),
    ...hardwareListCalls(victim),
  };
}

function send(route: RouteDefinition, call: RouteCall, token: string): Promise<ApiResponse> {
  return api(pathOf(route, call.params ?? {}), { method: route.method, token, ...call.options });
}

const rank = (role: Role) => ROLES.indexOf(role);

function expectCreated(response: ApiResponse, what: string) {
  if (response.status >= 300) throw new Error(`${what} failed: ${JSON.stringify(response.body)}`);
}

async function victimOrganization(): Promise<Victim> {
  const admin = await signUpCompany('Victim Holdings');
  const organizationId = await organizationIdOf(admin);
  const member = await addMember(admin, 'user');
  const asset = await createHardwareAsset(admin, {
    model: 'Victim Secret Model',
    serial_number: 'VICTIM-SERIAL-1',
  });
  const disposal = await api<DisposalItem>('/api/disposals', {
    method: 'POST',
    token: admin.accessToken,
    body: { asset_name: 'Victim Old Server', disposal_reason: 'End of Life' },
  });
  expectCreated(disposal, 'Adding a disposal item');
  const invited = uniqueEmail('victim-invitee');
  const invitation = await api<{ id: string }>('/api/invitations', {
    method: 'POST',
    token: admin.accessToken,
    body: { email: invited, role: 'admin' },
  });
  expectCreated(invitation, 'Inviting');
  const key = await api<{ id: string; key: string }>('/api/api-keys', {
    method: 'POST',
    token: admin.accessToken,
    body: { name: 'Victim agents' },
  });
  expectCreated(key, 'Creating an API key');
  const machineId = 'VICTIM-MACHINE-GUID';
  const report = await sendReport(key.body.key, {
    machine_id: machineId,
    hostname: 'VICTIM-PC',
    os_type: 'Windows',
    os_version: 'Windows 11 Pro',
    agent_version: '1.0.0',
  });
  expectCreated(report, 'An agent report');
  const plans = (await api<BillingResponse>('/api/billing', { token: admin.accessToken })).body.plans;
  const checkout = await api<SessionUrlResponse>('/api/billing/checkout', {
    method: 'POST',
    token: admin.accessToken,
    body: { price_id: plans[0]!.stripe_price_id },
  });
  expectCreated(checkout, 'Starting a checkout');
  const checkoutSessionId = new URL(checkout.body.url).pathname.split('/').at(-1)!;
  const imported = await victimImport(admin);
  return {
    organizationId,
    admin,
    member,
    asset,
    disposalItem: disposal.body,
    invitationId: invitation.body.id,
    apiKeyId: key.body.id,
    apiKey: key.body.key,
    machineId,
    pendingDeviceId: await heldDevice(key.body.key, machineId),
    checkoutSessionId,
    importJobId: imported.id,
    secrets: [
      organizationId,
      asset.id,
      'Victim Secret Model',
      'VICTIM-SERIAL-1',
      disposal.body.id,
      'Victim Old Server',
      invited,
      invitation.body.id,
      member.email,
      member.id,
      admin.email,
      key.body.id,
      'VICTIM-PC',
      ...imported.secrets,
    ],
  };
}

describe('tenant and role isolation on every route of the route table', () => {
  it('keeps every organisation’s objects and functions from outsiders and lower roles', async () => {
    const root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
    expect((await api('/api/billing/sync-plans', { method: 'POST', token: root })).status).toBe(200);
    const victim = await victimOrganization();
    const outsider = await signUpCompany('Intruder Inc');
    const plans = (await api<BillingResponse>('/api/billing', { token: outsider.accessToken })).body.plans;
    const calls = callsFor(victim, plans[0]!.stripe_price_id);
    const before = await tableDump([victim.organizationId]);

    const failures: string[] = [];
    let cases = 0;
    const check = async (
      route: RouteDefinition,
      call: RouteCall,
      who: string,
      token: string,
      expected: number,
      outsiderCall: boolean,
    ) => {
      cases++;
      const response = await send(route, call, token);
      const body = JSON.stringify(response.body) ?? '';
      const leaked = outsiderCall ? victim.secrets.filter((secret) => body.includes(secret)) : [];
      if (response.status !== expected || leaked.length > 0) {
        failures.push(
          `${routeKey(route)} by ${who}${call.object ? ` on the victim's ${call.object}` : ''}: expected ${expected}, got ${response.status}${leaked.length ? `, leaking ${leaked.join(', ')}` : ''} ${body.slice(0, 160)}`,
        );
      }
    };

    const signedInRoutes = routes.filter((route) => route.auth === 'user');
    const missing = signedInRoutes.map(routeKey).filter((key) => !calls[key]);
    expect(missing, 'routes with no attack defined in callsFor').toEqual([]);

    // Another organisation's admin: refused the victim's objects (404, as if they did not exist),
    // refused platform functions (403), and served only their own organisation elsewhere.
    for (const route of signedInRoutes) {
      const call = calls[routeKey(route)]!;
      const expected = route.minRole === 'super_admin' ? 403 : call.object ? 404 : (call.ownStatus ?? 200);
      await check(route, call, 'another organisation’s admin', outsider.accessToken, expected, true);
    }

    // Each role of the victim organisation below a route's: 403 before anything is read.
    const victimTokens: Partial<Record<Role, string>> = {
      user: victim.member.token,
      admin: victim.admin.accessToken,
    };
    for (const route of signedInRoutes) {
      for (const [role, token] of Object.entries(victimTokens) as [Role, string][]) {
        if (rank(role) >= rank(route.minRole ?? 'user')) continue;
        await check(route, calls[routeKey(route)]!, `the victim's ${role}`, token, 403, false);
      }
    }

    // The agent channel, by credential: a route of it missing below fails the suite.
    const agentRoutes = routes.filter((route) => route.auth === 'agent-key' || route.auth === 'device-token');
    // The updates route serves every device the same signed release files: nothing of an organisation.
    expect(agentRoutes.map(routeKey).sort()).toEqual([
      'GET /api/agent/updates/{path+}',
      'POST /api/agent/enroll',
      'POST /api/agent/report',
    ]);
    const expectStatus = (what: string, answer: ApiResponse, expected: number) => {
      cases++;
      const body = JSON.stringify(answer.body) ?? '';
      const leaked = victim.secrets.filter((secret) => body.includes(secret));
      if (answer.status !== expected || leaked.length > 0)
        failures.push(`${what}: expected ${expected}, got ${answer.status} ${leaked.join(', ')} ${body}`);
    };
    // Another organisation's API key, enrolling a machine id the victim already has: a device of
    // the outsider's own, whose reports land in the outsider's organisation.
    const outsiderKey = await api<{ key: string }>('/api/api-keys', {
      method: 'POST',
      token: outsider.accessToken,
      body: { name: 'Intruder agents' },
    });
    expectCreated(outsiderKey, 'Creating the outsider’s API key');
    const enroll = (headers: Record<string, string>) =>
      api<{ device_token: string }>('/api/agent/enroll', {
        method: 'POST',
        headers,
        body: { machine_id: victim.machineId, hostname: 'INTRUDER-PC', os_type: 'Linux' },
      });
    const enrolled = await enroll({ [API_KEY_HEADER]: outsiderKey.body.key });
    expectStatus('enrolment of the victim’s machine id with another organisation’s key', enrolled, 201);
    const intruderReport = {
      machine_id: victim.machineId,
      hostname: 'INTRUDER-PC',
      os_type: 'Linux',
      os_version: 'Debian 12',
      agent_version: '1.0.0',
    };
    const report = (headers: Record<string, string>) =>
      api('/api/agent/report', { method: 'POST', headers, body: intruderReport });
    const outsiderDevice = enrolled.body.device_token;
    expectStatus('a report of that device', await report(deviceHeaders(outsiderDevice)), 202);
    const ownCopy = await api<{ hostname: string }>(`/api/agents/${victim.machineId}`, {
      token: outsider.accessToken,
    });
    expect(ownCopy.body.hostname).toBe('INTRUDER-PC');

    // Each credential only where it belongs: a person's token, a key and a device token are not
    // one another, whichever organisation they are of.
    const victimDevice = await deviceTokenFor(victim.apiKey, { machine_id: victim.machineId });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const wrongCredentials: [string, Record<string, string>][] = [
      ['the victim admin’s sign-in token', bearer(victim.admin.accessToken)],
      ['the victim’s device token as a key', { [API_KEY_HEADER]: victimDevice }],
      ['the victim’s key as a device token', bearer(victim.apiKey)],
      ['the outsider’s key as a device token', bearer(outsiderKey.body.key)],
      ['the outsider’s device token as a key', { [API_KEY_HEADER]: outsiderDevice }],
    ];
    for (const [what, headers] of wrongCredentials) {
      expectStatus(`enrolment with ${what}`, await enroll(headers), 401);
      expectStatus(`a report with ${what}`, await report(headers), 401);
    }
    for (const route of signedInRoutes.filter((each) => each.path.startsWith('/api/agents'))) {
      const call = calls[routeKey(route)]!;
      for (const token of [victimDevice, victim.apiKey, outsiderDevice, outsiderKey.body.key])
        expectStatus(`${routeKey(route)} with a key or device token`, await send(route, call, token), 401);
    }
    // The outsider deleting "its" machine of the victim's id deletes its own, and lists only its own.
    const fleet = await api<{ items: { hostname: string }[]; total: number }>('/api/agents', {
      token: outsider.accessToken,
    });
    expectStatus('the outsider’s fleet', fleet, 200);
    expect(fleet.body).toMatchObject({ total: 1, items: [{ hostname: 'INTRUDER-PC' }] });
    const deleted = await api(`/api/agents/${victim.machineId}`, {
      method: 'DELETE',
      token: outsider.accessToken,
    });
    expectStatus('the outsider deleting its machine of the victim’s id', deleted, 204);
    expectStatus('a report of the deleted device', await report(deviceHeaders(outsiderDevice)), 401);

    const after = await tableDump([victim.organizationId]);
    console.log(
      `[reliability] tenant and role matrix: ${cases} cases over ${signedInRoutes.length + agentRoutes.length} routes, ${failures.length} failures, ${before.length} victim items unchanged: ${before.join('') === after.join('')}`,
    );
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
    // The victim's device was never revoked by any of it.
    const victimReport = await api('/api/agent/report', {
      method: 'POST',
      headers: deviceHeaders(victimDevice),
      body: { ...intruderReport, hostname: 'VICTIM-PC' },
    });
    expect(victimReport.status).toBe(202);
  });
});
