import * as z from 'zod';
import { agentEnrollmentResponseSchema } from './agent-data';
import { ulidSchema } from './hardware';

/**
 * Device identity bound to proof (issue 35): a machine id that already has an enrolled device is
 * enrolled again only by that device (it sends its token) or with an admin's approval. Anyone else
 * holding the organisation's key gets a device held as pending approval, whose token is refused
 * (403 device_pending) until an admin approves it; the enrolled device keeps reporting meanwhile.
 */

export const ENROLMENT_PENDING_CODE = 'enrolment_pending';
export const DEVICE_PENDING_CODE = 'device_pending';

/** Why an enrolment or an approval is refused when the plan's machines are all monitored (403 machine_limit). */
export const MACHINE_LIMIT_MESSAGE = (limit: number) =>
  `This organization has reached its plan's limit of ${limit} monitored machines. ` +
  'Delete machines you no longer monitor or upgrade the plan.';

/** What the held device's agent is told, and what Agent Monitoring shows beside Approve / Reject. */
export const DEVICE_APPROVAL_TEXTS = {
  anotherDevice: (machineId: string, hostname: string) =>
    `Another device reports machine id ${machineId}, already enrolled as ${hostname}`,
  pendingAnswer:
    'This machine id is already enrolled by another device: this device waits for an administrator ' +
    "to approve it in Agent Monitoring. Its token is refused until then; the agent's reports are " +
    'accepted from the moment it is approved.',
  pendingReport:
    'This device waits for an administrator to approve it in Agent Monitoring; reports are accepted once it is approved',
  approveConfirm: (hostname: string, enrolledHostname: string) =>
    `Approve ${hostname}? It replaces the device enrolled as ${enrolledHostname}, whose token stops working at once.`,
  rejectConfirm: (hostname: string) =>
    `Reject ${hostname}? Its enrolment is deleted; the enrolled device keeps reporting.`,
  approved: (hostname: string) => `${hostname} is approved and reports from now on`,
  rejected: (hostname: string) => `${hostname}'s enrolment was rejected`,
  approveFailed: 'Failed to approve the device',
  rejectFailed: 'Failed to reject the device',
  notFound: 'This pending device was already approved or rejected',
  heading: 'Devices waiting for approval',
  explanation:
    'These devices enrolled with a machine id that another device already has: a reinstalled PC, a cloned ' +
    'PC or someone holding your enrolment key. The enrolled device keeps reporting until you approve one.',
} as const;

/** The enrolment's answer while the device waits (202): the token it will report with once approved. */
export const agentEnrollmentPendingSchema = agentEnrollmentResponseSchema.extend({
  status: z.literal('pending_approval'),
  code: z.literal(ENROLMENT_PENDING_CODE),
  message: z.string(),
});
export type AgentEnrollmentPending = z.infer<typeof agentEnrollmentPendingSchema>;

export const pendingDeviceSchema = z.object({
  device_id: z.string(),
  machine_id: z.string(),
  hostname: z.string(),
  os_type: z.string().nullable(),
  requested_at: z.string(),
  /** The device enrolled for that machine id when this one asked, or null when it has gone since. */
  enrolled_device_id: z.string().nullable(),
  enrolled_hostname: z.string().nullable(),
  /** The enrolment key's display prefix, for telling which key enrolled it. */
  api_key_prefix: z.string().nullable(),
  message: z.string(),
});
export type PendingDevice = z.infer<typeof pendingDeviceSchema>;

export const pendingDeviceListResponseSchema = z.object({ items: z.array(pendingDeviceSchema) });
export type PendingDeviceListResponse = z.infer<typeof pendingDeviceListResponseSchema>;

export const pendingDeviceParamsSchema = z.object({ device_id: ulidSchema });
