import { backfillHardwareList } from '../../functions/hardware/list-backfill';

/**
 * `npm run backfill:hardware-list` once the list's indexes are deployed (docs/deploy.md, "Rolling out
 * new indexes"): gives the assets written before them their sort attributes and sets every
 * organisation's location counters to what its assets say, with the code the local stack runs at
 * start. It reads the deployed ids from the environment (the stacks' outputs TableName, UserPoolId,
 * UserPoolClientId) and uses your AWS credentials. Safe to run again: a second run mends a counter a
 * change made during the first left one off.
 */
if (!process.env.TABLE_NAME || !process.env.USER_POOL_ID || !process.env.USER_POOL_CLIENT_ID) {
  console.error('Set TABLE_NAME, USER_POOL_ID and USER_POOL_CLIENT_ID from the stack outputs.');
  process.exit(1);
}
const report = await backfillHardwareList({ force: true, log: (line) => console.log(line) });
if (report) {
  console.log(
    `Done: ${report.organizations} organisations, ${report.assets} assets, ${report.rewritten} given their list attributes, ${report.counters} location counters corrected.`,
  );
}
