import type { AlertSettings } from '../../shared/alerts';
import { userRoute } from '../lib/http';
import { getAlertSettings } from './service';

export const handler = userRoute({}, async ({ caller }): Promise<AlertSettings> => getAlertSettings(caller));
