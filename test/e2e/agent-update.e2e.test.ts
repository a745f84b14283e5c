import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { localUpdateKeys, type UpdateKeys } from '../../agent/build/update-keys';
import { publishAgentRelease, trustedRootJson } from '../../agent/build/updates';
import { AGENT_VERSION } from '../../agent/src/version';
import type { AgentSummary } from '../../shared/agent-data';
import { agentUpdatePlatform } from '../../shared/agent-updates';
import { createKey } from '../support/agents';
import {
  buildAgentBundle,
  installAgent,
  PROGRAM_NAME,
  runAsService,
  sha256,
  versionOf,
} from '../support/agent-updates';
import { api, baseUrl, signUpCompany, type TestCompany } from '../support/api';

/**
 * Issue 26: the Linux agent updates itself from N to N+1 through TUF against the local stack, with
 * real processes: the program run as a service (restarted when it exits, as systemd does), the
 * release published with publishAgentRelease into the folder the gateway serves.
 */
const OLD_VERSION = '0.9.0';
const platform = agentUpdatePlatform(process.platform, process.arch)!;
const WAIT = { timeout: 60_000, interval: 250 };

let work: string;
let keys: UpdateKeys;
let oldBundle: string;
let newBundle: string;
let company: TestCompany;
let apiKey: string;

function publish(file: string) {
  return publishAgentRelease({
    outDir: inject('agentBundleDir'),
    version: AGENT_VERSION,
    files: [{ file, platform, kind: 'program' }],
    keys,
  });
}

/**
 * Every case installs an agent afresh on this same machine (the same machine id) into the same
 * organisation: an admin deletes the machine first, as after a reinstall, so the new agent's
 * enrolment is not held for approval as another device's (issue 35).
 */
async function deleteEnrolledMachines() {
  const machines = await api<{ items: AgentSummary[] }>('/api/agents', { token: company.accessToken });
  expect(machines.status, JSON.stringify(machines.body)).toBe(200);
  for (const { machine_id } of machines.body.items) {
    const deleted = await api(`/api/agents/${encodeURIComponent(machine_id)}`, {
      method: 'DELETE',
      token: company.accessToken,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
  }
}

/**
 * An installation of version N as a service, on a machine no longer enrolled
 * (deleteEnrolledMachines); stopped and removed when the test ends.
 */
async function serviceOfOldVersion(rollbackSeconds?: number) {
  await deleteEnrolledMachines();
  const installation = installAgent(oldBundle, `${baseUrl()}/api/agent/report`, apiKey);
  const service = runAsService(installation.program, installation.folder, rollbackSeconds);
  onTestFinished(async () => {
    await service.stop();
    installation.remove();
  });
  return { ...installation, service };
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(tmpdir(), 'itaa-releases-'));
  keys = localUpdateKeys(work);
  fs.mkdirSync(path.join(work, 'old'));
  fs.mkdirSync(path.join(work, 'new'));
  oldBundle = await buildAgentBundle(OLD_VERSION, trustedRootJson(keys), path.join(work, 'old'));
  newBundle = await buildAgentBundle(AGENT_VERSION, trustedRootJson(keys), path.join(work, 'new'));
  publish(newBundle);
  company = await signUpCompany();
  apiKey = (await createKey(company)).key;
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the Linux agent updating itself through TUF', () => {
  it(`updates from ${OLD_VERSION} to ${AGENT_VERSION}, which confirms with its report`, async () => {
    expect(versionOf(oldBundle)).toBe(OLD_VERSION);
    const agent = await serviceOfOldVersion();
    await expect
      .poll(() => agent.log(), WAIT)
      .toContain(`Update from ${OLD_VERSION} to ${AGENT_VERSION} confirmed`);
    expect(agent.log()).toMatch(/Verified agent\.cjs .* signed length and hashes match/);
    expect(agent.service.exits[0]).toBe(75);
    expect(versionOf(agent.program)).toBe(AGENT_VERSION);
    expect(versionOf(`${agent.program}.previous`)).toBe(OLD_VERSION);
    expect(sha256(agent.program)).toBe(sha256(newBundle));
    const machines = await api<{ items: AgentSummary[] }>('/api/agents', { token: company.accessToken });
    expect(machines.body.items.map((each) => each.agent_version)).toEqual([AGENT_VERSION]);
    // The watchdog the old version left saw the confirmation and went away.
    await expect.poll(() => agent.log(), WAIT).toContain('Rollback watchdog: the update was confirmed');
  }, 90_000);

  it('refuses a release whose signed metadata was changed, or whose file was swapped, and keeps its program', async () => {
    const targetsJson = path.join(inject('agentBundleDir'), 'updates/metadata/targets.json');
    const original = fs.readFileSync(targetsJson, 'utf8');
    const hash = /"sha256": "([0-9a-f])/.exec(original)!;
    const flipped = hash[1] === '0' ? '1' : '0';
    fs.writeFileSync(targetsJson, original.replace(hash[0], `"sha256": "${flipped}`));
    try {
      const agent = await serviceOfOldVersion();
      await expect
        .poll(() => agent.log(), WAIT)
        .toMatch(/Update to [\d.]+ refused, it did not verify \(.*(targets|hash|signature|length)/i);
      await agent.service.stop();
      expect(sha256(agent.program)).toBe(sha256(oldBundle));
      expect(versionOf(agent.program)).toBe(OLD_VERSION);
    } finally {
      fs.writeFileSync(targetsJson, original);
    }

    const target = path.join(
      inject('agentBundleDir'),
      `updates/targets/${AGENT_VERSION}/${platform}/${PROGRAM_NAME}`,
    );
    fs.writeFileSync(target, fs.readFileSync(oldBundle));
    try {
      const agent = await serviceOfOldVersion();
      await expect
        .poll(() => agent.log(), WAIT)
        .toMatch(/Update to [\d.]+ refused, it did not verify \(.*(length|hash)/i);
      await agent.service.stop();
      expect(sha256(agent.program)).toBe(sha256(oldBundle));
    } finally {
      fs.copyFileSync(newBundle, target);
    }
  }, 90_000);

  it('stays on its version when the organisation turned automatic updates off', async () => {
    const off = await api('/api/organization', {
      method: 'PATCH',
      token: company.accessToken,
      body: { agent_auto_update: false },
    });
    expect(off.body).toMatchObject({ agent_auto_update: false });
    try {
      const agent = await serviceOfOldVersion();
      await expect
        .poll(() => agent.log(), WAIT)
        .toContain('automatic updates are turned off for this organisation');
      await agent.service.stop();
      expect(agent.log()).not.toContain('Updating from');
      expect(sha256(agent.program)).toBe(sha256(oldBundle));
    } finally {
      await api('/api/organization', {
        method: 'PATCH',
        token: company.accessToken,
        body: { agent_auto_update: true },
      });
    }
  }, 60_000);

  it('rolls back to the previous version when the new one exits at once, and does not try it again', async () => {
    const crashing = path.join(work, 'crashing', PROGRAM_NAME);
    fs.mkdirSync(path.dirname(crashing));
    fs.writeFileSync(crashing, "process.stderr.write('broken build\\n'); process.exit(1);\n");
    publish(crashing);
    try {
      const agent = await serviceOfOldVersion(6);
      await expect.poll(() => agent.log(), WAIT).toContain(`Rolled back to ${OLD_VERSION}`);
      await expect
        .poll(() => agent.log(), WAIT)
        .toMatch(/Agent [\d.]+ is available but not installed: [\d.]+ was rolled back/);
      expect(agent.service.exits.filter((code) => code === 1).length).toBeGreaterThan(0);
      expect(sha256(agent.program)).toBe(sha256(oldBundle));
      expect(versionOf(agent.program)).toBe(OLD_VERSION);
      expect(agent.log().match(/Updating from/g)).toHaveLength(1);
    } finally {
      publish(newBundle);
    }
  }, 90_000);
});
