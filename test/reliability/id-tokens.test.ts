import { describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '../../functions/routes';
import { api, signUpCompany } from '../support/api';
import { callHandlerAsInAws } from '../support/handlers';
import { pathOf, SAMPLE_ID } from '../support/paths';

/**
 * An ID token is not an access token: every signed-in route refuses it, through the local gateway
 * (whose authorizer takes access tokens only) and in the function itself when API Gateway's own
 * JWT authorizer lets it through, as it does in AWS (it checks the audience only).
 */
const bodyOf = (route: RouteDefinition) =>
  route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} };

describe('ID tokens on every signed-in route', () => {
  it('are refused with 401, at the gateway and by the functions', async () => {
    const company = await signUpCompany('Id Token Probe Ltd');
    const idToken = company.tokens.IdToken!;
    const signedIn = routes.filter((route) => route.auth === 'user');
    const failures: string[] = [];
    let atGateway = 0;
    let inFunctions = 0;
    for (const route of signedIn) {
      const options = { method: route.method, token: idToken, ...bodyOf(route) };
      const throughGateway = await api(pathOf(route, SAMPLE_ID), options);
      if (throughGateway.status === 401) atGateway++;
      else failures.push(`gateway ${route.method} ${route.path}: ${throughGateway.status}`);
      const asInAws = await callHandlerAsInAws(pathOf(route, SAMPLE_ID), options);
      if (asInAws.status === 401) inFunctions++;
      else failures.push(`function ${route.method} ${route.path}: ${asInAws.status}`);
    }
    // The control: the same routes' answers to the access token are not 401.
    const control = await callHandlerAsInAws('/api/me', { token: company.accessToken });
    expect(control.status).toBe(200);
    console.log(
      `[reliability] ID tokens: ${signedIn.length} signed-in routes, refused at the gateway ${atGateway}/${signedIn.length}, ` +
        `refused by the functions behind an authorizer that lets them through ${inFunctions}/${signedIn.length}`,
    );
    expect(failures).toEqual([]);
  });
});
