import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';

/** An email the product sends (an invitation, a password reset): plain text, optionally HTML too. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let client: SESv2Client | undefined;

/** Created once per process (per Lambda container), on first use. */
function ses(): SESv2Client {
  if (!client) {
    const { AWS_REGION, SES_ENDPOINT } = config();
    client = new SESv2Client({
      region: AWS_REGION,
      ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT } : {}),
    });
  }
  return client;
}

/**
 * Sends one email through Amazon SES (v2 API) from MAIL_FROM. Locally SES_ENDPOINT points at the
 * gateway's SES stand-in, which puts the email in the local outbox.
 */
export async function sendEmail(email: Email): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config().MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html === undefined ? {} : { Html: { Data: email.html, Charset: 'UTF-8' } }),
          },
        },
      },
    }),
  );
}
