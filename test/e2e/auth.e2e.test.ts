import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES } from '../../shared/auth';
import { baseUrl, confirmationCodeSentTo, signUpCompany, uniqueEmail } from '../support/api';
import { wrongCodeFor } from '../support/signups';
import { fillSignInForm, useChromiumPage } from '../support/browser';

const currentPage = useChromiumPage();

const message = () => currentPage().getByTestId('auth-message');
const emailField = () => currentPage().getByLabel('Email', { exact: true });
const passwordField = () => currentPage().getByLabel('Password', { exact: true });

async function openSignUp() {
  await currentPage().goto(baseUrl());
  await currentPage().getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect.poll(() => currentPage().getByLabel('Company Name').isVisible()).toBe(true);
}

async function fillSignUp(fields: { email: string; password: string; fullName: string; company: string }) {
  await emailField().fill(fields.email);
  await passwordField().fill(fields.password);
  await currentPage().getByLabel('Full Name').fill(fields.fullName);
  await currentPage().getByLabel('Company Name').fill(fields.company);
  await currentPage().getByRole('button', { name: 'Sign Up', exact: true }).click();
}

const isRed = async () => (await message().getAttribute('class'))?.includes('amplify-alert--error');
const isGreen = async () => (await message().getAttribute('class'))?.includes('amplify-alert--success');

describe('sign up, sign in and the session, in Chromium', () => {
  it('shows the spec’s messages for a missing company name and a too-short password', async () => {
    await openSignUp();
    await fillSignUp({ email: uniqueEmail(), password: 'secret1', fullName: 'Ann Admin', company: '' });
    await expect.poll(() => message().textContent()).toBe(AUTH_MESSAGES.companyNameRequired);
    expect(await isRed()).toBe(true);

    await fillSignUp({ email: uniqueEmail(), password: '123', fullName: 'Ann Admin', company: 'Acme' });
    await expect.poll(() => message().textContent()).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(await isRed()).toBe(true);
  });

  it('signs a company up, enters the emailed code at the first sign-in, reaches the dashboard with an Active trial, keeps the session on reload, signs out', async () => {
    const email = uniqueEmail('e2e');
    await openSignUp();
    await fillSignUp({ email, password: 'secret1', fullName: 'Ann Admin', company: 'Acme Ltd' });

    await expect
      .poll(() => message().textContent(), { timeout: 15_000 })
      .toBe(AUTH_MESSAGES.accountCreatedWithTrial);
    expect(await isGreen()).toBe(true);
    // Back in sign-in mode with cleared fields.
    expect(await currentPage().getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    expect(await emailField().inputValue()).toBe('');
    expect(await currentPage().getByLabel('Company Name').count()).toBe(0);

    await fillSignInForm(currentPage(), { email, password: 'wrong-password' });
    await expect.poll(() => isRed(), { timeout: 15_000 }).toBe(true);

    await fillSignInForm(currentPage(), { email, password: 'secret1' });
    // The first sign-in asks for the code emailed at sign-up (read from the outbox, as its owner would).
    const codeField = () => currentPage().getByLabel('Confirmation code');
    const confirmButton = () => currentPage().getByRole('button', { name: 'Confirm', exact: true });
    await expect.poll(() => codeField().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await message().textContent()).toBe(EMAIL_CONFIRMATION_MESSAGES.required);
    await codeField().fill(await wrongCodeFor(email));
    await confirmButton().click();
    await expect.poll(() => message().textContent()).toBe(EMAIL_CONFIRMATION_MESSAGES.wrongCode);
    await currentPage().getByRole('button', { name: 'Send a new code', exact: true }).click();
    await expect.poll(() => message().textContent()).toBe(EMAIL_CONFIRMATION_MESSAGES.codeSent);
    await codeField().fill(await confirmationCodeSentTo(email));
    await confirmButton().click();
    await expect
      .poll(() => currentPage().getByText('Total Hardware').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => currentPage().getByTestId('account-badge').textContent()).toBe('Active');
    for (const card of ['Active Hardware', 'Monitoring Agents', 'Active Agents']) {
      expect(await currentPage().getByText(card, { exact: true }).isVisible()).toBe(true);
    }

    await currentPage().reload();
    await expect
      .poll(() => currentPage().getByText('Total Hardware').isVisible(), { timeout: 15_000 })
      .toBe(true);

    await currentPage().getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => currentPage().getByRole('button', { name: 'Sign In', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await currentPage().reload();
    await expect
      .poll(() => currentPage().getByRole('button', { name: 'Sign In', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('answers an unknown address and a wrong password alike, and tells a stranger nothing on reset', async () => {
    const company = await signUpCompany();
    await currentPage().goto(baseUrl());

    await fillSignInForm(currentPage(), { email: uniqueEmail('nobody'), password: 'whatever-1' });
    await expect
      .poll(() => message().textContent(), { timeout: 15_000 })
      .toBe(AUTH_MESSAGES.incorrectCredentials);
    expect(await isRed()).toBe(true);

    await currentPage().reload();
    await fillSignInForm(currentPage(), { email: company.email, password: 'wrong-password' });
    await expect
      .poll(() => message().textContent(), { timeout: 15_000 })
      .toBe(AUTH_MESSAGES.incorrectCredentials);

    // "Forgot password?" for an address without an account goes on as if a code were sent.
    await currentPage().reload();
    await currentPage().getByRole('button', { name: 'Forgot password?' }).click();
    const stranger = uniqueEmail('stranger');
    await emailField().fill(stranger);
    await currentPage().getByRole('button', { name: 'Send reset code' }).click();
    await expect
      .poll(() => new URL(currentPage().url()).pathname, { timeout: 15_000 })
      .toBe('/reset-password');
    expect(await message().textContent()).toBe(`A password reset code was sent to ${stranger}.`);
  });
});
