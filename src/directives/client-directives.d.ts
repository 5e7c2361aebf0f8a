// Lets .astro files use the project's own client directives (see astro.config.mjs).
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrate when idle or at the first touch, keeping what the customer did meanwhile (intent.ts). */
      'client:intent'?: boolean | string;
    }
  }
}
export {};
