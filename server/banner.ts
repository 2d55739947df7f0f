import type { Config } from './config.ts';
import { isLoopbackHost, isLoopbackUrl } from './demo-user-policy.ts';

// What `npm start` prints once it listens: where the product is, which database and sign-in it uses, and
// the demo users (or why there are none). Plain data in, lines out, so every branch has a unit test;
// server/start.ts gathers the data and prints. The text is Swedish, as the product is.

export type BannerInput = Readonly<{
  config: Pick<Config, 'publicUrl' | 'apiBasePath' | 'issuer' | 'host' | 'embeddedIdp'> & {
    /** In the product's image: the commands shown are the container's (README: "Install with Docker"). */
    inContainer?: boolean;
    idp: Pick<Config['idp'], 'seedDemoUsers' | 'demoUsersReason'>;
  };
  databaseKind: 'pglite' | 'postgres';
  /** The embedded database's folder as an absolute path (shown for PGlite only). */
  dataFolder: string;
  /** Recipes the first start put into an empty embedded database. */
  seeded: number;
  /** false when PostgreSQL could not be reached at start (the API answers 503 until it is). */
  databaseReady: boolean;
  /** The demo accounts and their published passwords (server/idp/users/demo-users.ts). */
  demoAccounts: readonly Readonly<{ username: string; password: string; editor: boolean }>[];
  /** Demo users this start created. */
  createdDemoUsers: readonly string[];
  /** Demo users that still have their published password although the policy says there should be none. */
  exposedDemoUsers: readonly string[];
}>;

export function bannerLines(input: BannerInput): string[] {
  const { config } = input;
  const database = input.databaseKind === 'pglite' ? `PGlite i ${input.dataFolder}` : 'PostgreSQL';
  const lines = [
    '',
    `  Receptboken kör på ${config.publicUrl}`,
    ...localAddressWarning(config),
    `  API: ${config.publicUrl}${config.apiBasePath} (referens: ${config.publicUrl}${config.apiBasePath}/docs)`,
    `  Databas: ${database}${input.seeded ? ` (${input.seeded} recept inlagda)` : ''}${input.databaseReady ? '' : ' (nås inte ännu, försöker igen)'}`,
    config.embeddedIdp
      ? `  Inloggning: inbyggd identitetsleverantör på ${config.issuer}`
      : `  Inloggning: Keycloak på ${config.issuer}`,
  ];
  // A real Keycloak has its own users: nothing to say about demo users then.
  if (!config.embeddedIdp) return lines;
  return [...lines, ...(config.idp.seedDemoUsers ? demoUsersShown(input) : noDemoUsers(input))];
}

/**
 * PUBLIC_URL goes into every canonical link, og:url, the sitemap and the sign-in's addresses. Left at localhost
 * on a server others can reach, those point every visitor at their own machine: worth a word at start. In a
 * container the server always listens on all of its interfaces, and whether the port is open beyond the host is
 * Compose's to say (RECIPES_BIND), so the sentence names the case it is about.
 */
function localAddressWarning(config: BannerInput['config']): string[] {
  if (!isLoopbackUrl(config.publicUrl) || isLoopbackHost(config.host)) return [];
  return [
    `  VARNING: PUBLIC_URL är ${config.publicUrl} men servern lyssnar på ${config.host}: öppnas boken från andra ` +
      'datorer pekar länkar, canonical, og:url, webbplatskartan och inloggningen på deras egen dator. Sätt PUBLIC_URL till ' +
      'adressen de öppnar.',
  ];
}

function demoUsersShown({ config, demoAccounts, createdDemoUsers }: BannerInput): string[] {
  const why =
    config.idp.demoUsersReason === 'setting'
      ? 'IDP_SEED_DEMO_USERS=true'
      : `bara loopback: ${config.publicUrl}, lyssnar på ${config.host}`;
  return [
    `  Demokonton (${why}):`,
    ...demoAccounts.map((u) => `    ${u.username} / ${u.password}  ${u.editor ? '(redaktör)' : '(besökare)'}`),
    ...(createdDemoUsers.length ? [`  (skapade nu: ${createdDemoUsers.join(', ')})`] : []),
  ];
}

function noDemoUsers({ config, exposedDemoUsers }: BannerInput): string[] {
  const why = {
    setting: 'IDP_SEED_DEMO_USERS=false',
    'public-url': `${config.publicUrl} är ingen loopback-adress (IDP_SEED_DEMO_USERS=true skapar dem ändå)`,
    listening: `servern lyssnar på ${config.host}, inte bara på loopback (IDP_SEED_DEMO_USERS=true skapar dem ändå)`,
    loopback: '',
  }[config.idp.demoUsersReason];
  const add = 'add <användarnamn> --email <e-post> --first <förnamn> --last <efternamn> --editor';
  // The embedded database allows one process per data folder: in a container the command runs in a container
  // of its own while the server's is stopped (README: "Install with Docker").
  const [create, passwd] = config.inContainer
    ? [
        `docker compose stop app && docker compose run --rm app recipe-book users ${add} && docker compose start app`,
        'docker compose stop app && docker compose run --rm app recipe-book users passwd <användarnamn> && docker compose start app',
      ]
    : [`npm run users -- ${add}`, 'npm run users -- passwd <användarnamn>'];
  return [
    `  Inga demokonton: ${why}.`,
    `  Skapa den första redaktören: ${create}`,
    // Passwords everyone knows on a product others can reach: the one thing here that needs doing now.
    ...(exposedDemoUsers.length
      ? [`  VARNING: ${exposedDemoUsers.join(', ')} har fortfarande sitt publicerade lösenord: ${passwd}`]
      : []),
  ];
}
