import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../functions/routes';
import {
  agentListQuerySchema,
  agentEnrollmentSchema,
  agentReportSchema,
  type AgentReportInput,
} from '../../shared/agent-data';
import { auditLogListQuerySchema } from '../../shared/audit';
import { createApiKeySchema } from '../../shared/api-keys';
import { deviceIdentityInputs } from '../support/bad-input/device-identity-inputs';
import { emailConfirmationSchema, signupSchema } from '../../shared/auth';
import { checkoutRequestSchema, paymentsQuerySchema } from '../../shared/billing';
import {
  disposalDeleteSchema,
  disposalItemInputSchema,
  disposalListQuerySchema,
  disposalStatsQuerySchema,
} from '../../shared/disposal';
import { bulkStatusSchema, hardwareAssetInputSchema, hardwareAssetUpdateSchema } from '../../shared/hardware';
import { invitationLookupSchema, inviteSchema } from '../../shared/invitations';
import { mfaDisableSchema } from '../../shared/mfa-requests';
import { organizationSettingsUpdateSchema } from '../../shared/organization-settings';
import { roleChangeSchema } from '../../shared/users';
import { uniqueEmail } from '../support/api';
import { importInputs } from '../support/bad-input/import-inputs';
import { hardwareListInputs } from '../support/bad-input/hardware-list-inputs';
import { inventoryInputs } from '../support/bad-input/inventory-inputs';
import { casesFor, oversizeCase, type RouteInput } from '../support/bad-input/cases';
import { credentialsOf, inBatches, problemWith, send } from '../support/bad-input/sending';
import { badInputTargets } from '../support/bad-input/targets';
import type { Json } from '../support/bad-input/values';
import { dumpDifference, tableDump } from '../support/table';

const withoutRateCounters = (dump: string[]) => dump.filter((item) => !item.includes('"pk":"ratelimit#'));

/**
 * Bad input (OWASP API3, API4), generated from functions/routes.ts so a new route fails here until
 * it is given an input definition below. Per route, fast-check derives from the handler's zod schemas
 * (and the route's real ids) cases that each carry a defect: a wrong type, a missing or unknown field,
 * huge strings and arrays, unicode edge cases, impossible dates, malformed JSON, a wrong content type,
 * an oversize body, a bad path id or query, a body where none is taken, CSV files that cannot import.
 * The schema is the oracle (a mutated body it accepts is no case). Every answer is a 4xx with the
 * JSON error body, and the table is unchanged.
 */
const SEED = 20_250_914;
const CASES_PER_ROUTE = 500;

describe('bad input on every route of the route table', () => {
  it(`refuses ${CASES_PER_ROUTE} generated bad requests per route with a 4xx error body, leaving the table unchanged`, async () => {
    const started = Date.now();
    const {
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
    } = await badInputTargets();

    const hardwareBody = {
      asset_type: 'Laptop',
      manufacturer: 'Lenovo',
      model: 'ThinkPad',
      serial_number: 'FZ-NEW-1',
      asset_tag: 'FZ-TAG-1',
      purchase_date: '2024-01-15',
      warranty_expiry: '2027-01-15',
      status: 'Active',
      location: 'London',
      assigned_to: 'Jane Smith',
      cpu: 'Intel Core i7',
      ram_gb: 16,
      storage_gb: 512,
      os: 'Windows 11',
      notes: 'Fuzzed',
      disposal_reason: null,
      disposal_date: null,
    } satisfies Json;
    const agentReport = {
      machine_id: 'FUZZ-MACHINE-2',
      hostname: 'fuzz-host-2',
      os_type: 'Linux',
      os_version: '6.8',
      service_tag: 'ST-1',
      logged_in_user: 'jane',
      agent_version: '1.0.0',
      update_available: false,
      memory_total_gb: 16,
      cpu_info: { processor: 'Intel', architecture: 'x64', cores_physical: 4, cores_logical: 8 },
      storage_info: [{ device: '/dev/sda', mountpoint: '/', used_gb: 10, total_gb: 100, percent: 10 }],
      shared_folders: [{ name: 'share', path: '/srv/share' }],
      printers: [{ name: 'Printer', driver: 'pcl', network: true, shared: false }],
      installed_software: [{ name: 'vim', version: '9' }],
    } satisfies AgentReportInput & Json;

    /** Every route's input: a route missing here fails the test, so a new route must be added. */
    const inputs: Record<string, RouteInput> = {
      'POST /api/auth/signup': {
        caller: 'public',
        body: {
          kind: 'json',
          schema: signupSchema,
          valid: {
            email: uniqueEmail('fuzz-signup'),
            password: 'fuzz-pass-1',
            full_name: 'Fuzz Person',
            company_name: 'Fuzz Co',
          },
        },
      },
      'POST /api/invitations/lookup': {
        caller: 'public',
        body: { kind: 'json', schema: invitationLookupSchema, valid: { token: invitationToken } },
      },
      'POST /api/auth/email-confirmation': {
        caller: 'admin',
        body: { kind: 'json', schema: emailConfirmationSchema, valid: { code: '123456' } },
      },
      'POST /api/auth/email-confirmation/code': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/me': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/me/mfa': { caller: 'admin', body: { kind: 'none' } },
      // The admin has no MFA: a valid request is refused (409), and nothing is written.
      'POST /api/me/mfa/disable': {
        caller: 'admin',
        body: { kind: 'json', schema: mfaDisableSchema, valid: { password: 'fuzz-pass-1', code: '123456' } },
      },
      // Requiring MFA without having it is refused (403); not requiring it changes nothing.
      'PATCH /api/organization': {
        caller: 'admin',
        body: { kind: 'json', schema: organizationSettingsUpdateSchema, valid: { require_mfa: false } },
      },
      'GET /api/dashboard': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/hardware': {
        caller: 'admin',
        body: { kind: 'json', schema: hardwareAssetInputSchema, valid: hardwareBody },
      },
      'POST /api/hardware/bulk-status': {
        caller: 'admin',
        body: {
          kind: 'json',
          schema: bulkStatusSchema,
          valid: { ids: [asset.id], status: 'Disposed', disposal_reason: 'Sold' },
        },
      },
      'GET /api/hardware/{id}': { caller: 'admin', params: { id: asset.id }, body: { kind: 'none' } },
      'PUT /api/hardware/{id}': {
        caller: 'admin',
        params: { id: asset.id },
        body: {
          kind: 'json',
          schema: hardwareAssetUpdateSchema,
          valid: { ...hardwareBody, version: asset.version },
        },
      },
      'DELETE /api/hardware/{id}': { caller: 'admin', params: { id: asset.id }, body: { kind: 'none' } },
      'GET /api/disposals': {
        caller: 'admin',
        query: { schema: disposalListQuerySchema, valid: { q: 'Fuzz', status: 'Pending', limit: '5' } },
        body: { kind: 'none' },
      },
      'GET /api/disposals/stats': {
        caller: 'admin',
        query: { schema: disposalStatsQuerySchema, valid: { month: '2025-03' } },
        body: { kind: 'none' },
      },
      'POST /api/disposals': {
        caller: 'admin',
        body: {
          kind: 'json',
          schema: disposalItemInputSchema,
          valid: {
            asset_type: 'Other',
            asset_name: 'Fuzz item',
            serial_number: 'S-1',
            asset_tag: 'T-1',
            disposal_reason: 'Upgrade',
            disposal_date: '2025-03-01',
            disposal_notes: 'notes',
            status: 'Pending',
          },
        },
      },
      'POST /api/disposals/{id}/complete': {
        caller: 'admin',
        params: { id: pendingItem.id },
        body: { kind: 'none' },
      },
      'POST /api/disposals/{id}/revert': {
        caller: 'admin',
        params: { id: completedItem.id },
        body: { kind: 'none' },
      },
      'POST /api/disposals/delete': {
        caller: 'admin',
        body: { kind: 'json', schema: disposalDeleteSchema, valid: { ids: [pendingItem.id] } },
      },
      'GET /api/audit-logs': {
        caller: 'admin',
        query: { schema: auditLogListQuerySchema, valid: { limit: '50' } },
        body: { kind: 'none' },
      },
      'POST /api/agent/enroll': {
        caller: 'agent',
        body: {
          kind: 'json',
          schema: agentEnrollmentSchema,
          valid: { machine_id: machineId, hostname: 'fuzz-host', os_type: 'Windows' },
        },
      },
      'POST /api/agent/report': {
        caller: 'device',
        body: { kind: 'json', schema: agentReportSchema, valid: agentReport },
      },
      'GET /api/agents': {
        caller: 'admin',
        query: {
          schema: agentListQuerySchema,
          valid: { q: 'fuzz', freshness: 'green', inventory: 'not_linked', sort: 'hostname', limit: '10' },
        },
        body: { kind: 'none' },
      },
      'DELETE /api/agents/{machine_id}': {
        caller: 'admin',
        // Not the fuzzed device's machine, which the report's cases still need.
        params: { machine_id: 'FUZZ-NOT-ENROLLED' },
        body: { kind: 'none' },
      },
      'GET /api/agents/{machine_id}': {
        caller: 'admin',
        params: { machine_id: machineId },
        body: { kind: 'none' },
      },
      'GET /api/agent/download': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/agent/updates/{path+}': {
        caller: 'device',
        params: { path: 'metadata/root.json' },
        body: { kind: 'none' },
      },
      'GET /api/api-keys': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/api-keys': {
        caller: 'admin',
        body: { kind: 'json', schema: createApiKeySchema, valid: { name: 'Fuzz key' } },
      },
      'DELETE /api/api-keys/{id}': { caller: 'admin', params: { id: spareKey.id }, body: { kind: 'none' } },
      'GET /api/invitations': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/invitations': {
        caller: 'admin',
        body: {
          kind: 'json',
          schema: inviteSchema,
          valid: { email: uniqueEmail('fuzz-invite'), role: 'user' },
        },
      },
      'POST /api/invitations/{id}/cancel': {
        caller: 'admin',
        params: { id: invitation.body.id },
        body: { kind: 'none' },
      },
      'POST /api/invitations/{id}/resend': {
        caller: 'admin',
        params: { id: invitation.body.id },
        body: { kind: 'none' },
      },
      'GET /api/users': { caller: 'admin', body: { kind: 'none' } },
      'PATCH /api/users/{id}': {
        caller: 'admin',
        params: { id: member.id },
        body: { kind: 'json', schema: roleChangeSchema, valid: { role: 'admin' } },
      },
      'DELETE /api/users/{id}': { caller: 'super_admin', params: { id: member.id }, body: { kind: 'none' } },
      'POST /api/users/{id}/password-reset': {
        caller: 'admin',
        params: { id: member.id },
        body: { kind: 'none' },
      },
      'GET /api/organizations': { caller: 'super_admin', body: { kind: 'none' } },
      'DELETE /api/organizations/{id}': {
        caller: 'super_admin',
        params: { id: organization.id },
        body: { kind: 'none' },
      },
      'GET /api/billing': { caller: 'admin', body: { kind: 'none' } },
      'GET /api/billing/payments': {
        caller: 'admin',
        query: { schema: paymentsQuerySchema, valid: { limit: '5' } },
        body: { kind: 'none' },
      },
      // A well-formed id Stripe does not know: 404, asked of the Stripe sandbox.
      'GET /api/billing/checkout/{session_id}': {
        caller: 'admin',
        params: { session_id: 'cs_test_fuzz' },
        body: { kind: 'none' },
      },
      'POST /api/billing/checkout': {
        caller: 'admin',
        body: { kind: 'json', schema: checkoutRequestSchema, valid: { price_id: 'price_fuzz' } },
      },
      'POST /api/billing/portal': { caller: 'admin', body: { kind: 'none' } },
      'POST /api/billing/sync-plans': { caller: 'super_admin', body: { kind: 'none' } },
      'POST /api/stripe/webhook': { caller: 'stripe', body: { kind: 'stripe' } },
      ...inventoryInputs(machineId),
      ...importInputs(importJob.id),
      ...hardwareListInputs(asset.id),
      ...deviceIdentityInputs(spareKey.id, machineId),
    };
    const uncovered = routes.map(routeKey).filter((key) => !(key in inputs));
    expect(uncovered, 'routes without an input definition in bad-input.test.ts').toEqual([]);

    const credentials = credentialsOf({ token, root, agentKey: agentKey.key, deviceToken });

    // The agent routes go first: the key's last use was just recorded, and is recorded again only
    // after some minutes (a refused enrolment is still a use of the key).
    const agentChannel = (route: (typeof routes)[number]) =>
      route.auth === 'agent-key' || route.auth === 'device-token';
    const ordered = [...routes].sort((a, b) => Number(agentChannel(b)) - Number(agentChannel(a)));
    const before = withoutRateCounters(await tableDump());
    const failures: string[] = [];
    const counts: string[] = [];
    let total = 0;
    let serverErrors = 0;
    let refusedRowByRow = 0;
    let badCredentials = 0;
    for (const route of ordered) {
      const input = inputs[routeKey(route)]!;
      const cases = [
        ...fc.sample(casesFor({ route, input }), {
          seed: SEED + routes.indexOf(route),
          numRuns: CASES_PER_ROUTE,
        }),
        oversizeCase({ route, input }),
      ];
      expect(cases.length).toBeGreaterThanOrEqual(CASES_PER_ROUTE);
      // Unknown keys are only generated where the product's schema refuses them: if one went lax,
      // they would silently drop out of the cases, so their presence is part of the test.
      const unknown = (kind: string) => cases.filter(({ defect }) => defect.includes(kind)).length;
      expect(
        unknown('unknown query parameter'),
        `${routeKey(route)}: unknown query parameters`,
      ).toBeGreaterThan(0);
      if (input.body.kind === 'json')
        expect(unknown('unknown field'), `${routeKey(route)}: unknown fields`).toBeGreaterThan(0);
      if (agentChannel(route)) {
        expect(unknown('credential:'), `${routeKey(route)}: bad credentials`).toBeGreaterThan(0);
        badCredentials += unknown('credential:');
      }
      const answers = await inBatches(cases, (badCase) =>
        send({
          ...badCase,
          method: route.method,
          headers: { ...credentials[input.caller], ...badCase.headers },
        }),
      );
      answers.forEach((answer, at) => {
        const badCase = cases[at]!;
        if (answer.status >= 500) serverErrors++;
        if (badCase.rowsAllRefused !== undefined && answer.status === 400) refusedRowByRow++;
        const problem = problemWith(answer, badCase);
        if (problem && failures.length < 150)
          failures.push(
            `${routeKey(route)} with ${badCase.defect.slice(0, 160)}: ${problem} ${answer.text.slice(0, 160)}`,
          );
      });
      total += cases.length;
      counts.push(`${routeKey(route)} ${cases.length}`);
    }
    // A route that takes no input (a password reset) is still served when only its headers are odd,
    // and each request it serves counts against its client's rate limit (issue 25): those counters
    // are the one thing it writes to the table, and not the product's data.
    const after = withoutRateCounters(await tableDump());
    const difference = dumpDifference(before, after);
    const unchanged = difference.addedOrChanged.length === 0 && difference.removedOrChanged.length === 0;

    console.log(`[reliability] bad input: seed ${SEED}, cases per route: ${counts.join(', ')}`);
    console.log(
      `[reliability] bad input: ${total} cases over ${routes.length} routes, ${serverErrors} server errors, ${failures.length} wrong answers, table ${unchanged ? 'unchanged' : 'CHANGED'}; ${badCredentials} bad agent-channel credentials (401); ${refusedRowByRow} CSV files refused for their rows (400 no_valid_rows, each row named, nothing imported); ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(failures).toEqual([]);
    expect(difference).toEqual({ removedOrChanged: [], addedOrChanged: [] });
  }, 600_000);
});
