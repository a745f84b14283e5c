import { featureHandler } from '../lib/feature';
import { handler as enroll } from './enroll';
import { handler as report } from './report';

export const handler = featureHandler('agent-reports', { enroll, report });
