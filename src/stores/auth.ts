// The session store: the only module that touches keycloak-js. Islands read $auth through
// useIslandStore (src/stores/use-island-store.ts) and call the named actions below; they never talk to each other directly.
import { atom } from 'nanostores';
import type Keycloak from 'keycloak-js';
import type { TokenSource } from '../client/api.ts';
import { loadRuntimeConfig } from '../client/site-config.ts';
import { afterIslandsHydrated } from '../client/islands-hydrated.ts';
import { clearOfflineData } from './offline.ts';

export type Profile = { username: string; firstName: string; lastName: string; email: string };
export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; username: string; profile: Profile; isEditor: boolean };

export const ACCESS_VALIDATION_ERROR = 'An error happened during access validation';

/** Spec section 7: the identity provider's message timeout. A dead provider never hangs a page. */
const INIT_TIMEOUT_MS = 10_000;
const MIN_VALIDITY_S = 20;

/** What every page is prerendered with: the sign-in check has not answered (src/stores/use-island-store.ts). */
export const PRERENDERED_AUTH: AuthState = { status: 'loading' };
export const $auth = atom<AuthState>(PRERENDERED_AUTH);

let keycloak: Keycloak | null = null;
let started: Promise<void> | undefined;

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function signedInState(kc: Keycloak, profile?: Partial<Profile>): AuthState {
  // Claims first (no extra request); loadProfile() replaces them with the account profile.
  const t = { ...(kc.idTokenParsed ?? {}), ...(kc.tokenParsed ?? {}) } as Record<string, unknown>;
  const username = profile?.username || str(t.preferred_username) || str(t.sub);
  return {
    status: 'signed-in',
    username,
    profile: {
      username,
      firstName: profile?.firstName ?? str(t.given_name),
      lastName: profile?.lastName ?? str(t.family_name),
      email: profile?.email ?? str(t.email),
    },
    isEditor: kc.hasRealmRole('editor') || kc.hasResourceRole('editor'),
  };
}

/**
 * keycloak-js loads a hidden third-party-cookie check page (two requests, and Chromium's sandbox warning) before
 * every silent check, to fall back to a full-page check where the provider's cookie cannot be read in a frame. A
 * provider on the page's own scheme and host name is the same site, whose cookie is never a third party's: for it
 * that check can only answer "supported". keycloak-js skips the check when its endpoints name no check page (as for
 * a generic OpenID provider), so the endpoints it sets up at init() are kept without that one. A provider on
 * another site keeps the check and its fallback. tests/e2e/console-clean.spec.ts counts the requests.
 */
function skipThirdPartyCookieCheck(kc: Keycloak, providerUrl: string): void {
  const provider = new URL(providerUrl, location.href);
  if (provider.protocol !== location.protocol || provider.hostname !== location.hostname) return;
  let endpoints: unknown;
  Object.defineProperty(kc, 'endpoints', {
    configurable: true,
    enumerable: true,
    get: () => endpoints,
    set: (value: unknown) => {
      if (value && typeof value === 'object') {
        const { thirdPartyCookiesIframe: _check, ...rest } = value as Record<string, unknown>;
        endpoints = rest;
      } else endpoints = value;
    },
  });
}

/**
 * The signed-in name kept on this device (issue 54). Offline the provider cannot be asked (its silent check is a
 * frame of its own, which fails and times out), so the header lost the name. The last answer is kept here and shown
 * while the browser knows it is offline; no token is kept, so nothing is sent in that name until the provider
 * answers again. A 'signed out' answer and signing out forget it.
 */
const KEPT_SESSION = 'receptboken.signed-in';

function keep(state: AuthState): AuthState {
  try {
    if (state.status === 'signed-in') localStorage.setItem(KEPT_SESSION, JSON.stringify(state));
    else if (state.status === 'signed-out') localStorage.removeItem(KEPT_SESSION);
  } catch {
    // Storage refused (a private window's quota, say): the header then shows the name only online.
  }
  return state;
}

/** The kept signed-in state, when it is whole; anything else (another build's shape, an edit by hand) is none. */
export function keptSession(text: string | null): AuthState | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<Extract<AuthState, { status: 'signed-in' }>>;
    const p = v.profile;
    if (v.status !== 'signed-in' || typeof v.username !== 'string' || v.username === '' || !p) return undefined;
    const profile: Profile = {
      username: str(p.username) || v.username,
      firstName: str(p.firstName),
      lastName: str(p.lastName),
      email: str(p.email),
    };
    return { status: 'signed-in', username: v.username, profile, isEditor: v.isEditor === true };
  } catch {
    return undefined;
  }
}

function readKept(): AuthState | undefined {
  try {
    return keptSession(localStorage.getItem(KEPT_SESSION));
  } catch {
    return undefined;
  }
}

/** Offline: the kept name, until the network is back and the provider is asked (once). */
function startOffline(): void {
  $auth.set(readKept() ?? { status: 'signed-out' });
  window.addEventListener(
    'online',
    () => {
      started = checkSession().catch(signedOutAfter);
    },
    { once: true },
  );
}

function signedOutAfter(error: unknown): void {
  console.error('Sign-in check failed; continuing signed out', error);
  $auth.set({ status: 'signed-out' });
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms));
}

async function start(): Promise<void> {
  // Inside a frame (an identity-provider check page that fell back to our 404 page, say) never
  // start another check: each one would load the site again in a nested frame.
  if (window.self !== window.top) {
    $auth.set({ status: 'signed-out' });
    return;
  }
  // The check-sso load runs at every page's start, but after the page's islands have hydrated: its
  // hidden frames and messages (the third-party-cookie check, the silent check) then never compete with
  // hydration and the recipe's first paint; on a slow phone each frame is a long task.
  await afterIslandsHydrated();
  if (!navigator.onLine) return startOffline();
  await checkSession();
}

/** Asks the provider (check-sso) whether this browser has a session. */
async function checkSession(): Promise<void> {
  const config = await loadRuntimeConfig();
  if (!config) {
    $auth.set({ status: 'signed-out' });
    return;
  }
  // Loaded on demand so the static build (which renders islands in Node) never evaluates it.
  const { default: KeycloakClass } = await import('keycloak-js');
  const kc = new KeycloakClass({
    url: config.KEYCLOAK_URL,
    realm: config.KEYCLOAK_REALM,
    clientId: config.KEYCLOAK_CLIENT_ID,
  });
  keycloak = kc;
  skipThirdPartyCookieCheck(kc, config.KEYCLOAK_URL);
  kc.onTokenExpired = () => {
    kc.updateToken(MIN_VALIDITY_S).catch(() => $auth.set({ status: 'signed-out' }));
  };
  kc.onAuthRefreshSuccess = () => {
    const now = $auth.get();
    if (now.status === 'signed-in') $auth.set(keep(signedInState(kc, now.profile)));
  };
  kc.onAuthLogout = () => $auth.set(keep({ status: 'signed-out' }));
  const init = kc.init({
    onLoad: 'check-sso',
    checkLoginIframe: false,
    pkceMethod: 'S256',
    messageReceiveTimeout: INIT_TIMEOUT_MS,
    silentCheckSsoRedirectUri: `${location.origin}/silent-check-sso.html`,
  });
  try {
    const authenticated = await Promise.race([init, timeout(INIT_TIMEOUT_MS)]);
    $auth.set(keep(authenticated ? signedInState(kc) : { status: 'signed-out' }));
  } catch (error) {
    // The network went away during the check: the kept name, as on a page opened offline.
    if (!navigator.onLine && readKept()) return startOffline();
    console.error('Sign-in check failed; continuing signed out', error);
    $auth.set({ status: 'signed-out' });
    // A slow provider may still answer after the timeout: take the session then.
    init.then((ok) => ok && $auth.set(keep(signedInState(kc)))).catch(() => undefined);
  }
}

/** Starts the session check once per page; every action waits for it. */
export function startAuth(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  started ??= start().catch(signedOutAfter);
  return started;
}

async function ready(): Promise<Keycloak> {
  await startAuth();
  if (!keycloak) throw new Error('The identity provider is not configured (config.json did not load)');
  return keycloak;
}

export async function login(redirectUri: string = location.href): Promise<void> {
  await (await ready()).login({ redirectUri });
}

export async function register(): Promise<void> {
  await (await ready()).register({ redirectUri: location.href });
}

export async function logout(): Promise<void> {
  // What was read on this device goes with the session (issue 42); a failure to clear never keeps anyone signed in.
  await clearOfflineData().catch((error: unknown) => console.warn('Could not clear the offline copy', error));
  keep({ status: 'signed-out' });
  await (await ready()).logout({ redirectUri: `${location.origin}/` });
}

export async function manageAccount(): Promise<void> {
  await (await ready()).accountManagement();
}

/** A bearer token valid for at least 20 s, or undefined when signed out. */
export async function getToken(): Promise<string | undefined> {
  await startAuth();
  if (!keycloak?.authenticated) return undefined;
  try {
    await keycloak.updateToken(MIN_VALIDITY_S);
    return keycloak.token;
  } catch (error) {
    console.error('Could not refresh the session', error);
    $auth.set({ status: 'signed-out' });
    return undefined;
  }
}

/** Fetches the identity provider's profile (first/last name, e-mail) into $auth. */
export async function loadProfile(): Promise<void> {
  await startAuth();
  const kc = keycloak;
  if (!kc?.authenticated) return;
  try {
    const p = await kc.loadUserProfile();
    $auth.set(
      keep(
        signedInState(kc, {
          username: str(p.username),
          firstName: str(p.firstName),
          lastName: str(p.lastName),
          email: str(p.email),
        }),
      ),
    );
  } catch (error) {
    // The token's claims already filled the profile; keep them.
    console.warn('Could not load the account profile; showing the token claims', error);
  }
}

/**
 * Guard for protected pages. Resolves true when signed in; when signed out it starts login
 * (back to this URL) and resolves false. Rejects with ACCESS_VALIDATION_ERROR on any failure.
 */
export async function ensureSignedIn(): Promise<boolean> {
  try {
    await startAuth();
    if ($auth.get().status === 'signed-in') return true;
    await login(location.href);
    return false;
  } catch (error) {
    console.error(ACCESS_VALIDATION_ERROR, error);
    throw new Error(ACCESS_VALIDATION_ERROR, { cause: error });
  }
}

/** What every request of src/client/api.ts is given: the signed-in user's token, refreshed when it is due. */
export const apiTokens: TokenSource = { signedIn: () => $auth.get().status === 'signed-in', token: getToken };
