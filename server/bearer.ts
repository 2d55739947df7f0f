// The Authorization header, read one way for the API and the identity provider (RFC 6750 2.1), and the
// WWW-Authenticate challenge both send with a 401 (RFC 6750 3).

export type BearerHeader = { kind: 'missing' } | { kind: 'malformed' } | { kind: 'token'; token: string };

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;

export function readBearer(header: string | undefined): BearerHeader {
  if (!header) return { kind: 'missing' };
  const token = BEARER.exec(header)?.[1];
  return token ? { kind: 'token', token } : { kind: 'malformed' };
}

/** `Bearer`, with the realm and, for a refused token, `error="invalid_token"` and a description. */
export function bearerChallenge(options: { realm?: string; description?: string } = {}): string {
  const parts = [
    options.realm ? `realm="${options.realm}"` : '',
    options.description
      ? `error="invalid_token", error_description="${options.description.replace(/["\\]/g, '')}"`
      : '',
  ].filter(Boolean);
  return parts.length ? `Bearer ${parts.join(', ')}` : 'Bearer';
}
