import { describe, expect, it } from 'vitest';
import { DIGEST_LIST_LIMIT } from '../../shared/alerts';
import { digestEmail, type Digest } from './digest-email';

const digest = (overrides: Partial<Digest> = {}): Digest => ({
  organizationName: 'Acme <Ltd>',
  offlineHours: 24,
  offline: { count: 0, rows: [], complete: true },
  warranties: { count: 0, rows: [], complete: true },
  disks: { count: 0, rows: [], complete: true },
  ...overrides,
});

describe('the digest email', () => {
  it('lists at most the first rows of each list and counts the rest', () => {
    const rows = Array.from({ length: DIGEST_LIST_LIMIT }, (_, index) => ({
      hostname: `PC-${index}`,
      last_seen: '2026-11-24T08:00:00.000Z',
      logged_in_user: null,
    }));
    const email = digestEmail(
      'admin@example.com',
      digest({ offline: { count: 62, rows, complete: true } }),
      null,
    );
    expect(email.subject).toBe('IT Asset Auditor: 62 machines offline');
    expect(email.text).toContain('Machines offline for more than 24 hours: 62');
    expect(email.text).toContain('- PC-0 | 24 Nov 2026, 08:00 UTC | -');
    expect(email.text).toContain('and 12 more');
    expect(email.text).not.toContain('Warranties ending');
    expect(email.text).not.toContain('Open IT Asset Auditor');
    expect(email.html).toContain('and 12 more');
  });

  it('says "at least" where the read stopped at its bound, and escapes what agents and people wrote', () => {
    const email = digestEmail(
      'admin@example.com',
      digest({
        disks: {
          count: 10_000,
          rows: [
            { hostname: '<script>x</script>', device: 'C: (C:\\)', percent: 99, used_gb: 99, total_gb: 100 },
          ],
          complete: false,
        },
      }),
      'https://assets.example.com',
    );
    expect(email.text).toContain('Disks more than 90% full: 10000+');
    expect(email.text).toContain('and 9999+ more');
    expect(email.text).toContain('Open IT Asset Auditor: https://assets.example.com');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(email.html).toContain('Acme &#60;Ltd&#62;');
  });
});
