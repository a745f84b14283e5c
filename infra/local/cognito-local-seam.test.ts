import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AtomicStormDbDataStoreFactory } from './cognito-store';
import {
  COGNITO_LOCAL_VERSION,
  StormDB,
  StormDBDataStore,
  cognitoLocalParts,
  errors,
  jwt,
  signingKey,
  targets,
  type UserPool,
} from './cognito-local-seam';

/**
 * The contract of ./cognito-local-seam.ts (docs/decisions/0002-cognito-local-seam.md): an upgrade
 * of cognito-local that moves any internal the local stack borrows fails here, in the unit run,
 * before it fails as a sign-in that no longer works somewhere in the integration suite.
 */
const require = createRequire(import.meta.url);
const packageFile = require.resolve('cognito-local/package.json');
const packageSchema = z.object({ version: z.string() });
const ourPackageSchema = z.object({ devDependencies: z.record(z.string(), z.string()) });

/** The targets cognito-local itself declares (its type file: the runtime table may be patched). */
function declaredTargets(): string[] {
  const text = readFileSync(path.join(path.dirname(packageFile), 'lib/targets/targets.d.ts'), 'utf8');
  return [...text.matchAll(/^ {4}readonly (\w+):/gm)].map((match) => match[1]!);
}

/** The targets ./cognito-targets.ts, ./cognito-mfa-targets.ts and ./cognito-session-targets.ts wrap or call. */
const WRAPPED = [
  'AdminInitiateAuth',
  'AssociateSoftwareToken',
  'ConfirmForgotPassword',
  'DeleteUserAttributes',
  'ForgotPassword',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SetUserMFAPreference',
  'SignUp',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
];
/** The targets they add because cognito-local lacks them: a release that has its own needs a look. */
const ADDED = [
  'AdminRespondToAuthChallenge',
  'AdminSetUserMFAPreference',
  'AdminUserGlobalSignOut',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
];

describe('the cognito-local seam', () => {
  it('is the release it was written against, pinned exactly', () => {
    const installed = packageSchema.parse(JSON.parse(readFileSync(packageFile, 'utf8')));
    expect(installed.version).toBe(COGNITO_LOCAL_VERSION);
    const ours = ourPackageSchema.parse(
      JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')),
    );
    expect(ours.devDependencies['cognito-local']).toBe(COGNITO_LOCAL_VERSION);
  });

  it('has the targets that are wrapped, and still lacks the ones that are added', () => {
    const declared = declaredTargets();
    expect(declared.length).toBeGreaterThan(40);
    for (const name of WRAPPED) {
      expect(declared, name).toContain(name);
      // A factory of the services, giving the handler.
      expect(typeof targets[name], name).toBe('function');
      expect(targets[name]!.length, name).toBe(1);
    }
    for (const name of ADDED) expect(declared, name).not.toContain(name);
  });

  it("has the errors thrown, with Cognito's codes", () => {
    const codeOf = (error: Error) => (error as Error & { code?: string }).code;
    const cases: Array<[string, string]> = [
      ['NotAuthorizedError', 'NotAuthorizedException'],
      ['UserNotFoundError', 'UserNotFoundException'],
      ['InvalidParameterError', 'InvalidParameterException'],
    ];
    for (const [name, code] of cases) {
      const error = new errors[name]!('the words');
      expect(error, name).toBeInstanceOf(errors.CognitoError);
      expect([codeOf(error), error.message], name).toEqual([code, 'the words']);
    }
    expect(codeOf(new errors.CodeMismatchError!())).toBe('CodeMismatchException');
    // cognito-targets.ts recognises a wrong password by this code.
    expect(codeOf(new errors.InvalidPasswordError!())).toBe('InvalidPasswordException');
    expect(codeOf(new errors.CognitoError('SomeException', 'x'))).toBe('SomeException');
  });

  it('signs with the key its JWKS publishes, through the jsonwebtoken it uses', async () => {
    const publicKey = z
      .object({ jwk: z.object({ kid: z.string(), alg: z.string() }).loose() })
      .parse(
        JSON.parse(
          readFileSync(path.join(path.dirname(packageFile), 'lib/keys/cognitoLocal.public.json'), 'utf8'),
        ),
      );
    expect(publicKey.jwk).toMatchObject({ kid: 'CognitoLocal', alg: 'RS256' });
    const token = jwt.sign({ sub: 'someone' }, signingKey.pem, { algorithm: 'RS256', keyid: 'CognitoLocal' });
    const { payload, protectedHeader } = await jwtVerify(token, await importJWK(publicKey.jwk, 'RS256'));
    expect([payload.sub, protectedHeader.kid]).toEqual(['someone', 'CognitoLocal']);
    // The reliability suite signs with the private JWK, so it must be the same key.
    const fromJwk = await importJWK(signingKey.jwk, 'RS256');
    expect(fromJwk).toBeTruthy();
  });

  it('has the server parts, with the arities they are called with', () => {
    const parts = cognitoLocalParts();
    // pino's parameters have defaults (no arity): it is checked by making a logger.
    expect(parts.pino({ level: 'silent' })).toHaveProperty('error');
    const arity: Record<string, number> = {
      DateClock: 0,
      CognitoServiceFactoryImpl: 3,
      UserPoolServiceFactoryImpl: 2,
      LambdaService: 2,
      TriggersService: 4,
      MessagesService: 2,
      MessageDeliveryService: 1,
      JwtTokenGenerator: 3,
      otp: 0,
      Router: 1,
      createServer: 4,
    };
    for (const [name, length] of Object.entries(arity)) {
      const part: unknown = parts[name as keyof typeof parts];
      expect(typeof part, name).toBe('function');
      expect((part as (...args: unknown[]) => unknown).length, name).toBe(length);
    }
    expect(Object.keys(parts.DefaultConfig)).toEqual(
      expect.arrayContaining(['UserPoolDefaults', 'TokenConfig', 'ServerConfig']),
    );
    expect(StormDBDataStore.length).toBe(1);
    expect(typeof StormDB.localFileEngine.prototype.write).toBe('function');
  });

  describe('its services, over the atomic store', () => {
    let directory: string;
    beforeEach(async () => {
      directory = await mkdtemp(path.join(os.tmpdir(), 'cognito-seam-'));
    });
    afterEach(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    it('give the user pool the targets read and write', async () => {
      const parts = cognitoLocalParts();
      const ctx = { logger: { debug: () => undefined, info: () => undefined, error: () => undefined } };
      const factory = new AtomicStormDbDataStoreFactory(directory);
      const cognito = (await new parts.CognitoServiceFactoryImpl(
        directory,
        factory,
        new parts.UserPoolServiceFactoryImpl(new parts.DateClock(), factory),
      ).create(ctx, { UsernameAttributes: ['email'] })) as {
        createUserPool(ctx: unknown, pool: Record<string, unknown>): Promise<{ Id: string }>;
        getUserPool(ctx: unknown, id: string): Promise<UserPool>;
        getUserPoolForClientId: unknown;
        getAppClient: unknown;
      };
      expect([typeof cognito.getUserPoolForClientId, typeof cognito.getAppClient]).toEqual([
        'function',
        'function',
      ]);
      const created = await cognito.createUserPool(ctx, { Id: 'local_seam', Name: 'seam' });
      const pool = await cognito.getUserPool(ctx, created.Id);
      expect(pool.options).toMatchObject({ Id: 'local_seam' });
      const now = new Date();
      await pool.saveUser(ctx, {
        Username: 'someone',
        Attributes: [{ Name: 'sub', Value: 'someone' }],
        Enabled: true,
        UserStatus: 'CONFIRMED',
        UserCreateDate: now,
        UserLastModifiedDate: now,
        RefreshTokens: [],
      });
      expect(await pool.getUserByUsername(ctx, 'someone')).toMatchObject({ Username: 'someone' });
      expect((await pool.listUsers(ctx)).map((user) => user.Username)).toEqual(['someone']);
    });
  });
});

describe('the only door into cognito-local', () => {
  it('is ./cognito-local-seam.ts: no other source file of the repo names a path inside the package', () => {
    const root = path.join(import.meta.dirname, '..', '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file);
        return entry.name.endsWith('.ts') ? [file] : [];
      });
    const reaching = ['infra', 'test', 'functions', 'agent', 'web']
      .flatMap((dir) => sources(path.join(root, dir)))
      .filter((file) => !/cognito-local-seam(\.test)?\.ts$/.test(file))
      .filter((file) => /cognito-local\/(package\.json|lib)/.test(readFileSync(file, 'utf8')));
    expect(reaching.map((file) => path.relative(root, file))).toEqual([]);
  });
});
