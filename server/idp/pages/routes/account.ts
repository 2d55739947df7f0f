import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerSession, unauthorized } from '../../protocol/bearer-session.ts';
import { isAllowedRedirect } from '../../protocol/clients.ts';
import {
  clearSessionCookie,
  flat,
  queryString,
  sendError,
  sendPage,
  sessionCookieOf,
  setSessionCookie,
  type Idp,
} from '../../context.ts';
import { CSRF_EXPIRED, csrfToken, csrfValid } from '../csrf.ts';
import { ACCOUNT_HEADING, accountBody, messageBody, THROTTLED, type AccountValues } from '../pages.ts';
import { authenticate, checkCurrentPassword } from '../login.ts';
import { rememberSignIn, vouchFor } from '../../abuse/recent-sign-in.ts';
import { PATHS } from '../../paths.ts';
import {
  createSession,
  deleteSession,
  endOtherSessions,
  findSessionByCookie,
  type ActiveSession,
} from '../../protocol/sessions.ts';
import { sendLoginPage } from '../sign-in-pages.ts';
import { loginTaken, NameTakenError, normalise, setPassword, updateProfile } from '../../users/user-repository.ts';
import {
  PROFILE_MESSAGES,
  validateEmail,
  validateNames,
  validateNewPassword,
  type FieldErrors,
} from '../../users/profile-rules.ts';
import { clientKey } from '../../abuse/throttle.ts';

const ACCOUNT = PATHS.account;

// keycloak-js loadUserProfile sends only "Accept: application/json" with a bearer; a browser asks for HTML.
const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return !!request.headers.authorization || (accept.includes('application/json') && !accept.includes('text/html'));
};

function backHref(idp: Idp, request: FastifyRequest): string | undefined {
  const uri = flat(request.query).referrer_uri;
  return isAllowedRedirect(idp.config, uri) ? uri : undefined;
}

function renderAccount(
  idp: Idp,
  request: FastifyRequest,
  reply: FastifyReply,
  active: ActiveSession,
  options: { values?: AccountValues; errors?: FieldErrors; saved?: boolean; status?: number },
) {
  const qs = queryString(request);
  const values = options.values ?? {
    firstName: active.user.firstName,
    lastName: active.user.lastName,
    email: active.user.email,
  };
  return sendPage(
    idp,
    reply,
    options.status ?? 200,
    'Mitt konto',
    ACCOUNT_HEADING,
    accountBody({
      action: `${idp.realmUrl}${ACCOUNT}${qs}`,
      csrf: csrfToken(idp, request, reply),
      username: active.user.username,
      values,
      errors: options.errors ?? {},
      saved: options.saved ?? false,
      backHref: backHref(idp, request),
      logoutAction: `${idp.realmUrl}${ACCOUNT}/logout${qs}`,
    }),
  );
}

export default async function accountRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;
  const browserSession = (request: FastifyRequest) =>
    findSessionByCookie(idp.db, sessionCookieOf(request), idp.idleSeconds);

  app.get(ACCOUNT, async (request, reply) => {
    if (wantsJson(request)) {
      const found = await bearerSession(idp, request);
      // The Account API wants the audience "account" (and view-profile, which every user has).
      const aud = found?.claims.aud;
      if (!found || !(aud === 'account' || (Array.isArray(aud) && aud.includes('account'))))
        return unauthorized(idp, reply);
      const user = found.active.user;
      return reply.header('cache-control', 'no-store').send({
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        emailVerified: user.emailVerified,
      });
    }
    const active = await browserSession(request);
    if (!active)
      return sendLoginPage(idp, request, reply, flat(request.query), { status: 200, username: '', account: true });
    return renderAccount(idp, request, reply, active, {});
  });

  app.post(`${ACCOUNT}/login`, async (request, reply) => {
    const body = flat(request.body);
    if (!csrfValid(idp, request, body.csrf))
      return sendLoginPage(idp, request, reply, flat(request.query), {
        status: 400,
        username: body.username ?? '',
        error: CSRF_EXPIRED,
        account: true,
      });
    const ip = clientKey(request.ip);
    const result = await authenticate(idp, body.username ?? '', body.password ?? '', ip, vouchFor(idp, request));
    if (!result.ok)
      return sendLoginPage(idp, request, reply, flat(request.query), {
        status: result.status,
        username: body.username ?? '',
        error: result.error,
        account: true,
      });
    const { cookieSecret } = await createSession(idp.db, result.user.id);
    setSessionCookie(idp, reply, cookieSecret);
    rememberSignIn(idp, reply, result.account);
    return reply.redirect(`${idp.realmUrl}${ACCOUNT}${queryString(request)}`, 303);
  });

  app.post(ACCOUNT, async (request, reply) => {
    const active = await browserSession(request);
    if (!active)
      return sendLoginPage(idp, request, reply, flat(request.query), { status: 401, username: '', account: true });
    const body = flat(request.body);
    const values = { firstName: body.firstName ?? '', lastName: body.lastName ?? '', email: body.email ?? '' };
    if (!csrfValid(idp, request, body.csrf))
      return renderAccount(idp, request, reply, active, { values, errors: { firstName: CSRF_EXPIRED }, status: 400 });
    const errors: FieldErrors = {};
    validateNames(values, errors);
    validateEmail(values.email, errors);
    // Nobody else's e-mail address, and nobody's username either (it would take over their e-mail sign-in).
    if (!errors.email && (await loginTaken(idp.db, values.email, active.user.id)))
      errors.email = PROFILE_MESSAGES.emailTaken;
    const current = body['password-current'] ?? '';
    const next = body['password-new'] ?? '';
    const confirm = body['password-confirm'] ?? '';
    const changesPassword = !!(current || next || confirm);
    if (changesPassword) {
      validateNewPassword(next, confirm, errors);
      const check = await checkCurrentPassword(idp, active.user, current, clientKey(request.ip));
      if (check === 'locked')
        return renderAccount(idp, request, reply, active, {
          values,
          errors: { currentPassword: THROTTLED },
          status: 429,
        });
      if (check === 'wrong') errors.currentPassword = PROFILE_MESSAGES.currentPasswordWrong;
    }
    if (Object.keys(errors).length) return renderAccount(idp, request, reply, active, { values, errors, status: 400 });
    try {
      await updateProfile(idp.db, active.user.id, values);
    } catch (error) {
      // Someone stored this address or a look-alike of it between our check and our write.
      if (!(error instanceof NameTakenError)) throw error;
      return renderAccount(idp, request, reply, active, {
        values,
        errors: { email: PROFILE_MESSAGES.emailTaken },
        status: 400,
      });
    }
    if (changesPassword) {
      await setPassword(idp.db, active.user.id, next, idp.passwords);
      // Whoever signed in with the old password elsewhere is signed out; this browser stays signed in.
      await endOtherSessions(idp.db, active.user.id, active.session.id);
    }
    const saved = { ...values, email: normalise(values.email) };
    return renderAccount(idp, request, reply, active, { values: saved, saved: true });
  });

  app.post(`${ACCOUNT}/logout`, async (request, reply) => {
    const active = await browserSession(request);
    if (!csrfValid(idp, request, flat(request.body).csrf)) {
      return sendError(idp, reply, 400, CSRF_EXPIRED);
    }
    if (active) await deleteSession(idp.db, active.session.id);
    clearSessionCookie(idp, reply);
    const back = backHref(idp, request);
    if (back) return reply.redirect(back, 303);
    return sendPage(idp, reply, 200, 'Utloggad', 'Du är utloggad', messageBody({ message: 'Du har loggats ut.' }));
  });
}
