import { agentEnrollmentSchema, DEVICE_TOKEN_HEADER } from '../../shared/agent-data';
import { agentRoute, RawAnswer } from '../lib/http';
import { enrolDevice, presentedTokenHash } from './enrolment';

const ENROLMENT_MAX_BYTES = 16 * 1024;

/**
 * 201 with the device's token; 202 with it and code enrolment_pending when another device has the
 * machine id and this one did not send that device's token (issue 35): it is held for approval.
 */
export const handler = agentRoute(
  {
    body: agentEnrollmentSchema,
    status: 201,
    maxBody: {
      bytes: ENROLMENT_MAX_BYTES,
      message: `The enrolment is larger than ${ENROLMENT_MAX_BYTES / 1024} KB`,
    },
  },
  async ({ agent, body, event, now }) => {
    const answer = await enrolDevice(
      agent,
      body,
      now,
      presentedTokenHash(event.headers[DEVICE_TOKEN_HEADER]),
    );
    if (!('status' in answer)) return answer;
    return new RawAnswer({
      statusCode: 202,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: JSON.stringify(answer),
    });
  },
);
