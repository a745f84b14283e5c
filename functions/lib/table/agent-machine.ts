import { Entity } from 'electrodb';
import { AGENT_SECTIONS, type AgentSectionName } from './items';

/**
 * ElectroDB's description of these items, kept only for the tests' and bench's fixtures (they
 * read and patch items through it). The functions use items.ts; items.test.ts holds the two equal.
 */

/** The organisation's monitoring agents' partition; organisation deletion empties it too. */
export const AGENTS_PARTITION = 'ORG#${organization_id}#AGENTS';

/**
 * A monitored machine: the light part of its latest report (small, rewritten on every report as
 * the heartbeat) and the hashes of its heavy sections, which live in agentSection items. It has no
 * secondary index: one keyed by last_seen would be rewritten (a delete and a put) by every report,
 * which tripled a report's write units. The fleet and the active count read the machines instead.
 * A machine and its sections live in a partition of their own, AGENTS_PARTITION: reading the fleet
 * never walks the organisation's hardware (DynamoDB Local serves a sort-key prefix by reading the
 * whole partition).
 */
export const agentMachineEntity = new Entity({
  model: { entity: 'agentMachine', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    machine_id: { type: 'string', required: true, readOnly: true },
    hostname: { type: 'string', required: true },
    os_type: { type: 'string' },
    os_version: { type: 'string' },
    service_tag: { type: 'string' },
    logged_in_user: { type: 'string' },
    agent_version: { type: 'string' },
    update_available: { type: 'boolean', required: true },
    memory_total_gb: { type: 'number' },
    cpu_info: { type: 'any' },
    /**
     * Disk usage moves on nearly every report, so the disks live in the heartbeat item: a report
     * that only changed them stays one single-item write, not a transaction with a section item.
     */
    storage_info: { type: 'any' },
    /** Content hash of each heavy section, and how many parts it is stored in. */
    sections: { type: 'any', required: true },
    first_seen: { type: 'string', required: true, readOnly: true },
    last_seen: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: AGENTS_PARTITION },
      sk: { field: 'sk', composite: ['machine_id'], template: 'AGENT#${machine_id}' },
    },
  },
});

export { AGENT_SECTIONS, type AgentSectionName };

/** One part of a heavy section: large sections are split so each item stays under 400 KB. */
export const agentSectionEntity = new Entity({
  model: { entity: 'agentSection', version: '1', service: 'itam' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    machine_id: { type: 'string', required: true, readOnly: true },
    section: { type: AGENT_SECTIONS, required: true, readOnly: true },
    part: { type: 'number', required: true, readOnly: true },
    entries: { type: 'any', required: true },
    /** When this part was last written: unchanged by reports whose section has the same content. */
    written_at: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organization_id'], template: AGENTS_PARTITION },
      sk: {
        field: 'sk',
        composite: ['machine_id', 'section', 'part'],
        template: 'AGENTSEC#${machine_id}#${section}#${part}',
      },
    },
  },
});
