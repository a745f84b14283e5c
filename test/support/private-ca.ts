import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A private certificate authority made at test time with the openssl CLI, as a company's CA or a
 * TLS-inspecting proxy's would be: its certificate (what an admin gives the agent as CA_CERT_FILE)
 * and a server certificate it signed for localhost and 127.0.0.1, which nothing else trusts.
 */
export interface PrivateCa {
  folder: string;
  /** The CA's certificate, PEM, in a file. */
  caFile: string;
  caPem: string;
  /** The server's key and certificate (signed by the CA), PEM, for https.createServer. */
  serverKey: string;
  serverCert: string;
  remove: () => void;
}

function openssl(folder: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Makes the CA and a server certificate for `hosts` (DNS names or IP addresses). */
export function makePrivateCa(hosts: readonly string[] = ['localhost', '127.0.0.1']): PrivateCa {
  const folder = mkdtempSync(path.join(tmpdir(), 'itaa-ca-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(folder, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/O=Example Corp/CN=Example Corp Private Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(folder, ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${hosts[0]}`]);
  const names = hosts.map((host) => (/^[\d.]+$|:/.test(host) ? `IP:${host}` : `DNS:${host}`));
  writeFileSync(
    path.join(folder, 'server.ext'),
    `subjectAltName=${names.join(',')}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(folder, [
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  ]);
  const read = (file: string) => readFileSync(path.join(folder, file), 'utf8');
  return {
    folder,
    caFile: path.join(folder, 'ca.pem'),
    caPem: read('ca.pem'),
    serverKey: read('server.key'),
    serverCert: read('server.pem'),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
