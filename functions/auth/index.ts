import { featureHandler } from '../lib/feature';
import { handler as confirmEmail } from './confirm-email';
import { handler as confirmationCode } from './confirmation-code';
import { handler as invitation } from './invitation';
import { handler as me } from './me';
import { handler as meMfa } from './me-mfa';
import { handler as meMfaDisable } from './me-mfa-disable';
import { handler as mePassword } from './me-password';
import { handler as mePasswordProof } from './me-password-proof';
import { handler as signup } from './signup';
import { handler as signupConfirm } from './signup-confirm';

export const handler = featureHandler('auth', {
  signup,
  'signup-confirm': signupConfirm,
  me,
  invitation,
  'confirm-email': confirmEmail,
  'confirmation-code': confirmationCode,
  'me-mfa': meMfa,
  'me-mfa-disable': meMfaDisable,
  'me-password-proof': mePasswordProof,
  'me-password': mePassword,
});
