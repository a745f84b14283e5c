import { featureHandler } from '../lib/feature';
import { handler as checkout } from './checkout';
import { handler as checkoutSession } from './checkout-session';
import { handler as get } from './get';
import { handler as payments } from './payments';
import { handler as portal } from './portal';
import { handler as syncPlans } from './sync-plans';
import { handler as webhook } from './webhook';

export const handler = featureHandler('billing', {
  get,
  checkout,
  'checkout-session': checkoutSession,
  payments,
  portal,
  'sync-plans': syncPlans,
  webhook,
});
