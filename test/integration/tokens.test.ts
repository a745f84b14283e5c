import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CreateUserPoolClientCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { addMember, api, cognitoClient, signIn, signUpCompany, uniqueEmail } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { callHandlerAsInAws, callHandlerWithHeaders } from '../support/handlers';

/**
 * The API takes only access tokens of our app client, in AWS as locally: the function checks
 * token_use and client_id itself, whatever the authorizer let through (API Gateway's checks the
 * audience only, which an ID token passes). A user cannot change the email they sign in with, and
 * the product addresses Cognito users by their sub.
 */

const pool = () => inject('runtimeConfig');

describe('tokens the API takes', () => {
  it('refuses an ID token that API Gateway’s authorizer lets through, and takes the access token', async () => {
    const company = await signUpCompany('Id Token Ltd');
    const idToken = company.tokens.IdToken!;
    // What API Gateway's JWT authorizer passes on in AWS: an ID token of our client is let through…
    const asInAws = await callHandlerAsInAws('/api/me', { token: idToken });
    // …and the function refuses it, as the local gateway refuses it before any function runs.
    expect(asInAws).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
    expect((await api('/api/me', { token: idToken })).status).toBe(401);
    expect((await callHandlerAsInAws('/api/me', { token: company.accessToken })).status).toBe(200);
  });

  it('refuses an access token issued to another app client of the pool', async () => {
    const company = await signUpCompany('Other Client Ltd');
    const { UserPoolClient } = await cognitoClient().send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool().userPoolId,
        ClientName: `other-client-${Date.now()}`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
      }),
    );
    const signedIn = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: UserPoolClient!.ClientId!,
        AuthParameters: { USERNAME: company.email, PASSWORD: company.password },
      }),
    );
    const token = signedIn.AuthenticationResult!.AccessToken!;
    // An authorizer that checked the pool's signature and issuer alone (one given both clients as
    // its audience, say) would let it through; the function does not.
    const issuer = `${pool().userPoolEndpoint!}/${pool().userPoolId}`;
    const keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    const signatureOnly = async (jwt: string) => (await jwtVerify(jwt, keys, { issuer })).payload;
    const answer = await callHandlerWithHeaders('/api/me', { token }, signatureOnly);
    expect(answer.status).toBe(401);
    expect((await api('/api/me', { token })).status).toBe(401);
  });
});

describe('Cognito users', () => {
  it('cannot change the email they sign in with, only their name', async () => {
    const company = await signUpCompany('Fixed Email Ltd');
    const change = (Name: string, Value: string) =>
      cognitoClient().send(
        new UpdateUserAttributesCommand({
          AccessToken: company.accessToken,
          UserAttributes: [{ Name, Value }],
        }),
      );
    await expect(change('email', uniqueEmail('taken-over'))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    await change('name', 'Ann Renamed');
    await expect(signIn(company.email, company.password)).resolves.toMatchObject({
      AccessToken: expect.any(String),
    });
  });

  it('are found by their sub: a user whose Cognito email changed is still removed with their profile', async () => {
    const company = await signUpCompany('Renamed Address Ltd');
    const member = await addMember(company, 'user');
    const newEmail = uniqueEmail('moved');
    // An address changed outside the product (an operator in the Cognito console, an old client).
    await cognitoClient().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: pool().userPoolId,
        Username: member.id,
        UserAttributes: [{ Name: 'email', Value: newEmail }],
      }),
    );
    const root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
    expect((await api(`/api/users/${member.id}`, { method: 'DELETE', token: root })).status).toBe(204);
    await expect(
      cognitoClient().send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: member.id })),
    ).rejects.toBeInstanceOf(UserNotFoundException);
    await expect(signIn(newEmail, 'secret-pass-3')).rejects.toThrow();
  });
});
