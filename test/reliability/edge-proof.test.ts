import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNUP_LIMIT } from '../../functions/auth/limits';
import { EDGE_REQUIRED_CODE, ORIGIN_SECRET_HEADER } from '../../functions/lib/origin-secret';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/rate-limits';
import { apiWithHeaders, signUpCompany, testClientAddress, uniqueEmail } from '../support/api';
import { callHandlerWithHeaders, type HandlerReach } from '../support/handlers';

/**
 * Issue 35's "the client's address is whatever the caller says": the HTTP API's execute-api
 * endpoint is reachable past CloudFront, and the per-client limits took the client from
 * CloudFront-Viewer-Address, which such a caller writes itself. 15 sign-ups with a new made-up
 * viewer each were all accepted against a limit of 10 an hour. Now a request must carry
 * CloudFront's origin secret, and only then is its viewer header believed.
 */
const DIRECT: HandlerReach = { via: 'execute-api', sourceIp: '203.0.113.50' };
const ATTEMPTS = 15;

function signUpBody(email: string) {
  return { email, password: 'edge-pass-12', full_name: 'Edge Tester', company_name: 'Edge Co' };
}

/** A sign-up called at the handler as behind execute-api, with headers the caller chose. */
function directSignUp(email: string, headers: Record<string, string>, reach: HandlerReach = DIRECT) {
  return callHandlerWithHeaders(
    '/api/auth/signup',
    { method: 'POST', headers, body: signUpBody(email) },
    undefined,
    reach,
  );
}

/** A sign-up through CloudFront from `viewer` (the harness adds the secret and the viewer header). */
function edgeSignUp(email: string, viewer: string) {
  return callHandlerWithHeaders('/api/auth/signup', {
    method: 'POST',
    headers: { 'x-forwarded-for': viewer },
    body: signUpBody(email),
  });
}

/** A random /64 of the documentation prefix 2001:db8::/32, written as its first four groups. */
function random64(): string {
  const group = () => randomBytes(2).toString('hex');
  return `2001:db8:${group()}:${group()}`;
}

describe('client addresses only from the edge (issue 35)', () => {
  it(`${ATTEMPTS} sign-ups at the execute-api endpoint, each with a forged viewer and no origin secret: all refused 403, nothing created`, async () => {
    const emails = Array.from({ length: ATTEMPTS }, (_, at) => uniqueEmail(`forged-${at}`));
    const answers = [];
    for (const [at, email] of emails.entries()) {
      answers.push(await directSignUp(email, { [VIEWER_ADDRESS_HEADER]: `198.18.0.${at + 1}:4431` }));
    }
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 403));
    for (const answer of answers) expect(answer.body).toMatchObject({ error: { code: EDGE_REQUIRED_CODE } });
    // Nothing was created: the same addresses sign up through the edge as fresh ones.
    const viewer = testClientAddress();
    expect((await edgeSignUp(emails[0]!, viewer)).status).toBe(201);
  });

  it('a made-up origin secret, or an empty one, is refused the same way', async () => {
    for (const secret of ['', 'guess', randomBytes(32).toString('base64url')]) {
      const answer = await directSignUp(uniqueEmail('guess'), {
        [ORIGIN_SECRET_HEADER]: secret,
        [VIEWER_ADDRESS_HEADER]: '198.18.1.1:1',
      });
      expect(answer.status, `secret '${secret}'`).toBe(403);
    }
  });

  it('without the secret, nothing of the request is looked at: no JSON parsing, no caller loaded', async () => {
    // Not JSON: a 400 if the body were read first.
    const malformed = await callHandlerWithHeaders(
      '/api/auth/signup',
      { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: '{"email":' },
      undefined,
      DIRECT,
    );
    expect(malformed).toMatchObject({ status: 403, body: { error: { code: EDGE_REQUIRED_CODE } } });
    // A signed-in user's route, with a valid token: the caller is never loaded.
    const company = await signUpCompany('Edge Direct Ltd');
    const me = await callHandlerWithHeaders('/api/me', { token: company.accessToken }, undefined, DIRECT);
    expect(me).toMatchObject({ status: 403, body: { error: { code: EDGE_REQUIRED_CODE } } });
    // The same call through the edge is served.
    expect((await callHandlerWithHeaders('/api/me', { token: company.accessToken })).status).toBe(200);
  });

  it(`with the secret, the viewer is believed and limited: the ${SIGNUP_LIMIT.max + 1}th sign-up from one viewer is 429, another viewer is served`, async () => {
    const viewer = testClientAddress();
    const statuses: number[] = [];
    for (let at = 0; at <= SIGNUP_LIMIT.max; at++) {
      statuses.push((await edgeSignUp(uniqueEmail(`viewer-${at}`), viewer)).status);
    }
    expect(statuses).toEqual([...Array<number>(SIGNUP_LIMIT.max).fill(201), 429]);
    expect((await edgeSignUp(uniqueEmail('other-viewer'), testClientAddress())).status).toBe(201);
  });

  it('IPv6 viewers of one /64 share a window; the next /64 has its own', async () => {
    const block = random64();
    const statuses: number[] = [];
    for (let at = 0; at <= SIGNUP_LIMIT.max; at++) {
      // Every address different in its last 64 bits, in the forms CloudFront and people write.
      const host =
        at % 2 ? `${(at + 1).toString(16)}::${at}` : `0:0:${at}:${((at * 7919) % 0x10000).toString(16)}`;
      statuses.push((await edgeSignUp(uniqueEmail(`v6-${at}`), `${block}:${host}`)).status);
    }
    expect(statuses).toEqual([...Array<number>(SIGNUP_LIMIT.max).fill(201), 429]);
    const neighbour = `${block.slice(0, -1)}${block.endsWith('0') ? '1' : '0'}::1`;
    expect((await edgeSignUp(uniqueEmail('v6-neighbour'), neighbour)).status).toBe(201);
  });

  it("through the gateway (CloudFront's stand-in), a client's own viewer header and origin secret are replaced", async () => {
    // As CloudFront does: writing them changes neither whom the limit counts nor the proof. The
    // test stack takes the connection's address from X-Forwarded-For (one machine, many clients).
    const viewer = testClientAddress();
    const statuses: number[] = [];
    for (let at = 0; at <= SIGNUP_LIMIT.max; at++) {
      const answer = await apiWithHeaders('/api/auth/signup', {
        method: 'POST',
        headers: {
          'x-forwarded-for': viewer,
          [VIEWER_ADDRESS_HEADER]: `198.18.2.${at + 1}:1`,
          [ORIGIN_SECRET_HEADER]: 'forged',
        },
        body: signUpBody(uniqueEmail(`gateway-${at}`)),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(SIGNUP_LIMIT.max).fill(201), 429]);
  });
});
