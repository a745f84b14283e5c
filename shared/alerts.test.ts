import { describe, expect, it } from 'vitest';
import { alertSettings, alertSettingsUpdateSchema, digestSubject, hasAlerts } from './alerts';

describe('the alert digest’s rules', () => {
  it('says what it found in the subject, counting each kind in the right number', () => {
    expect(digestSubject({ offline_machines: 3, expiring_warranties: 2, full_disks: 1 })).toBe(
      'IT Asset Auditor: 3 machines offline, 2 warranties ending, 1 disk almost full',
    );
    expect(digestSubject({ offline_machines: 1, expiring_warranties: 0, full_disks: 4 })).toBe(
      'IT Asset Auditor: 1 machine offline, 4 disks almost full',
    );
    expect(hasAlerts({ offline_machines: 0, expiring_warranties: 0, full_disks: 0 })).toBe(false);
  });

  it('keeps an admin out of the digest with 24 hours unless they chose otherwise', () => {
    expect(alertSettings({})).toEqual({ alert_digest: false, offline_hours: 24 });
    expect(alertSettings({ alert_digest: true, offline_hours: 6 })).toEqual({
      alert_digest: true,
      offline_hours: 6,
    });
  });

  it('takes whole hours from 1 to 720, and at least one setting', () => {
    for (const offline_hours of [1, 24, 720])
      expect(alertSettingsUpdateSchema.safeParse({ offline_hours }).success).toBe(true);
    for (const offline_hours of [0, 721, 2.5, '24', null])
      expect(alertSettingsUpdateSchema.safeParse({ offline_hours }).success, String(offline_hours)).toBe(
        false,
      );
    expect(alertSettingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(alertSettingsUpdateSchema.safeParse({ alert_digest: true, extra: 1 }).success).toBe(false);
  });
});
