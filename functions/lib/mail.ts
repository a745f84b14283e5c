import { awsRequest } from './aws';
import { config } from './config';

/** An email the product sends (an invitation, a password reset): plain text, optionally HTML too. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends one email through Amazon SES (the v2 API's SendEmail, through ./aws) from MAIL_FROM. Locally
 * SES_ENDPOINT points at the gateway's SES stand-in, which puts the email in the local outbox.
 */
export async function sendEmail(email: Email): Promise<void> {
  const { AWS_REGION, SES_ENDPOINT, MAIL_FROM } = config();
  await awsRequest({
    service: 'ses',
    url: `${SES_ENDPOINT ?? `https://email.${AWS_REGION}.amazonaws.com`}/v2/email/outbound-emails`,
    headers: { 'content-type': 'application/json' },
    body: {
      FromEmailAddress: MAIL_FROM,
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
    },
  });
}
