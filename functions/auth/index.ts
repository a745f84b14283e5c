import { featureHandler } from '../lib/feature';
import { handler as invitation } from './invitation';
import { handler as me } from './me';
import { handler as meMfa } from './me-mfa';
import { handler as meMfaDisable } from './me-mfa-disable';
import { handler as signup } from './signup';

export const handler = featureHandler('auth', {
  signup,
  me,
  invitation,
  'me-mfa': meMfa,
  'me-mfa-disable': meMfaDisable,
});
