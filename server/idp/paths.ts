// Every path of the embedded provider, relative to its realm URL (`/realms/{realm}`): Keycloak's own layout,
// so keycloak-js and generic OpenID Connect clients find everything where Keycloak has it.
const OIDC = '/protocol/openid-connect';

export const PATHS = {
  discovery: '/.well-known/openid-configuration',
  certs: `${OIDC}/certs`,
  auth: `${OIDC}/auth`,
  registrations: `${OIDC}/registrations`,
  token: `${OIDC}/token`,
  revoke: `${OIDC}/revoke`,
  introspect: `${OIDC}/token/introspect`,
  userinfo: `${OIDC}/userinfo`,
  logout: `${OIDC}/logout`,
  account: '/account',
  /** keycloak-js's third-party-cookie check pages (step1.html and its script). */
  thirdPartyCookies: `${OIDC}/3p-cookies/`,
  /** The pages' stylesheet. */
  resources: '/resources/',
  css: '/resources/idp.css',
} as const;

/** The paths browsers call from the site's origin with fetch: they answer CORS for the allowed origins. */
export const CORS_PATHS: readonly string[] = [
  PATHS.discovery,
  PATHS.certs,
  PATHS.token,
  PATHS.revoke,
  PATHS.introspect,
  PATHS.userinfo,
  PATHS.account,
];
