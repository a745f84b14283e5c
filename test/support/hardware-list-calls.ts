/**
 * The hardware list's routes (its orders and filters, the locations, the bulk changes) as the tenant
 * and role matrix attacks them (test/reliability/tenant-matrix.test.ts): the lists are the caller's
 * own; a bulk change aims at the victim's asset by its id.
 */
export function hardwareListCalls(victim: { asset: { id: string } }) {
  const asset = { object: 'hardware asset' as const, params: {} };
  return {
    'GET /api/hardware': { ownStatus: 200 },
    'GET /api/hardware/locations': { ownStatus: 200 },
    'POST /api/hardware/bulk-status': {
      ...asset,
      options: { body: { ids: [victim.asset.id], status: 'In Repair' } },
    },
    'POST /api/hardware/bulk-update': {
      ...asset,
      options: { body: { ids: [victim.asset.id], location: 'Taken', assigned_to: 'Intruder' } },
    },
  };
}
