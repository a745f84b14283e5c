import { ensureSuperAdmin } from '../../functions/auth/registration';
import { superAdminPasswordProblem } from '../../shared/super-admin';

/**
 * `npm run create-super-admin` after the first deploy: the platform's first super_admin, made by
 * the same code the local stack runs at start. It reads the deployed ids from the environment
 * (the stacks' outputs TableName, UserPoolId, UserPoolClientId) and uses your AWS credentials.
 * The password must be at least 12 characters; the super_admin then signs in and sets up MFA in
 * Settings → Security before the API lets it do anything else.
 */
const email = process.env.SUPER_ADMIN_EMAIL?.trim().toLowerCase();
const password = process.env.SUPER_ADMIN_PASSWORD;
if (
  !email ||
  !password ||
  !process.env.TABLE_NAME ||
  !process.env.USER_POOL_ID ||
  !process.env.USER_POOL_CLIENT_ID
) {
  console.error(
    'Set SUPER_ADMIN_EMAIL, SUPER_ADMIN_PASSWORD, and TABLE_NAME, USER_POOL_ID, USER_POOL_CLIENT_ID from the stack outputs.',
  );
  process.exit(1);
}
const problem = superAdminPasswordProblem(password);
if (problem) {
  console.error(`${problem}. Choose a longer SUPER_ADMIN_PASSWORD.`);
  process.exit(1);
}
const result = await ensureSuperAdmin(email, password, new Date());
console.log(result === 'created' ? `Super admin ${email} created.` : `Super admin ${email} already exists.`);
console.log(
  'Sign in to the app as this super_admin and set up MFA in Settings → Security: until then the API refuses it.',
);
