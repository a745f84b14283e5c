import type { ServerResponse } from 'node:http';
import type { Outbox } from './outbox';

/**
 * The local stand-in for Amazon SES: the one SES v2 call the product makes (SendEmail with simple
 * content), answered in the SES wire format and delivered into the local outbox instead of a
 * mailbox. The functions reach it through SES_ENDPOINT = `${gateway}${LOCAL_SES_PATH}`, so SendEmail
 * arrives at `${LOCAL_SES_PATH}/v2/email/outbound-emails`. The SigV4 signature is not checked.
 */
export const LOCAL_SES_PATH = '/dev/ses';
export const LOCAL_SES_SEND_EMAIL_PATH = `${LOCAL_SES_PATH}/v2/email/outbound-emails`;

/** What the SES stand-in takes from a SendEmail request; everything else in it is ignored. */
export interface SesSimpleEmail {
  to: string[];
  subject: string;
  text: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The recipients, subject and text body of a SendEmail request body, or why it is refused. */
export function parseSendEmail(raw: string): SesSimpleEmail | string {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return 'The request body is not JSON';
  }
  if (!isObject(body)) return 'The request body must be a JSON object';
  const to = isObject(body.Destination) ? body.Destination.ToAddresses : undefined;
  if (!Array.isArray(to) || to.length === 0 || !to.every((address) => typeof address === 'string' && address))
    return 'Destination.ToAddresses must list at least one address';
  const simple = isObject(body.Content) ? body.Content.Simple : undefined;
  if (!isObject(simple)) return 'Content.Simple is required (the local SES takes simple content only)';
  const subject = isObject(simple.Subject) ? simple.Subject.Data : undefined;
  if (typeof subject !== 'string') return 'Content.Simple.Subject.Data is required';
  const bodyPart = isObject(simple.Body) ? simple.Body : undefined;
  const text = isObject(bodyPart?.Text) ? bodyPart.Text.Data : undefined;
  if (typeof text !== 'string') return 'Content.Simple.Body.Text.Data is required';
  return { to: to as string[], subject, text };
}

function answer(res: ServerResponse, statusCode: number, body: unknown, errorType?: string) {
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(JSON.stringify(body));
}

/** Handles POST LOCAL_SES_SEND_EMAIL_PATH: one outbox email per recipient, SES's answer back. */
export async function handleSesSendEmail(raw: string, res: ServerResponse, outbox: Outbox): Promise<void> {
  const email = parseSendEmail(raw);
  if (typeof email === 'string') return answer(res, 400, { message: email }, 'BadRequestException');
  let messageId = '';
  for (const to of email.to) {
    const stored = await outbox.send({ to, subject: email.subject, body: email.text });
    messageId ||= stored.id;
  }
  answer(res, 200, { MessageId: messageId });
}
