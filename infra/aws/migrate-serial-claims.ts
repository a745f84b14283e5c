import { migrateSerialClaims } from '../../functions/inventory/serial-claims';

/**
 * `npm run migrate:serial-claims` once the release with issue 36's one serial form is deployed
 * (docs/deploy.md, "Migrating serial claims"): moves each serial claim made the old way (inner spaces
 * kept) to the key of the serial's one form, with the code the local stack runs at start. It reads
 * the deployed ids from the environment (the stacks' outputs) and uses your AWS credentials. Safe to
 * run again; it lists the assets that share a serial with another, for a person to sort out.
 */
if (!process.env.TABLE_NAME || !process.env.USER_POOL_ID || !process.env.USER_POOL_CLIENT_ID) {
  console.error('Set TABLE_NAME, USER_POOL_ID and USER_POOL_CLIENT_ID from the stack outputs.');
  process.exit(1);
}
const report = await migrateSerialClaims({ force: true, log: (line) => console.log(line) });
if (report) {
  for (const clash of report.clashes) {
    console.log(
      `Organisation ${clash.organization_id}: asset ${clash.asset_id} shares serial "${clash.serial}" with another asset; its claim was left as it was`,
    );
  }
  console.log(
    `Done: ${report.organizations} organisations, ${report.claims} serial claims, ${report.moved} moved, ${report.clashes.length} clashes.`,
  );
}
