import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every host the double answers for: the publishers' real names, so clients check the real names. */
const PUBLISHER_HOSTS = [
  'www.ons.gov.uk',
  'api.beta.ons.gov.uk',
  'www.gov.uk',
  'assets.publishing.service.gov.uk',
  'content.explore-education-statistics.service.gov.uk',
  'explore-education-statistics.service.gov.uk',
  'skillsengland.education.gov.uk',
  'www.onetcenter.org',
  'www.bls.gov',
  'www.nomisweb.co.uk',
  'nationalcareers.service.gov.uk',
  'services1.arcgis.com',
  'geoportal.statistics.gov.uk',
  'warwick.ac.uk',
  'ec.europa.eu',
  'api.github.com',
  'raw.githubusercontent.com',
  'localhost',
];

export interface TestCertificates {
  /** The test CA's certificate: what a client trusts (NODE_EXTRA_CA_CERTS, or the fetcher's `ca`). */
  caPem: string;
  caFile: string;
  key: string;
  cert: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'ignore' });
}

/**
 * A certificate authority made for this test run and one server certificate it signs for every
 * publisher host, with the openssl CLI (Node cannot sign certificates). Nothing is installed in
 * the system's trust store: a client trusts the CA only when told to.
 */
export function makeTestCertificates(hosts: string[] = PUBLISHER_HOSTS): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'lmi-publisher-tls-'));
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=uk-lmi publisher double test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.csr',
      '-subj',
      '/CN=publisher double',
    ],
    dir,
  );
  const names = [...hosts.map((h) => `DNS:${h}`), 'IP:127.0.0.1'].join(',');
  writeFileSync(
    path.join(dir, 'ext.cnf'),
    `subjectAltName=${names}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'leaf.pem',
      '-days',
      '2',
      '-extfile',
      'ext.cnf',
    ],
    dir,
  );
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return { caPem: read('ca.pem'), caFile: path.join(dir, 'ca.pem'), key: read('leaf.key'), cert: read('leaf.pem') };
}
