import type { AgentReport } from '../../shared/agent-data';
import { isUpdateAvailable } from '../../shared/agent-version';
import type { DeviceState, DeviceStore } from './device';
import type { Logger } from './logger';
import type { AgentPost } from './network';
import { enrolDevice, sendReport, type SendResult } from './send';
import { AGENT_VERSION } from './version';

export interface DeliveryDeps {
  /** The report route; enrolment is its sibling (…/api/agent/enroll). */
  endpoint: string;
  /** The organisation's API key: used only to enrol. */
  apiKey: string;
  store: DeviceStore;
  log: Logger;
  /** How enrolment and reports are posted (network.ts agentPost); Node's http/https by default. */
  post?: AgentPost;
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * Enrols this machine and keeps its token; the refusal when the server would not. A device held
 * for approval keeps its token too, and waits: its next reports are refused (403) until approved.
 */
async function enrol(
  report: AgentReport,
  deps: DeliveryDeps,
  heldToken: string | null,
): Promise<{ device: DeviceState; pending: string | null } | { device: null; result: SendResult }> {
  deps.log.info(`Enrolling ${report.hostname} (machine ${report.machine_id}) with ${deps.endpoint}`);
  const answer = await enrolDevice(deps.endpoint, deps.apiKey, report, deps.post, deps.timeoutMs, heldToken);
  if (!answer.enrolled) return { device: null, result: answer.result };
  const device: DeviceState = {
    endpoint: deps.endpoint,
    machine_id: report.machine_id,
    device_id: answer.enrolled.device_id,
    device_token: answer.enrolled.device_token,
    enrolled_at: (deps.now?.() ?? new Date()).toISOString(),
  };
  await deps.store.save(device);
  if (answer.pending) {
    deps.log.warn(`Enrolment held for approval as device ${device.device_id}: ${answer.pending}`);
    return { device, pending: answer.pending };
  }
  deps.log.info(`Enrolled as device ${device.device_id}; its token is kept in ${deps.store.file}`);
  return { device, pending: null };
}

/**
 * Sends a report with this device's token, enrolling first when there is none (or it was issued
 * for another server or machine). A report refused with 401 means the token was revoked (the
 * machine was deleted, or enrolled again elsewhere): the token is dropped, the machine enrols once
 * more and the report is sent again. Never throws; the token never reaches a message.
 */
export async function deliverReport(
  report: AgentReport,
  body: string,
  deps: DeliveryDeps,
): Promise<SendResult> {
  let device = await deps.store.load();
  // The token it holds proves, when it enrols again, that it is the device the server enrolled.
  let heldToken = device?.device_token ?? null;
  if (device && (device.endpoint !== deps.endpoint || device.machine_id !== report.machine_id)) {
    deps.log.info(
      device.endpoint !== deps.endpoint
        ? `The device was enrolled with ${device.endpoint}, not ${deps.endpoint}: enrolling again`
        : `The device was enrolled as machine ${device.machine_id}, this is ${report.machine_id}: enrolling again`,
    );
    device = null;
  }
  for (let attempt = 1; ; attempt++) {
    if (!device) {
      const enrolled = await enrol(report, deps, heldToken);
      if (!enrolled.device) return enrolled.result;
      if (enrolled.pending) {
        return {
          outcome: 'rejected',
          status: 202,
          message: `Enrolment held for approval: ${enrolled.pending}`,
        };
      }
      device = enrolled.device;
    }
    const result = await sendReport(deps.endpoint, device.device_token, body, deps.post, deps.timeoutMs);
    if (result.status === 401 && attempt === 1) {
      deps.log.warn(`${result.message}: it may have been revoked; enrolling again`);
      await deps.store.clear();
      heldToken = null;
      device = null;
      continue;
    }
    // With automatic updates on, the updater (update.ts) takes it from here and says what it does.
    if (
      result.latestVersion &&
      !result.autoUpdate &&
      isUpdateAvailable(AGENT_VERSION, result.latestVersion)
    ) {
      deps.log.info(
        `Agent ${result.latestVersion} is available (this one is ${AGENT_VERSION}): ` +
          'download it from Settings → Monitoring Agent and run its installer',
      );
    }
    return result;
  }
}
