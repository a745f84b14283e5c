import { createApiKeySchema } from '../../shared/api-keys';
import { userRoute } from '../lib/http';
import { createApiKey } from './service';

export const handler = userRoute({ body: createApiKeySchema, status: 201 }, ({ caller, body, now }) =>
  createApiKey(caller.organization.id, body.name, now),
);
