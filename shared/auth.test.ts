import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, firstSignupProblem, isSuccessMessage, signupSchema } from './auth';

const company = { email: 'Ann@Example.com ', password: 'secret1', full_name: ' Ann ', company_name: 'Acme' };

describe('signupSchema', () => {
  it('accepts a company sign-up, trimming and lower-casing the email', () => {
    expect(signupSchema.parse(company)).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      full_name: 'Ann',
      company_name: 'Acme',
    });
  });
  it('accepts an invitation sign-up without a company name', () => {
    const { company_name: _ignored, ...rest } = company;
    expect(signupSchema.parse({ ...rest, invite_token: 'abc' })).toMatchObject({ invite_token: 'abc' });
  });
  it.each([
    [{ ...company, full_name: '   ' }, AUTH_MESSAGES.fullNameRequired],
    [{ ...company, company_name: '' }, AUTH_MESSAGES.companyNameRequired],
    [{ email: 'a@b.co', password: 'secret1', full_name: 'Ann' }, AUTH_MESSAGES.companyNameRequired],
    [{ ...company, password: '12345' }, AUTH_MESSAGES.passwordTooShort],
    [{ ...company, email: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
  ])('names the problem in the product’s words (%#)', (input, message) => {
    expect(firstSignupProblem(input)).toBe(message);
  });
  it('refuses unknown fields and non-objects', () => {
    expect(signupSchema.safeParse({ ...company, role: 'super_admin' }).success).toBe(false);
    expect(signupSchema.safeParse([company]).success).toBe(false);
    expect(signupSchema.safeParse(null).success).toBe(false);
  });
  it('accepts a password of exactly the minimum length', () => {
    expect(firstSignupProblem({ ...company, password: '123456' })).toBeNull();
  });
});

describe('isSuccessMessage', () => {
  it('is green for messages containing created', () => {
    expect(isSuccessMessage(AUTH_MESSAGES.accountCreatedWithTrial)).toBe(true);
    expect(isSuccessMessage(AUTH_MESSAGES.accountCreatedByInvitation)).toBe(true);
    expect(isSuccessMessage('Incorrect username or password.')).toBe(false);
  });
});
