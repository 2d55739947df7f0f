// The embedded provider's demo users (server/idp/users/demo-users.ts) have published passwords: anyone who can
// reach the product could sign in as its editor. So by default they exist only where nobody else can reach
// it, which needs both the address people open (PUBLIC_URL) and the one the server listens on (HOST) to
// be loopback; IDP_SEED_DEMO_USERS decides instead when it is set. Pure, so config.ts and the tests share it.

/** Whether a host name or address is only reachable from this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** Whether an address is only reachable from this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(address: string): boolean {
  return isLoopbackHost(new URL(address).hostname);
}

/** Why the demo users (published passwords) are created or not: the banner says which applied. */
export type DemoUsersReason = 'setting' | 'loopback' | 'public-url' | 'listening';

export type DemoUserPolicy = Readonly<{ seed: boolean; reason: DemoUsersReason }>;

/**
 * Whether the demo users are created, and why. `setting` is IDP_SEED_DEMO_USERS (undefined when unset);
 * without it, a PUBLIC_URL that is not loopback is named before a HOST that is not (0.0.0.0, ::, an interface).
 */
export function demoUserPolicy(input: {
  setting: boolean | undefined;
  publicUrl: string;
  host: string;
}): DemoUserPolicy {
  if (input.setting !== undefined) return { seed: input.setting, reason: 'setting' };
  if (!isLoopbackUrl(input.publicUrl)) return { seed: false, reason: 'public-url' };
  if (!isLoopbackHost(input.host)) return { seed: false, reason: 'listening' };
  return { seed: true, reason: 'loopback' };
}
