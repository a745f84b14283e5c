/**
 * Device identity bound to proof (issue 35), in the route table (routes.ts spreads these, and its
 * type checks them there): devices held for approval, which any member sees and an admin approves
 * or rejects, and an enrolment key's rotation and the count of devices it enrolled, which an
 * admin's delete dialog states. API keys are settings, reachable without a subscription.
 */
const pendingDevice = (action: 'approve' | 'reject') =>
  ({
    method: 'POST',
    path: `/api/pending-devices/{device_id}/${action}`,
    feature: 'agents',
    handler: `approvals-${action}`,
    auth: 'user',
    minRole: 'admin',
    needsSubscription: true,
  }) as const;

export const deviceIdentityRoutes = [
  {
    method: 'GET',
    path: '/api/pending-devices',
    feature: 'agents',
    handler: 'approvals',
    auth: 'user',
    needsSubscription: true,
  },
  pendingDevice('approve'),
  pendingDevice('reject'),
  {
    method: 'POST',
    path: '/api/api-keys/{id}/rotate',
    feature: 'api-keys',
    handler: 'rotate',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: false,
  },
  {
    method: 'GET',
    path: '/api/api-keys/{id}/devices',
    feature: 'api-keys',
    handler: 'devices',
    auth: 'user',
    minRole: 'admin',
    needsSubscription: false,
  },
] as const;
