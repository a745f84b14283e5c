import type { ApiKeyListResponse } from '../../shared/api-keys';
import { userRoute } from '../lib/http';
import { listApiKeys } from './service';

export const handler = userRoute({}, async ({ caller }): Promise<ApiKeyListResponse> => ({
  items: await listApiKeys(caller.organization.id),
}));
