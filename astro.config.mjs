// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

/**
 * `client:intent` (src/directives/intent.ts): hydrate when idle or at the first touch, keeping
 * what the customer did meanwhile.
 * @type {import('astro').AstroIntegration}
 */
const clientIntent = {
  name: 'servauto:client-intent',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'intent', entrypoint: './src/directives/intent.ts' }),
  },
};

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://www.servauto.my',
  base: '/pc',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory' },
  i18n: {
    locales: ['en', 'zh-cn', 'ms'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    react(),
    clientIntent,
    sitemap({
      i18n: { defaultLocale: 'en', locales: { en: 'en-MY', 'zh-cn': 'zh-CN', ms: 'ms-MY' } },
      // Pages that only lead elsewhere or say something is missing are not for search engines.
      filter: (page) => !/\/(401|404|good|agreement)\/?$/.test(new URL(page).pathname),
    }),
  ],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
