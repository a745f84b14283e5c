/**
 * A throwaway code-signing certificate made at test time with openssl: a CA, and a certificate it
 * issues for code signing (extendedKeyUsage codeSigning), as PEM files and as a PKCS#12 bundle.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CodeSigningFiles {
  caFile: string;
  certFile: string;
  keyFile: string;
  pfxFile: string;
  pfxPassword: string;
}

export function makeCodeSigningCertificate(dir: string): CodeSigningFiles {
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=IT Asset Auditor Test Code Signing CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=IT Asset Auditor Test Publisher',
    '-keyout',
    file('signing.key'),
    '-out',
    file('signing.csr'),
  ]);
  writeFileSync(
    file('signing.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=codeSigning\n',
  );
  openssl([
    'x509',
    '-req',
    '-in',
    file('signing.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('signing.ext'),
    '-out',
    file('signing.pem'),
  ]);
  const pfxPassword = 'test-pfx-password';
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    file('signing.key'),
    '-in',
    file('signing.pem'),
    '-out',
    file('signing.pfx'),
    '-passout',
    `pass:${pfxPassword}`,
  ]);
  return {
    caFile: file('ca.pem'),
    certFile: file('signing.pem'),
    keyFile: file('signing.key'),
    pfxFile: file('signing.pfx'),
    pfxPassword,
  };
}
