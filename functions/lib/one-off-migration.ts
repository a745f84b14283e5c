import { getItem, listAll, put, send } from './table/commands';
import { migrationItemSchema, migrations } from './table/items/migrations';
import { organizationItemSchema, organizations } from './table/items/organizations';

/** How a one-off migration runs: at start (once), from the AWS script (`force`), or in a test (`only`). */
export interface MigrationOptions {
  /** Again, though a run has finished before (the AWS script). */
  force?: boolean;
  /** These organisations only (a test's), and no marker written. */
  only?: string[];
  log?: (line: string) => void;
}

/**
 * Runs a one-off change of the table organisation by organisation (`each`, which adds to `report`),
 * then writes a marker item that makes later runs at start do nothing. Answers null when a run had
 * finished before. Every such change is written to be safe to run again.
 */
export async function migrateEachOrganization<R extends { organizations: number }>(
  name: string,
  report: R,
  each: (organizationId: string, report: R) => Promise<string>,
  { force = false, only, log = () => {} }: MigrationOptions = {},
): Promise<R | null> {
  const marker = migrations.key(name);
  if (!force && !only && (await getItem(migrationItemSchema, marker, { consistent: true }))) return null;
  const organizationIds =
    only ??
    (await listAll(organizationItemSchema, organizations.all())).map((organization) => organization.id);
  for (const organizationId of organizationIds) {
    const said = await each(organizationId, report);
    report.organizations += 1;
    log(`Organisation ${organizationId}: ${said}`);
  }
  if (!only) await send(put(migrations.item({ name, done_at: new Date().toISOString() })));
  return report;
}
