import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeAuth, parseAuthRequest } from '../auth-request.ts';
import { flat, queryString, sendPage, setSessionCookie, type Form, type Idp } from '../context.ts';
import { CSRF_EXPIRED, csrfToken, csrfValid } from '../csrf.ts';
import { PAGE_TITLE, REGISTER_HEADING, REGISTRATIONS_EXHAUSTED, registerBody, type RegisterValues } from '../pages.ts';
import { createSession } from '../sessions.ts';
import { createUser, loginTaken } from '../users.ts';
import { MESSAGES, validateRegistration, type FieldErrors } from '../validation.ts';
import { PATHS } from '../paths.ts';

const AUTH = PATHS.auth;
const REGISTER = PATHS.registrations;

function render(idp: Idp, request: FastifyRequest, reply: FastifyReply, status: number, values: RegisterValues, errors: FieldErrors) {
  const qs = queryString(request);
  return sendPage(
    idp,
    reply,
    status,
    PAGE_TITLE,
    REGISTER_HEADING,
    registerBody({ action: `${idp.realmUrl}${REGISTER}${qs}`, csrf: csrfToken(idp, request, reply), values, errors, loginHref: `${idp.realmUrl}${AUTH}${qs}` }),
    'login-register',
  );
}

const valuesOf = (b: Form): RegisterValues => ({
  firstName: b.firstName ?? '',
  lastName: b.lastName ?? '',
  email: b.email ?? '',
  username: b.username ?? '',
});

// Postgres unique_violation: a concurrent registration took the name between our check and the insert.
const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

export default async function registerRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;

  app.get(REGISTER, async (request, reply) => {
    const parsed = parseAuthRequest(idp, flat(request.query));
    if (!parsed.ok) return parsed.send(reply);
    return render(idp, request, reply, 200, valuesOf({}), {});
  });

  app.post(REGISTER, async (request, reply) => {
    const parsed = parseAuthRequest(idp, flat(request.query));
    if (!parsed.ok) return parsed.send(reply);
    const body = flat(request.body);
    const values = valuesOf(body);
    if (!csrfValid(idp, request, body.csrf)) return render(idp, request, reply, 400, values, { username: CSRF_EXPIRED });
    const errors = validateRegistration({ ...values, password: body.password ?? '', passwordConfirm: body['password-confirm'] ?? '' });
    // Usernames and e-mail addresses share one namespace: a username equal to someone's e-mail address (or the
    // reverse) would take over that person's sign-in by e-mail.
    if (!errors.username && (await loginTaken(idp.db, values.username))) errors.username = MESSAGES.usernameTaken;
    if (!errors.email && (await loginTaken(idp.db, values.email))) errors.email = MESSAGES.emailTaken;
    if (Object.keys(errors).length) return render(idp, request, reply, 400, values, errors);
    if (!idp.registrations.take(request.ip)) return render(idp, request, reply, 429, values, { username: REGISTRATIONS_EXHAUSTED });
    let user;
    try {
      // Self-registered users never get the editor role; only `npm run users -- grant-editor` gives it.
      user = await createUser(idp.db, { ...values, password: body.password ?? '', isEditor: false });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return render(idp, request, reply, 400, values, { username: MESSAGES.usernameTaken });
    }
    const { session, cookieSecret } = await createSession(idp.db, user.id);
    setSessionCookie(idp, reply, cookieSecret);
    return completeAuth(idp, reply, parsed.req, { session, user }, '1');
  });
}
