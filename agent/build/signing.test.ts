import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSigningAllowed, isProductionStage, signingConfig } from './signing';
import { parseSigningSecret } from './signing-secret';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-signing-'));
const file = (name: string) => {
  const target = path.join(dir, name);
  fs.writeFileSync(target, 'x');
  return target;
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('signingConfig', () => {
  it('is off without a certificate, PKCS#12 or PEM with one', () => {
    expect(signingConfig({})).toBeNull();
    const pfx = file('a.pfx');
    expect(signingConfig({ ITAA_SIGNING_PFX: pfx, ITAA_SIGNING_PASSWORD: 'pw' })).toEqual({
      certificate: { kind: 'pkcs12', pfx, password: 'pw' },
      timestampUrl: undefined,
      caFile: undefined,
    });
    const cert = file('c.pem');
    const key = file('k.pem');
    expect(
      signingConfig({
        ITAA_SIGNING_CERT: cert,
        ITAA_SIGNING_KEY: key,
        ITAA_SIGNING_TIMESTAMP_URL: 'http://ts.example',
      }),
    ).toMatchObject({ certificate: { kind: 'pem', cert, key }, timestampUrl: 'http://ts.example' });
  });

  it('refuses half a configuration, both kinds at once, and files that do not exist', () => {
    expect(() => signingConfig({ ITAA_SIGNING_CERT: file('c2.pem') })).toThrow(/go together/);
    expect(() =>
      signingConfig({
        ITAA_SIGNING_PFX: file('b.pfx'),
        ITAA_SIGNING_CERT: file('c3.pem'),
        ITAA_SIGNING_KEY: 'k',
      }),
    ).toThrow(/either/);
    expect(() => signingConfig({ ITAA_SIGNING_PFX: path.join(dir, 'missing.pfx') })).toThrow(
      /does not exist/,
    );
  });
});

describe('a production build', () => {
  it('is ITAA_STAGE prod or production, and may not be unsigned', () => {
    expect(isProductionStage({ ITAA_STAGE: 'prod' })).toBe(true);
    expect(isProductionStage({ ITAA_STAGE: 'Production' })).toBe(true);
    expect(isProductionStage({ ITAA_STAGE: 'dev' })).toBe(false);
    expect(isProductionStage({})).toBe(false);
    expect(() => assertSigningAllowed(null, { ITAA_STAGE: 'prod' })).toThrow(/never published unsigned/);
    expect(() => assertSigningAllowed(null, { ITAA_STAGE: 'dev' })).not.toThrow();
    const signed = signingConfig({ ITAA_SIGNING_PFX: file('p.pfx') });
    expect(() => assertSigningAllowed(signed, { ITAA_STAGE: 'prod' })).not.toThrow();
  });
});

describe('parseSigningSecret', () => {
  it('reads the secret {pfx_base64, password}, and says what it must hold otherwise', () => {
    const pfx = Buffer.alloc(512, 7);
    expect(
      parseSigningSecret(JSON.stringify({ pfx_base64: pfx.toString('base64'), password: 'pw' })),
    ).toEqual({
      pfx,
      password: 'pw',
    });
    expect(() => parseSigningSecret('not json')).toThrow(/not JSON/);
    expect(() => parseSigningSecret('{"pfx":"x"}')).toThrow(/pfx_base64/);
    expect(() => parseSigningSecret('{"pfx_base64":"eA==","password":""}')).toThrow(/not a PKCS#12/);
  });
});
