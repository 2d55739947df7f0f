// The build input EXTRA_CA_CERTS (Dockerfile): the certificates this machine's system bundle trusts beyond the
// ones Node ships. Where registry TLS is re-signed by a local certificate authority (as on these machines, or
// behind a company proxy), `npm ci` inside the build needs it; elsewhere it is the few the two lists differ by.
import { existsSync, readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

const BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export function extraCertificates(bundle = BUNDLE): string {
  if (!existsSync(bundle)) return '';
  const known = new Set(rootCertificates.map((c) => c.replace(/\s+/g, '')));
  const all = readFileSync(bundle, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return all.filter((c) => !known.has(c.replace(/\s+/g, ''))).join('\n');
}
