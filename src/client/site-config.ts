// Runtime configuration, fetched once per page from /config.json (or PUBLIC_CONFIG_URL).
// One build deploys anywhere: the identity provider and API addresses are not baked in.

export type RuntimeConfig = Readonly<{
  KEYCLOAK_URL: string;
  KEYCLOAK_REALM: string;
  KEYCLOAK_CLIENT_ID: string;
  /** The {api} of the spec; '/api' when the file leaves it out. */
  API_URL: string;
}>;

import { takeEarlyConfig } from './early.ts';

const CONFIG_URL: string = import.meta.env.PUBLIC_CONFIG_URL ?? '/config.json';

let pending: Promise<RuntimeConfig | null> | undefined;

function parse(raw: unknown): RuntimeConfig {
  const o = (raw ?? {}) as Record<string, unknown>;
  const str = (k: string): string => {
    const v = o[k];
    if (typeof v !== 'string' || v === '') throw new Error(`config.json: ${k} is missing`);
    return v;
  };
  const api = typeof o.API_URL === 'string' && o.API_URL !== '' ? o.API_URL : '/api';
  return Object.freeze({
    KEYCLOAK_URL: str('KEYCLOAK_URL').replace(/\/+$/, ''),
    KEYCLOAK_REALM: str('KEYCLOAK_REALM'),
    KEYCLOAK_CLIENT_ID: str('KEYCLOAK_CLIENT_ID'),
    API_URL: api.replace(/\/+$/, ''),
  });
}

async function fetchConfig(): Promise<RuntimeConfig | null> {
  try {
    // The page's head script may have started it already (recipe.astro).
    const res = await (takeEarlyConfig() ?? fetch(CONFIG_URL, { headers: { Accept: 'application/json' } }));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parse(await res.json());
  } catch (error) {
    // Spec section 4/8: a failed config load is logged and yields no config (site runs signed out).
    console.error('Could not load the runtime config', CONFIG_URL, error);
    return null;
  }
}

/** The runtime config, fetched once and shared by every island on the page. */
export function loadRuntimeConfig(): Promise<RuntimeConfig | null> {
  pending ??= fetchConfig();
  return pending;
}

/** The {api} base: from the config when it loaded, else the same-origin default. */
export async function apiBase(): Promise<string> {
  return (await loadRuntimeConfig())?.API_URL ?? '/api';
}
