import { featureHandler } from '../lib/feature';
import { handler as changes } from './changes';
import { handler as deleteMachine } from './delete';
import { handler as download } from './download';
import { handler as get } from './get';
import { handler as list } from './list';

export const handler = featureHandler('agents', { list, get, delete: deleteMachine, download, changes });
