/**
 * A machine's routes (issue 27's among them) as the tenant and role matrix attacks them (test/reliability/tenant-matrix.test.ts):
 * the victim's machine by its id, with the victim's asset to link it to.
 */
export function inventoryCalls(victim: { machineId: string; asset: { id: string } }) {
  const machine = { object: 'agent' as const, params: { machine_id: victim.machineId } };
  return {
    'GET /api/agents/{machine_id}': machine,
    'DELETE /api/agents/{machine_id}': machine,
    'GET /api/agents/{machine_id}/changes': machine,
    'POST /api/agents/{machine_id}/link': {
      ...machine,
      options: { body: { hardware_asset_id: victim.asset.id } },
    },
    'POST /api/agents/{machine_id}/unlink': machine,
    'POST /api/agents/{machine_id}/add-to-inventory': machine,
    'POST /api/agents/{machine_id}/duplicate': { ...machine, options: { body: { decision: 'keep' } } },
    // The caller's own software inventory; that another organisation's programs and machines never
    // appear in it is test/integration/software.test.ts. Without the program's name: refused, 400.
    'GET /api/software': { ownStatus: 200 },
    'GET /api/software/machines': { ownStatus: 400 },
  };
}
