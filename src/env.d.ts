/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Where the site reads its runtime configuration (API and identity provider addresses). */
  readonly PUBLIC_CONFIG_URL?: string;
  /** The footer's 'Källkod' link. */
  readonly PUBLIC_SOURCE_URL?: string;
}
