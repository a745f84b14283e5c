import { serialClaimValue } from '../../shared/serial-number';
import { create, getItem, listAll, put, remove, send } from '../lib/table/commands';
import { equals } from '../lib/table/conditions';
import { hardwareIdentifierItemSchema, hardwareIdentifiers } from '../lib/table/items/hardware';
import { migrationItemSchema, migrations } from '../lib/table/items/migrations';
import { organizationItemSchema, organizations } from '../lib/table/items/organizations';
import { transact } from '../lib/table/transaction';

/**
 * Issue 36's one-off migration of serial claims. Before it, an asset claimed its serial trimmed and
 * lower-cased only, so `5CG  1234XYZ` (two spaces) claimed another key than the `5CG 1234XYZ` a
 * machine reports, and auto-add made a second asset. Each claim made that way is moved to the key
 * of the serial's one form (shared/serial-number.ts): the new claim created and the old one removed
 * in one transaction, on the condition that nothing holds the new key and the old one still names
 * its asset. Where two assets of an organisation now have the same serial (entered with different
 * spacing before), the older claim stays where it is and the clash is reported: which of the two
 * is the device is for a person to say, and both keep their serial meanwhile.
 *
 * Run by the local stack at start on every table (a marker item makes later runs do nothing) and,
 * in AWS, by `npm run migrate:serial-claims` (docs/deploy.md). Safe to run any number of times.
 */

const MIGRATION = 'serial-claims-1';

export interface SerialClaimsReport {
  organizations: number;
  claims: number;
  moved: number;
  /** Claims left at their old key because another asset holds the new one. */
  clashes: { organization_id: string; serial: string; asset_id: string }[];
}

interface MigrationOptions {
  /** Again, though a run finished before (the AWS script). */
  force?: boolean;
  /** These organisations only (a test's), and no marker written. */
  only?: string[];
  log?: (line: string) => void;
}

async function migrateOrganization(organizationId: string, report: SerialClaimsReport): Promise<void> {
  const claims = await listAll(
    hardwareIdentifierItemSchema,
    hardwareIdentifiers.ofKind(organizationId, 'serial_number'),
    { consistent: true },
  );
  for (const claim of claims) {
    report.claims += 1;
    const value = serialClaimValue(claim.value);
    if (value === claim.value) continue;
    const canceled = await transact([
      create(hardwareIdentifiers.item({ ...claim, value })),
      remove(hardwareIdentifiers.key(organizationId, claim), equals('asset_id', claim.asset_id)),
    ]);
    if (!canceled) {
      report.moved += 1;
      continue;
    }
    const holder = await getItem(
      hardwareIdentifierItemSchema,
      hardwareIdentifiers.key(organizationId, { kind: 'serial_number', value }),
      { consistent: true },
    );
    // Moved by a run beside this one, or the asset let go of the serial meanwhile: nothing to say.
    if (holder && holder.asset_id !== claim.asset_id) {
      report.clashes.push({ organization_id: organizationId, serial: claim.value, asset_id: claim.asset_id });
    }
  }
}

export async function migrateSerialClaims({
  force = false,
  only,
  log = () => {},
}: MigrationOptions = {}): Promise<SerialClaimsReport | null> {
  const marker = migrations.key(MIGRATION);
  if (!force && !only && (await getItem(migrationItemSchema, marker, { consistent: true }))) return null;
  const report: SerialClaimsReport = { organizations: 0, claims: 0, moved: 0, clashes: [] };
  const organizationIds =
    only ??
    (await listAll(organizationItemSchema, organizations.all())).map((organization) => organization.id);
  for (const organizationId of organizationIds) {
    await migrateOrganization(organizationId, report);
    report.organizations += 1;
    log(`Organisation ${organizationId}: ${report.claims} serial claims read, ${report.moved} moved`);
  }
  if (!only) await send(put(migrations.item({ name: MIGRATION, done_at: new Date().toISOString() })));
  return report;
}
