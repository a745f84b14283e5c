import { featureHandler } from '../lib/feature';
import { handler as download } from './download';
import { handler as get } from './get';
import { handler as list } from './list';
import { handler as report } from './report';

export const handler = featureHandler('agents', { report, list, get, download });
