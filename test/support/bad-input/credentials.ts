import fc from 'fast-check';
import { API_KEY_HEADER } from '../../../shared/agent-data';

/** Bad credentials of the agent channel: the API key that enrols, the device token that reports. */

type CredentialCase = [defect: string, headers: Record<string, string>];

const printable = fc.stringMatching(/^[\x21-\x7e]{0,300}$/);
const base64url43 = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);

/**
 * Headers that replace the caller's credential with a bad one (an empty value stands for none):
 * missing, garbage, malformed, unknown, or the channel's other credential. Never a credential the
 * server issued: an unknown one is random, as no issued one could be guessed.
 */
export function badAgentCredential(auth: 'agent-key' | 'device-token'): fc.Arbitrary<CredentialCase> {
  const header = auth === 'agent-key' ? API_KEY_HEADER : 'authorization';
  const scheme = auth === 'agent-key' ? '' : 'Bearer ';
  const clear = { [API_KEY_HEADER]: '', authorization: '' };
  const as = (defect: string, value: string): CredentialCase => [defect, { ...clear, [header]: value }];
  return fc.oneof(
    fc.constant<CredentialCase>(['none', clear]),
    printable.map((value) => as(`garbage ${value.slice(0, 40)}`, value)),
    base64url43.map((value) => as('an unknown device token', `${scheme}dt_01HZXAMPLEORG.${value}`)),
    base64url43.map((value) => as('an unknown key', `${scheme}sk_${value}`)),
    fc
      .constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer dt_',
        'Bearer dt_short',
        'Bearer dt_01HZXAMPLEORG',
        'Basic dXNlcjpwYXNz',
        'dt_',
        'sk_',
      )
      .map((value) => as(`malformed ${value}`, value)),
    // The other header of the channel: a key as a bearer token, a device token as the key.
    base64url43.map((value): CredentialCase =>
      auth === 'agent-key'
        ? ['a key as a bearer token', { ...clear, authorization: `Bearer sk_${value}` }]
        : ['a device token as the key', { ...clear, [API_KEY_HEADER]: `dt_01HZXAMPLEORG.${value}` }],
    ),
  );
}
