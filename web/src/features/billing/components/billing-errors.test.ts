import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@shared/billing';
import { ApiError } from '../../../api/api-client';
import { MissingSessionUrlError } from '../api/billing-mutations';
import { checkoutErrorMessage, portalErrorMessage, syncErrorMessage } from './billing-errors';

describe('billing error messages', () => {
  it('shows the server message of a checkout refusal, else the catalogue text', () => {
    const conflict = new ApiError(409, 'conflict', BILLING_MESSAGES.alreadySubscribed);
    expect(checkoutErrorMessage(conflict)).toBe(BILLING_MESSAGES.alreadySubscribed);
    expect(checkoutErrorMessage(new ApiError(502, 'http_error', 'An error occurred'))).toBe(
      BILLING_MESSAGES.checkoutCreate,
    );
    expect(checkoutErrorMessage(new ApiError(0, 'network_error', 'An error occurred'))).toBe(
      BILLING_MESSAGES.checkoutStart,
    );
    expect(checkoutErrorMessage(new MissingSessionUrlError(BILLING_MESSAGES.checkoutNoUrl))).toBe(
      BILLING_MESSAGES.checkoutNoUrl,
    );
    expect(checkoutErrorMessage(new TypeError('boom'))).toBe(BILLING_MESSAGES.checkoutStart);
  });

  it('falls back to the portal texts', () => {
    expect(portalErrorMessage(new ApiError(500, 'http_error', 'An error occurred'))).toBe(
      BILLING_MESSAGES.portalCreate,
    );
    expect(portalErrorMessage(new TypeError('boom'))).toBe(BILLING_MESSAGES.portalOpen);
    expect(portalErrorMessage(new ApiError(400, 'bad_request', BILLING_MESSAGES.noBillingAccount))).toBe(
      BILLING_MESSAGES.noBillingAccount,
    );
  });

  it('tells a plan sync failure', () => {
    expect(syncErrorMessage(new ApiError(401, 'unauthorized', 'Your session has ended.'))).toBe(
      BILLING_MESSAGES.syncNoSession,
    );
    expect(syncErrorMessage(new ApiError(502, 'stripe_error', 'Stripe is unreachable'))).toBe(
      'Stripe is unreachable',
    );
    expect(syncErrorMessage(new ApiError(500, 'http_error', 'An error occurred'))).toBe(
      BILLING_MESSAGES.syncFailed,
    );
    expect(syncErrorMessage(new Error('x'))).toBe(BILLING_MESSAGES.syncFailed);
  });
});
