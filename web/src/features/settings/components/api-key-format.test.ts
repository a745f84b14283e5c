import { describe, expect, it } from 'vitest';
import { agentConfiguration, agentSubmitAddress, formatLastUsed, shortenedKey } from './api-key-format';

const prefix = 'sk_0123456789abcdef0';

describe('API key display', () => {
  it('shows a key as its first 20 characters and an ellipsis', () => {
    expect(shortenedKey({ prefix: `${prefix}123` })).toBe(`${prefix.slice(0, 20)}…`);
    expect(shortenedKey({ prefix })).toBe(`${prefix}…`);
  });

  it('configures an agent with the submit address and the first key, shortened', () => {
    const endpoint = agentSubmitAddress('https://assets.example.com');
    expect(endpoint).toBe('https://assets.example.com/api/agent/report');
    const functionUrl = 'https://abc123.lambda-url.eu-west-1.on.aws/api/agent/report';
    expect(agentSubmitAddress('https://assets.example.com', functionUrl)).toBe(functionUrl);
    expect(JSON.parse(agentConfiguration(endpoint, { prefix })!)).toEqual({
      endpoint,
      api_key: `${prefix}…`,
    });
    expect(agentConfiguration(endpoint, undefined)).toBeNull();
  });

  it("says 'Never' for a key no agent has used", () => {
    expect(formatLastUsed(null)).toBe('Never');
    expect(formatLastUsed('2025-05-21T12:00:00.000Z')).toMatch(/^21 May 2025, \d\d:\d\d$/);
  });
});
