import { featureHandler } from '../lib/feature';
import { handler as approvals } from './approvals';
import { handler as approvalsApprove } from './approvals-approve';
import { handler as approvalsReject } from './approvals-reject';
import { handler as changes } from './changes';
import { handler as deleteMachine } from './delete';
import { handler as download } from './download';
import { handler as duplicatesDecision } from './duplicates-decision';
import { handler as get } from './get';
import { handler as link } from './link';
import { handler as linkAdd } from './link-add';
import { handler as linkUnlink } from './link-unlink';
import { handler as list } from './list';

export const handler = featureHandler('agents', {
  list,
  get,
  delete: deleteMachine,
  download,
  link,
  'link-unlink': linkUnlink,
  'link-add': linkAdd,
  changes,
  'duplicates-decision': duplicatesDecision,
  approvals,
  'approvals-approve': approvalsApprove,
  'approvals-reject': approvalsReject,
});
