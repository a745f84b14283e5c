import type { ApiErrorBody } from '../../shared/api';

/** A failure the caller can act on; mapped to its status and the error body in one place (http.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, code = 'invalid_input', details?: unknown) {
    super(400, code, message, details);
  }
}
/** A list's cursor that the list did not issue (or not for this listing). */
export class InvalidCursor extends BadRequest {
  constructor() {
    super('The cursor is not valid for this list: start again from the first page', 'invalid_cursor');
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Sign in to continue', code = 'unauthorized') {
    super(401, code, message);
  }
}
export class PaymentRequired extends HttpError {
  constructor(
    message = 'An active subscription is required. Please choose a plan to continue using the platform.',
  ) {
    super(402, 'subscription_required', message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'You do not have permission to do this', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}
export class Gone extends HttpError {
  constructor(message: string, code = 'gone') {
    super(410, code, message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
/**
 * The caller sends faster than it can be served; an agent answers this by retrying later, after
 * `retryAfterSeconds` when given (the Retry-After header).
 */
/** Throttled: Retry-After says when to try again (API.md: every 429 carries it). */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'too_many_requests', message);
  }
}
/** A service we depend on (Stripe) refused or failed: the caller may try again later. */
export class BadGateway extends HttpError {
  constructor(message: string, code = 'upstream_failed') {
    super(502, code, message);
  }
}
