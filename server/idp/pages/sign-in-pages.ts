import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage, type Form, type Idp } from '../context.ts';
import { csrfToken } from './csrf.ts';
import { LOGIN_HEADING, loginBody, PAGE_TITLE, REGISTER_HEADING, registerBody, type RegisterValues } from './pages.ts';
import { PATHS } from '../paths.ts';
import type { FieldErrors } from '../users/profile-rules.ts';

// The one place that renders the login and registration forms (Keycloak's login.ftl and register.ftl), for the
// authorization endpoint, the registration endpoint and the account page's own sign-in.

/** The authorization parameters as a query string, carried from form to form. */
export const carried = (params: Form) => {
  const query = new URLSearchParams(params).toString();
  return query ? `?${query}` : '';
};

/** `account`: the account page's own login form, which posts back to it and has no client, so no registration link. */
type LoginPage = { status: number; username: string; error?: string; account?: true };

/** The login form of an authorization request (posts back to the authorization endpoint, links to registration), or the account page's. */
export function sendLoginPage(
  idp: Idp,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Form,
  page: LoginPage,
): FastifyReply {
  const query = carried(params);
  const body = loginBody({
    action: `${idp.realmUrl}${page.account ? `${PATHS.account}/login` : PATHS.auth}${query}`,
    csrf: csrfToken(idp, request, reply),
    username: page.username,
    error: page.error,
    registerHref: page.account ? undefined : `${idp.realmUrl}${PATHS.registrations}${query}`,
  });
  return sendPage(idp, reply, page.status, PAGE_TITLE, LOGIN_HEADING, body, 'login-login');
}

/** The registration form of an authorization request, with a link back to its login form. */
export function sendRegisterPage(
  idp: Idp,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Form,
  status: number,
  values: RegisterValues,
  errors: FieldErrors,
): FastifyReply {
  const body = registerBody({
    action: `${idp.realmUrl}${PATHS.registrations}${carried(params)}`,
    csrf: csrfToken(idp, request, reply),
    values,
    errors,
    loginHref: `${idp.realmUrl}${PATHS.auth}${carried(params)}`,
  });
  return sendPage(idp, reply, status, PAGE_TITLE, REGISTER_HEADING, body, 'login-register');
}
