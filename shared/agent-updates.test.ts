import { describe, expect, it } from 'vitest';
import {
  agentUpdateFilePathSchema,
  agentUpdatePlatform,
  agentUpdatesUrl,
  agentUpdateTargetPath,
} from './agent-updates';

describe('agent update paths', () => {
  it('takes the metadata files and targets of plain segments only', () => {
    for (const ok of [
      'metadata/root.json',
      'metadata/12.root.json',
      'metadata/timestamp.json',
      'metadata/targets.json',
      'targets/1.2.0/windows-x64/IT-Asset-Auditor-Agent.msi',
      'targets/1.2.0/linux-x64/it-asset-auditor-agent_1.2.0_amd64.deb',
    ]) {
      expect(agentUpdateFilePathSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'metadata/../targets.json',
      'metadata/0.root.json',
      'metadata/other.json',
      'metadata/root.json/',
      'targets',
      'targets/',
      'targets/../metadata/root.json',
      'targets/1.2.0/./x',
      'targets/1.2.0//x',
      'targets/a/b/c/d/e',
      'targets/1.2.0/x y',
      '/etc/passwd',
      'targets/1.2.0/linux-x64/..',
      'x'.repeat(500),
    ]) {
      expect(agentUpdateFilePathSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('names targets by version, platform and file', () => {
    expect(agentUpdateTargetPath('1.2.0', 'linux-x64', 'agent.cjs')).toBe('1.2.0/linux-x64/agent.cjs');
    expect(() => agentUpdateTargetPath('1.2', 'linux-x64', 'agent.cjs')).toThrow();
    expect(() => agentUpdateTargetPath('1.2.0', 'linux-x64', '..')).toThrow();
    expect(agentUpdatePlatform('win32', 'x64')).toBe('windows-x64');
    expect(agentUpdatePlatform('linux', 'arm64')).toBe('linux-arm64');
    expect(agentUpdatePlatform('aix', 'ppc64')).toBeNull();
  });

  it('finds the updates beside the report route, on a function URL or an origin', () => {
    expect(agentUpdatesUrl('https://assets.example.com/api/agent/report')).toBe(
      'https://assets.example.com/api/agent/updates',
    );
    expect(agentUpdatesUrl('https://abc.lambda-url.eu-west-2.on.aws/api/agent/report/')).toBe(
      'https://abc.lambda-url.eu-west-2.on.aws/api/agent/updates',
    );
    expect(agentUpdatesUrl('https://assets.example.com')).toBe(
      'https://assets.example.com/api/agent/updates',
    );
  });
});
