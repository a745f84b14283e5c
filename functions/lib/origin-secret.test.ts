import { describe, expect, it } from 'vitest';
import { useOriginSecret } from '../../test/support/origin-secret';
import type { HttpEvent } from './http-event';
import {
  cameThroughEdge,
  checkOriginSecret,
  forgetOriginSecrets,
  ORIGIN_SECRET_CACHE_MS,
  ORIGIN_SECRET_HEADER,
} from './origin-secret';
import { clientAddress, rateLimitedClient, VIEWER_ADDRESS_HEADER } from './rate-limits';

/** CloudFront's origin secret through a rotation, and whose address a request is (issue 35). */
const edge = useOriginSecret();

function request(headers: Record<string, string>, sourceIp = '203.0.113.9'): HttpEvent {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as HttpEvent;
}

describe('the origin secret', () => {
  it('is accepted as AWSCURRENT, AWSPENDING and, after the rotation, AWSPREVIOUS; nothing else', async () => {
    forgetOriginSecrets();
    const start = Date.now();
    const first = edge.secrets.value(edge.name)!;
    expect(await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: first }), start)).toBe(true);
    // createSecret: a pending value, learnt once the container's cache has expired.
    const pending = edge.secrets.put(edge.name, 'pending-value-0123456789', ['AWSPENDING']);
    const later = start + ORIGIN_SECRET_CACHE_MS;
    expect(
      await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: 'pending-value-0123456789' }), later),
    ).toBe(true);
    // finishSecret: the pending value becomes current, the first one previous.
    edge.secrets.updateStage(edge.name, 'AWSCURRENT', pending.id);
    const after = later + ORIGIN_SECRET_CACHE_MS;
    expect(
      await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: 'pending-value-0123456789' }), after),
    ).toBe(true);
    expect(await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: first }), after)).toBe(true);
    for (const forged of ['', 'pending-value-012345678', `${first}x`]) {
      expect(await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: forged }), after), forged).toBe(false);
    }
    expect(await checkOriginSecret(request({}), after)).toBe(false);
  });

  it('is kept five minutes: a forged flood costs no read of Secrets Manager', async () => {
    forgetOriginSecrets();
    const now = Date.now();
    expect(await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: 'forged' }), now)).toBe(false);
    // The value changes; within the five minutes the container still goes by what it read.
    const fresh = edge.secrets.put(edge.name, 'another-value-9876543210');
    expect(fresh.stages.has('AWSCURRENT')).toBe(true);
    expect(
      await checkOriginSecret(request({ [ORIGIN_SECRET_HEADER]: 'another-value-9876543210' }), now + 1000),
    ).toBe(false);
    expect(
      await checkOriginSecret(
        request({ [ORIGIN_SECRET_HEADER]: 'another-value-9876543210' }),
        now + ORIGIN_SECRET_CACHE_MS,
      ),
    ).toBe(true);
  });
});

describe('the client of a request', () => {
  it("is CloudFront's viewer only on a request that proved it came through CloudFront", async () => {
    const viewer = { [VIEWER_ADDRESS_HEADER]: '198.51.100.7:443' };
    const direct = request(viewer);
    await checkOriginSecret(direct);
    expect(cameThroughEdge(direct)).toBe(false);
    expect(clientAddress(direct)).toBe('203.0.113.9');
    const proven = request({ ...viewer, ...edge.edgeHeaders() });
    expect(await checkOriginSecret(proven, Date.now() + 10 * ORIGIN_SECRET_CACHE_MS)).toBe(true);
    expect(clientAddress(proven)).toBe('198.51.100.7');
  });

  it('is counted per IPv6 /64, and an IPv4-mapped address as its IPv4 one', () => {
    expect(rateLimitedClient('2001:db8:1:2:aaaa::1')).toBe(rateLimitedClient('2001:db8:1:2::ffff'));
    expect(rateLimitedClient('2001:db8:1:2::1')).not.toBe(rateLimitedClient('2001:db8:1:3::1'));
    expect(rateLimitedClient('2001:db8::5:6:7:8')).toBe('2001:db8:0:0::/64');
    expect(rateLimitedClient('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitedClient('192.0.2.1')).toBe('192.0.2.1');
  });

  it("cuts the port CloudFront writes after an IPv6 address, which could pass for an address's last group", async () => {
    const proven = request({ [VIEWER_ADDRESS_HEADER]: '2001:db8::5:6:7:8:46532', ...edge.edgeHeaders() });
    await checkOriginSecret(proven, Date.now() + 20 * ORIGIN_SECRET_CACHE_MS);
    expect(clientAddress(proven)).toBe('2001:db8::5:6:7:8');
  });
});
