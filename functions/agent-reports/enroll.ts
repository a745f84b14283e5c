import { agentEnrollmentSchema } from '../../shared/agent-data';
import { agentRoute } from '../lib/http';
import { enrolDevice } from './enrolment';

const ENROLMENT_MAX_BYTES = 16 * 1024;

export const handler = agentRoute(
  {
    body: agentEnrollmentSchema,
    status: 201,
    maxBody: {
      bytes: ENROLMENT_MAX_BYTES,
      message: `The enrolment is larger than ${ENROLMENT_MAX_BYTES / 1024} KB`,
    },
  },
  ({ agent, body, now }) => enrolDevice(agent, body, now),
);
