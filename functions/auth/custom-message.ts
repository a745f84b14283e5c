import * as z from 'zod';
import { cognitoTriggerConfig } from '../lib/config';
import { passwordResetEmail } from './password-reset-email';

/** The parts of Cognito's CustomMessage event this trigger reads; the rest passes through untouched. */
const customMessageEventSchema = z.looseObject({
  triggerSource: z.string(),
  request: z.looseObject({
    userAttributes: z.record(z.string(), z.string()),
    codeParameter: z.string().min(1),
  }),
  response: z.looseObject({}),
});
export type CustomMessageEvent = z.infer<typeof customMessageEventSchema>;

/**
 * Cognito's CustomMessage trigger (the Auth stack wires it to the user pool; the local stack's
 * cognito-local invokes it the same way). A forgot-password email, whether the person asked or an
 * admin sent it, links to /reset-password with the address filled in. Any other message, or no
 * APP_URL to link to, is left to the pool's own template.
 */
export async function handler(event: unknown): Promise<unknown> {
  const parsed = customMessageEventSchema.safeParse(event);
  if (!parsed.success || parsed.data.triggerSource !== 'CustomMessage_ForgotPassword') return event;
  const { APP_URL } = cognitoTriggerConfig();
  const email = parsed.data.request.userAttributes.email;
  if (!APP_URL || !email) return event;
  const message = passwordResetEmail(APP_URL, email, parsed.data.request.codeParameter);
  return {
    ...parsed.data,
    response: { ...parsed.data.response, emailSubject: message.subject, emailMessage: message.body },
  };
}
