import { featureHandler } from '../lib/feature';
import { handler as enroll } from './enroll';
import { handler as report } from './report';
import { handler as updates } from './updates';

export const handler = featureHandler('agent-reports', { enroll, report, updates });
