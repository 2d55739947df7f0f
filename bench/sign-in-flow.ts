// Signing in to the embedded provider over HTTP, as a browser does: the login page, the form post, and (for a bench
// that calls the API) the code exchange for an access token. Each from a chosen loopback address, because the
// provider throttles password guesses per address.
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';

const REALM = '/realms/recipes';
const CLIENT_ID = 'recipes-frontend';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function send(
  base: string,
  from: string,
  method: 'GET' | 'POST',
  path: string,
  cookie: string,
  form?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        localAddress: from,
        agent: false,
        headers: {
          cookie,
          ...(form
            ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) }
            : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}

/**
 * One sign-in through the login form from `from`: the form post's answer (302 to the site when signed in). `cookie`:
 * what the browser already holds (the provider's recent sign-in cookie); `cookies`: what the post set.
 */
export async function signIn(
  base: string,
  from: string,
  username: string,
  password: string,
  cookie = '',
): Promise<{ status: number; location: string; verifier: string; cookies: string[] }> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${base}/`,
    response_type: 'code',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await send(base, from, 'GET', `${REALM}/protocol/openid-connect/auth?${query}`, cookie);
  const set = (answer: Answer) =>
    ([answer.headers['set-cookie'] ?? []].flat() as string[]).map((c) => c.split(';')[0]!);
  const cookies = [cookie, ...set(page)].filter(Boolean).join('; ');
  const action =
    /id="kc-form-login" method="post" action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const form = new URLSearchParams({ csrf, username, password }).toString();
  const answer = await send(base, from, 'POST', action.replace(base, ''), cookies, form);
  return { status: answer.status, location: String(answer.headers.location ?? ''), verifier, cookies: set(answer) };
}

/** Signs in and exchanges the code for an access token, as the site's keycloak-js does. */
export async function accessToken(base: string, from: string, username: string, password: string): Promise<string> {
  const signedIn = await signIn(base, from, username, password);
  const code = signedIn.status === 302 ? new URL(signedIn.location).searchParams.get('code') : null;
  if (!code) throw new Error(`sign-in as ${username} answered ${signedIn.status}, not a redirect with a code`);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: CLIENT_ID,
    redirect_uri: `${base}/`,
    code,
    code_verifier: signedIn.verifier,
  }).toString();
  const answer = await send(base, from, 'POST', `${REALM}/protocol/openid-connect/token`, '', form);
  const token = (JSON.parse(answer.body) as { access_token?: string }).access_token;
  if (answer.status !== 200 || !token) throw new Error(`the token endpoint answered ${answer.status}: ${answer.body}`);
  return token;
}
