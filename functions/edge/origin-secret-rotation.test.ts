import type { DistributionConfig } from '@aws-sdk/client-cloudfront';
import { describe, expect, it } from 'vitest';
import { LocalSecrets } from '../../infra/local/secrets-manager';
import { ORIGIN_SECRET_HEADER } from '../lib/origin-secret';
import { rotationStep, type RotationParts } from './origin-secret-rotation';

/**
 * The rotation's four steps (issue 35) against the local Secrets Manager stand-in's store and a
 * distribution held in memory: the new value reaches the origin's header only after the wait for
 * the API's containers, becomes AWSCURRENT last, and the old value stays AWSPREVIOUS.
 */
const NAME = 'origin-secret';
const ORIGIN_ID = 'api';

function parts(secrets: LocalSecrets, events: string[]) {
  let config: DistributionConfig = {
    CallerReference: 'x',
    Comment: '',
    Enabled: true,
    DefaultCacheBehavior: undefined,
    Origins: {
      Quantity: 2,
      Items: [
        { Id: 'site', DomainName: 'bucket.example', CustomHeaders: { Quantity: 0, Items: [] } },
        {
          Id: ORIGIN_ID,
          DomainName: 'api.example',
          CustomHeaders: {
            Quantity: 2,
            Items: [
              { HeaderName: 'x-other', HeaderValue: 'kept' },
              { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: secrets.value(NAME)! },
            ],
          },
        },
      ],
    },
  } as unknown as DistributionConfig;
  const rotation: RotationParts = {
    originId: ORIGIN_ID,
    settle: async () => {
      events.push('settled');
    },
    secret: {
      valueAt: async (stage, versionId) => {
        const version = (() => {
          try {
            return secrets.get(NAME, stage);
          } catch {
            return null;
          }
        })();
        return version && (!versionId || version.id === versionId) ? version.value : null;
      },
      randomValue: async () => `new-${Math.random().toString(36).slice(2)}`,
      putPending: async (versionId, value) => {
        secrets.put(NAME, value, ['AWSPENDING'], versionId);
      },
      currentVersion: async () => secrets.get(NAME).id,
      makeCurrent: async (versionId) => {
        secrets.updateStage(NAME, 'AWSCURRENT', versionId);
        secrets.updateStage(NAME, 'AWSPENDING');
      },
    },
    distribution: {
      config: async () => ({ config: structuredClone(config), etag: 'etag' }),
      update: async (changed) => {
        events.push('distribution updated');
        config = changed;
      },
    },
  };
  const header = () =>
    config.Origins?.Items?.find((origin) => origin.Id === ORIGIN_ID)?.CustomHeaders?.Items ?? [];
  return { rotation, header };
}

describe('the origin secret rotation', () => {
  it('makes a value, hands it to CloudFront after the wait, tests it, and makes it current', async () => {
    const secrets = new LocalSecrets();
    secrets.create(NAME, 'first-value');
    const events: string[] = [];
    const { rotation, header } = parts(secrets, events);
    const token = 'version-2';
    await rotationStep('createSecret', token, rotation);
    // Run again, as Secrets Manager may: still one pending value.
    await rotationStep('createSecret', token, rotation);
    const pending = secrets.value(NAME, 'AWSPENDING');
    expect(pending).toMatch(/^new-/);
    await expect(rotationStep('testSecret', token, rotation)).rejects.toThrow(/does not carry/);
    await rotationStep('setSecret', token, rotation);
    expect(events).toEqual(['settled', 'distribution updated']);
    expect(header()).toEqual([
      { HeaderName: 'x-other', HeaderValue: 'kept' },
      { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: pending },
    ]);
    await rotationStep('testSecret', token, rotation);
    expect(secrets.value(NAME)).toBe('first-value');
    await rotationStep('finishSecret', token, rotation);
    expect(secrets.value(NAME)).toBe(pending);
    expect(secrets.value(NAME, 'AWSPREVIOUS')).toBe('first-value');
    // A finished rotation run again changes nothing.
    await rotationStep('finishSecret', token, rotation);
    expect(secrets.value(NAME)).toBe(pending);
    expect(secrets.value(NAME, 'AWSPREVIOUS')).toBe('first-value');
  });
});
