import { afterEach, describe, expect, it } from 'vitest';
import { handler } from './custom-message';
import { PASSWORD_RESET_SUBJECT } from './password-reset-email';

/** A CustomMessage event as Cognito sends it (response fields empty until a trigger fills them). */
function cognitoEvent(triggerSource: string, email = 'ann.admin+x@example.com') {
  return {
    version: '1',
    region: 'eu-west-2',
    userPoolId: 'eu-west-2_pool',
    userName: 'c0ffee00-0000-4000-8000-000000000000',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { sub: 'c0ffee00-0000-4000-8000-000000000000', email, email_verified: 'true' },
      codeParameter: '{####}',
      usernameParameter: null,
      clientMetadata: {},
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

const previousAppUrl = process.env.APP_URL;
afterEach(() => {
  if (previousAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = previousAppUrl;
});

describe('the CustomMessage trigger', () => {
  it('links a forgot-password email to /reset-password with the address filled in, and keeps the code in it', async () => {
    process.env.APP_URL = 'https://assets.example.com';
    const event = cognitoEvent('CustomMessage_ForgotPassword');
    const answered = (await handler(event)) as Omit<typeof event, 'response'> & {
      response: { emailSubject: string; emailMessage: string };
    };
    expect(answered.response.emailSubject).toBe(PASSWORD_RESET_SUBJECT);
    const link = answered.response.emailMessage.match(/https:\/\/\S+/)?.[0];
    expect(link).toBe('https://assets.example.com/reset-password?email=ann.admin%2Bx%40example.com');
    expect(new URL(link!).searchParams.get('email')).toBe('ann.admin+x@example.com');
    // Cognito puts the code where its parameter stands: exactly once.
    expect(answered.response.emailMessage.split('{####}')).toHaveLength(2);
    // The rest of the event goes back as it came.
    expect({ ...answered, response: event.response }).toEqual(event);
  });

  it("leaves other messages, and a pool without the app's address, to the pool's own template", async () => {
    process.env.APP_URL = 'https://assets.example.com';
    const verification = cognitoEvent('CustomMessage_UpdateUserAttribute');
    expect(await handler(verification)).toBe(verification);
    delete process.env.APP_URL;
    const reset = cognitoEvent('CustomMessage_ForgotPassword');
    expect(await handler(reset)).toBe(reset);
  });
});
