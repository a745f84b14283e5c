import { describe, expect, it } from 'vitest';
import { displayStatus, hasActiveSubscription, isGatedBySubscription, newTrial } from './subscription';

const now = new Date('2026-11-22T12:00:00Z');

describe('hasActiveSubscription', () => {
  it('counts a trial within its end date', () => {
    expect(hasActiveSubscription(newTrial(now), now)).toBe(true);
  });
  it('refuses a trial past its end date', () => {
    const trial = newTrial(new Date('2026-11-01T12:00:00Z'));
    expect(hasActiveSubscription(trial, now)).toBe(false);
  });
  it('refuses a trial without an end date', () => {
    expect(hasActiveSubscription({ status: 'trial', trial_end_date: null }, now)).toBe(false);
  });
  it.each([
    ['active', true],
    ['past_due', true],
    ['cancelled', false],
    ['incomplete', false],
    ['paused', false],
    ['', false],
  ])('status %s → %s', (status, expected) => {
    expect(hasActiveSubscription({ status }, now)).toBe(expected);
  });
  it('refuses no subscription at all', () => {
    expect(hasActiveSubscription(null, now)).toBe(false);
  });
});

describe('newTrial', () => {
  it('ends 14 days after it starts', () => {
    const trial = newTrial(now);
    expect(trial.trial_start_date).toBe('2026-11-22T12:00:00.000Z');
    expect(trial.trial_end_date).toBe('2026-12-06T12:00:00.000Z');
  });
});

describe('displayStatus', () => {
  it('shows unknown statuses as incomplete', () => {
    expect(displayStatus('paused')).toBe('incomplete');
    expect(displayStatus(undefined)).toBe('incomplete');
    expect(displayStatus('past_due')).toBe('past_due');
  });
});

describe('isGatedBySubscription', () => {
  it('gates users and admins without an active subscription, never the super_admin', () => {
    expect(isGatedBySubscription('admin', false)).toBe(true);
    expect(isGatedBySubscription('user', false)).toBe(true);
    expect(isGatedBySubscription('admin', true)).toBe(false);
    expect(isGatedBySubscription('super_admin', false)).toBe(false);
  });
});
