import { serialClaimValue } from '../../shared/serial-number';
import { migrateEachOrganization, type MigrationOptions } from '../lib/one-off-migration';
import { hardwareIdentifiers } from '../lib/table/items/hardware';
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

async function migrateOrganization(organizationId: string, report: SerialClaimsReport): Promise<void> {
  const claims = await hardwareIdentifiers.listOfKind(organizationId, 'serial_number');
  for (const claim of claims) {
    report.claims += 1;
    const value = serialClaimValue(claim.value);
    if (value === claim.value) continue;
    const canceled = await transact([
      hardwareIdentifiers.claim({ ...claim, value }),
      hardwareIdentifiers.releaseIfHeldBy(organizationId, claim, claim.asset_id),
    ]);
    if (!canceled) {
      report.moved += 1;
      continue;
    }
    const holder = await hardwareIdentifiers.get(
      organizationId,
      { kind: 'serial_number', value },
      { consistent: true },
    );
    // Moved by a run beside this one, or the asset let go of the serial meanwhile: nothing to say.
    if (holder && holder.asset_id !== claim.asset_id) {
      report.clashes.push({ organization_id: organizationId, serial: claim.value, asset_id: claim.asset_id });
    }
  }
}

export function migrateSerialClaims(options: MigrationOptions = {}): Promise<SerialClaimsReport | null> {
  return migrateEachOrganization(
    MIGRATION,
    { organizations: 0, claims: 0, moved: 0, clashes: [] },
    async (organizationId, report) => {
      await migrateOrganization(organizationId, report);
      return `${report.claims} serial claims read, ${report.moved} moved`;
    },
    options,
  );
}
