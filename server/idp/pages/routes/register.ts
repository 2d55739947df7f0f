import type { FastifyInstance } from 'fastify';
import { completeAuth, parseAuthRequest } from '../../protocol/auth-request.ts';
import { flat, setSessionCookie, type Form, type Idp } from '../../context.ts';
import { CSRF_EXPIRED, csrfValid } from '../csrf.ts';
import { REGISTRATIONS_EXHAUSTED, type RegisterValues } from '../pages.ts';
import { userAccount } from '../login.ts';
import { PATHS } from '../../paths.ts';
import { rememberSignIn } from '../../abuse/recent-sign-in.ts';
import { createSession } from '../../protocol/sessions.ts';
import { createUser, loginTaken, NameTakenError } from '../../users/user-repository.ts';
import { PROFILE_MESSAGES, validateRegistration } from '../../users/profile-rules.ts';
import { sendRegisterPage } from '../sign-in-pages.ts';
import { clientKey } from '../../abuse/throttle.ts';

const REGISTER = PATHS.registrations;

const valuesOf = (b: Form): RegisterValues => ({
  firstName: b.firstName ?? '',
  lastName: b.lastName ?? '',
  email: b.email ?? '',
  username: b.username ?? '',
});

export default async function registerRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;

  app.get(REGISTER, async (request, reply) => {
    const parsed = parseAuthRequest(idp, flat(request.query));
    if (!parsed.ok) return parsed.send(reply);
    return sendRegisterPage(idp, request, reply, flat(request.query), 200, valuesOf({}), {});
  });

  app.post(REGISTER, async (request, reply) => {
    const parsed = parseAuthRequest(idp, flat(request.query));
    if (!parsed.ok) return parsed.send(reply);
    const body = flat(request.body);
    const values = valuesOf(body);
    if (!csrfValid(idp, request, body.csrf))
      return sendRegisterPage(idp, request, reply, flat(request.query), 400, values, { username: CSRF_EXPIRED });
    // Shape first: a username or e-mail address that is not valid asks nothing of the database, so it reveals no
    // names and costs nothing.
    const errors = validateRegistration({
      ...values,
      password: body.password ?? '',
      passwordConfirm: body['password-confirm'] ?? '',
    });
    if (errors.username || errors.email)
      return sendRegisterPage(idp, request, reply, flat(request.query), 400, values, errors);
    // Valid names are checked for being taken, and each asking uses one of the address's registrations per hour,
    // refused or not: probing which names exist costs what registering does (issue 29, item 3). As Keycloak, the
    // answer names every problem at once (a taken name beside a password that does not match).
    if (!idp.registrations.take(clientKey(request.ip)))
      return sendRegisterPage(idp, request, reply, flat(request.query), 429, values, {
        username: REGISTRATIONS_EXHAUSTED,
      });
    // Usernames and e-mail addresses share one namespace: a username equal to someone's e-mail address (or the
    // reverse) would take over that person's sign-in by e-mail.
    if (await loginTaken(idp.db, values.username)) errors.username = PROFILE_MESSAGES.usernameTaken;
    if (await loginTaken(idp.db, values.email)) errors.email = PROFILE_MESSAGES.emailTaken;
    if (Object.keys(errors).length)
      return sendRegisterPage(idp, request, reply, flat(request.query), 400, values, errors);
    let user;
    try {
      // Self-registered users never get the editor role; only `npm run users -- grant-editor` gives it.
      user = await createUser(idp.db, { ...values, password: body.password ?? '', isEditor: false }, idp.passwords);
    } catch (error) {
      // A registration at the same instant stored this name or a look-alike between our check and our insert.
      if (!(error instanceof NameTakenError)) throw error;
      const taken =
        error.field === 'email' ? { email: PROFILE_MESSAGES.emailTaken } : { username: PROFILE_MESSAGES.usernameTaken };
      return sendRegisterPage(idp, request, reply, flat(request.query), 400, values, taken);
    }
    const { session, cookieSecret } = await createSession(idp.db, user.id);
    setSessionCookie(idp, reply, cookieSecret);
    rememberSignIn(idp, reply, userAccount(user));
    return completeAuth(idp, reply, parsed.req, { session, user }, '1');
  });
}
