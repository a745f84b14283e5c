import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { awsClientOptions, madeOnce } from './aws-clients';
import { config } from './config';

const ses = madeOnce(() => new SESv2Client(awsClientOptions(config().SES_ENDPOINT)));

/** An email the product sends (an invitation, a password reset): plain text, optionally HTML too. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends one email through Amazon SES (the v2 API's SendEmail) from MAIL_FROM. Locally
 * SES_ENDPOINT points at the gateway's SES stand-in, which puts the email in the local outbox.
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
