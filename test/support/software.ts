import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableClient } from '../../functions/lib/table/client';
import { put, send } from '../../functions/lib/table/commands';
import { TTL_ATTRIBUTE } from '../../functions/lib/table/definition';
import { agentMachines } from '../../functions/lib/table/items/agents';
import { machineChangeSets } from '../../functions/lib/table/items/inventory';
import {
  softwareInstallations,
  softwarePrograms,
  versionAttribute,
} from '../../functions/lib/table/items/software';
import { CHANGE_RETENTION_DAYS, programKey, versionKey, type MachineChange } from '../../shared/inventory';
import { useFunctionEnv } from './api';

/**
 * The software inventory and the timeline as the report path (functions/agent-reports) stores
 * them, written through the same item modules: what the read side's tests and the bench start from.
 */

/** A monitored machine, as its latest report left it. */
export async function seedMachine(
  organizationId: string,
  machine: { machine_id: string; hostname: string; last_seen: string },
): Promise<void> {
  useFunctionEnv();
  await send(
    put(
      agentMachines.item(organizationId, {
        ...machine,
        os_type: 'Windows',
        os_version: 'Windows 11 Pro 23H2',
        sections: {},
        first_seen: machine.last_seen,
      }),
    ),
  );
}

/**
 * A program on some machines: each installation item, and the program item's counters moved by
 * ADD as the report path moves them. `versions` are as reported; they are normalised here.
 */
export async function seedInstallations(
  organizationId: string,
  name: string,
  installations: { machine_id: string; versions: string[]; since: string }[],
): Promise<void> {
  useFunctionEnv();
  const key = programKey(name);
  const counts: Record<string, number> = {};
  for (const installation of installations) {
    const versions = [...new Set(installation.versions.map(versionKey))].sort();
    for (const version of versions)
      counts[versionAttribute(version)] = (counts[versionAttribute(version)] ?? 0) + 1;
    await send(
      put(
        softwareInstallations.item(organizationId, {
          name,
          program_key: key,
          machine_id: installation.machine_id,
          versions,
          since: installation.since,
        }),
      ),
    );
  }
  await addToProgram(organizationId, name, { machines: installations.length, ...counts });
}

/**
 * The program item's counters moved by ADD. Not through commands.ts `update`: its placeholders are
 * `#<attribute>`, which DynamoDB refuses for `v#1.2` (a placeholder is `#` and alphanumerics only).
 */
async function addToProgram(organizationId: string, name: string, counters: Record<string, number>) {
  const entries = Object.entries(counters);
  await tableClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: softwarePrograms.key(organizationId, programKey(name)),
      UpdateExpression: `SET #name = :name, #program_key = :program_key ADD ${entries
        .map((_, index) => `#c${index} :c${index}`)
        .join(', ')}`,
      ExpressionAttributeNames: {
        '#name': 'name',
        '#program_key': 'program_key',
        ...Object.fromEntries(entries.map(([attribute], index) => [`#c${index}`, attribute])),
      },
      ExpressionAttributeValues: {
        ':name': name,
        ':program_key': programKey(name),
        ...Object.fromEntries(entries.map(([, count], index) => [`:c${index}`, count])),
      },
    }),
  );
}

/** A program every machine has removed: its item stays, at 0 machines. */
export async function seedRemovedProgram(organizationId: string, name: string, version: string) {
  useFunctionEnv();
  await addToProgram(organizationId, name, { machines: 0, [versionAttribute(versionKey(version))]: 0 });
}

/** The changes one report found, kept for the retention period from `at` unless told otherwise. */
export async function seedChangeSet(
  organizationId: string,
  machineId: string,
  at: string,
  changes: Omit<MachineChange, 'at'>[],
  { part = 0, expiresAt }: { part?: number; expiresAt?: Date } = {},
): Promise<void> {
  useFunctionEnv();
  const expiry = expiresAt ?? new Date(Date.parse(at) + CHANGE_RETENTION_DAYS * 86_400_000);
  await send(
    put(
      machineChangeSets.item(organizationId, {
        machine_id: machineId,
        at,
        part,
        changes,
        [TTL_ATTRIBUTE]: Math.floor(expiry.getTime() / 1000),
      }),
    ),
  );
}
