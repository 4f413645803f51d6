import { existsSync, readFileSync } from 'node:fs';
import tls from 'node:tls';

/** Where distributions keep the system's certificate bundle; the first that exists is read. */
const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'];

function pemBlocks(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

function readPems(file: string | undefined): string[] {
  if (!file || !existsSync(file)) return [];
  return pemBlocks(readFileSync(file, 'utf8'));
}

/**
 * The certificate authorities a publisher's certificate is checked against: Node's own roots, the
 * system's bundle (SSL_CERT_FILE or the distribution's), NODE_EXTRA_CA_CERTS, and `extra`. They
 * are listed in full because giving Node any `ca` replaces its defaults, NODE_EXTRA_CA_CERTS
 * included (checked on Node 20), so an operator's own CA would otherwise be dropped.
 */
export function trustedCas(env: NodeJS.ProcessEnv, extra: string[] = []): string[] {
  const system = env.SSL_CERT_FILE ?? SYSTEM_BUNDLES.find((file) => existsSync(file));
  return [
    ...new Set([
      ...tls.rootCertificates,
      ...readPems(system),
      ...readPems(env.NODE_EXTRA_CA_CERTS),
      ...extra.flatMap(pemBlocks),
    ]),
  ];
}
