import { describe, expect, it } from 'vitest';
import { bannerLines, type BannerInput } from '../../../server/banner.ts';

const DEMO_ACCOUNTS = [
  { username: 'redaktor', password: 'redaktor', editor: true },
  { username: 'besokare', password: 'besokare', editor: false },
];

type Overrides = Partial<Omit<BannerInput, 'config'>> & {
  config?: Partial<Omit<BannerInput['config'], 'idp'>> & { idp?: Partial<BannerInput['config']['idp']> };
};

/** The embedded default on a laptop: PGlite, demo users because everything is loopback. */
function banner(overrides: Overrides = {}): string[] {
  const { config = {}, ...rest } = overrides;
  return bannerLines({
    config: {
      publicUrl: 'http://localhost:8080',
      apiBasePath: '/api',
      issuer: 'http://localhost:8080/realms/recipes',
      host: 'localhost',
      embeddedIdp: true,
      ...config,
      idp: { seedDemoUsers: true, demoUsersReason: 'loopback', ...config.idp },
    },
    databaseKind: 'pglite',
    dataFolder: '/srv/recept/data',
    seeded: 0,
    databaseReady: true,
    demoAccounts: DEMO_ACCOUNTS,
    createdDemoUsers: [],
    exposedDemoUsers: [],
    ...rest,
  });
}

const HEAD = [
  '',
  '  Receptboken kör på http://localhost:8080',
  '  API: http://localhost:8080/api (referens: http://localhost:8080/api/docs)',
  '  Databas: PGlite i /srv/recept/data',
  '  Inloggning: inbyggd identitetsleverantör på http://localhost:8080/realms/recipes',
];
const ACCOUNTS = ['    redaktor / redaktor  (redaktör)', '    besokare / besokare  (besökare)'];
const FIRST_EDITOR =
  '  Skapa den första redaktören: npm run users -- add <användarnamn> --email <e-post> --first <förnamn> --last <efternamn> --editor';

describe('bannerLines', () => {
  it('shows the demo users on loopback, and says so', () => {
    expect(banner()).toEqual([
      ...HEAD,
      '  Demokonton (bara loopback: http://localhost:8080, lyssnar på localhost):',
      ...ACCOUNTS,
    ]);
  });

  it('shows the demo users when IDP_SEED_DEMO_USERS=true asks for them, and which this start created', () => {
    const lines = banner({
      config: { host: '0.0.0.0', idp: { demoUsersReason: 'setting' } },
      createdDemoUsers: ['redaktor', 'besokare'],
    });
    // Listening on 0.0.0.0 with PUBLIC_URL at localhost: the warning comes first (its own test below).
    expect(lines[2]).toMatch(/^ {2}VARNING: PUBLIC_URL är http:\/\/localhost:8080 men servern lyssnar på 0\.0\.0\.0/);
    expect(lines.slice(HEAD.length + 1)).toEqual([
      '  Demokonton (IDP_SEED_DEMO_USERS=true):',
      ...ACCOUNTS,
      '  (skapade nu: redaktor, besokare)',
    ]);
  });

  it.each([
    ['setting', 'IDP_SEED_DEMO_USERS=false'],
    ['public-url', 'https://recept.example.se är ingen loopback-adress (IDP_SEED_DEMO_USERS=true skapar dem ändå)'],
    ['listening', 'servern lyssnar på 0.0.0.0, inte bara på loopback (IDP_SEED_DEMO_USERS=true skapar dem ändå)'],
  ] as const)('says why there are no demo users (%s) and how to create the first editor', (reason, why) => {
    const lines = banner({
      config: {
        publicUrl: 'https://recept.example.se',
        host: '0.0.0.0',
        idp: { seedDemoUsers: false, demoUsersReason: reason },
      },
    });
    expect(lines.slice(HEAD.length)).toEqual([`  Inga demokonton: ${why}.`, FIRST_EDITOR]);
  });

  it('warns about demo users that still have their published password', () => {
    const lines = banner({
      config: { host: '0.0.0.0', idp: { seedDemoUsers: false, demoUsersReason: 'listening' } },
      exposedDemoUsers: ['redaktor', 'besokare'],
    });
    expect(lines.at(-1)).toBe(
      '  VARNING: redaktor, besokare har fortfarande sitt publicerade lösenord: npm run users -- passwd <användarnamn>',
    );
    expect(lines.at(-2)).toBe(FIRST_EDITOR);
  });

  it("names the container's commands in the product's image", () => {
    const lines = banner({
      config: { host: '0.0.0.0', inContainer: true, idp: { seedDemoUsers: false, demoUsersReason: 'listening' } },
      exposedDemoUsers: ['redaktor'],
    });
    expect(lines.at(-2)).toBe(
      '  Skapa den första redaktören: docker compose stop app && docker compose run --rm app recipe-book users add <användarnamn> --email <e-post> --first <förnamn> --last <efternamn> --editor && docker compose start app',
    );
    expect(lines.at(-1)).toBe(
      '  VARNING: redaktor har fortfarande sitt publicerade lösenord: docker compose stop app && docker compose run --rm app recipe-book users passwd <användarnamn> && docker compose start app',
    );
  });

  it.each(['0.0.0.0', '::', '192.168.1.20'])(
    'warns when PUBLIC_URL is left at localhost while the server listens on %s',
    (host) => {
      for (const [publicUrl, inContainer] of [
        ['http://localhost:8080', false],
        ['http://127.0.0.1:8080', true],
      ] as const) {
        const lines = banner({
          config: { publicUrl, host, inContainer, idp: { seedDemoUsers: false, demoUsersReason: 'listening' } },
        });
        expect(lines.slice(0, 3)).toEqual([
          '',
          `  Receptboken kör på ${publicUrl}`,
          `  VARNING: PUBLIC_URL är ${publicUrl} men servern lyssnar på ${host}: öppnas boken från andra datorer ` +
            'pekar länkar, canonical, og:url, webbplatskartan och inloggningen på deras egen dator. ' +
            'Sätt PUBLIC_URL till adressen de öppnar.',
        ]);
        expect(lines.filter((line) => line.includes('VARNING'))).toHaveLength(1);
      }
    },
  );

  it('says nothing of PUBLIC_URL when the server listens on loopback only, or PUBLIC_URL is a real address', () => {
    for (const config of [
      { host: 'localhost' },
      { host: '127.0.0.1' },
      { host: '::1' },
      { host: '0.0.0.0', publicUrl: 'https://recept.example.se' },
      { host: '0.0.0.0', publicUrl: 'http://192.168.1.20:8080' },
    ])
      expect(banner({ config }).some((line) => line.includes('PUBLIC_URL är'))).toBe(false);
  });

  it('says nothing about demo users with a real Keycloak', () => {
    expect(
      banner({
        config: { embeddedIdp: false, issuer: 'https://sso.example.se/realms/recipes' },
        createdDemoUsers: ['redaktor'],
        exposedDemoUsers: ['besokare'],
      }).slice(HEAD.length - 1),
    ).toEqual(['  Inloggning: Keycloak på https://sso.example.se/realms/recipes']);
  });

  it('names PostgreSQL, and says when it was not reached yet', () => {
    expect(banner({ databaseKind: 'postgres' })[3]).toBe('  Databas: PostgreSQL');
    expect(banner({ databaseKind: 'postgres', databaseReady: false })[3]).toBe(
      '  Databas: PostgreSQL (nås inte ännu, försöker igen)',
    );
  });

  it('counts the recipes a first start put in', () => {
    expect(banner({ seeded: 12 })[3]).toBe('  Databas: PGlite i /srv/recept/data (12 recept inlagda)');
  });

  it('puts the API under its base path', () => {
    expect(banner({ config: { publicUrl: 'https://recept.example.se', apiBasePath: '/v1' } })[2]).toBe(
      '  API: https://recept.example.se/v1 (referens: https://recept.example.se/v1/docs)',
    );
  });
});
