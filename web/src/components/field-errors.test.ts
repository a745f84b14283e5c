import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { fieldErrorsOf, issueErrorsOf } from './field-errors';

const FIELDS = ['model', 'ram_gb'] as const;

describe('fieldErrorsOf', () => {
  it("takes each field's first message from a 400's details", () => {
    const error = new ApiError(400, 'invalid_input', 'Invalid input', [
      { path: 'ram_gb', message: 'RAM must be a number' },
      { path: 'ram_gb', message: 'second' },
      { path: 'model.0', message: 'Model is too long' },
      { path: 'unknown', message: 'ignored' },
      'not a detail',
      { path: 3, message: 'ignored' },
    ]);
    expect(fieldErrorsOf(error, FIELDS)).toEqual({
      ram_gb: 'RAM must be a number',
      model: 'Model is too long',
    });
  });

  it('finds nothing in other errors', () => {
    expect(
      fieldErrorsOf(new ApiError(409, 'conflict', 'Taken', [{ path: 'model', message: 'x' }]), FIELDS),
    ).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'invalid_input', 'Invalid input'), FIELDS)).toEqual({});
    expect(fieldErrorsOf(new Error('network'), FIELDS)).toEqual({});
  });
});

describe('issueErrorsOf', () => {
  it("takes each field's first issue", () => {
    const issues = [
      { path: ['model'], message: 'Model is too long' },
      { path: ['model'], message: 'second' },
      { path: ['ram_gb', 0], message: 'RAM must be a number' },
      { path: [], message: 'form-wide' },
      { path: ['other'], message: 'ignored' },
    ];
    expect(issueErrorsOf(issues, FIELDS)).toEqual({
      model: 'Model is too long',
      ram_gb: 'RAM must be a number',
    });
  });
});
