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

/**
 * React and React DOM are CommonJS, which the bundler wraps in arrow functions that V8 compiles
 * lazily, on the main thread, the first time the wrapper runs: for React DOM that is one long
 * task when the islands wake. Written as parenthesised `function` expressions, V8 compiles them
 * eagerly while the script streams in, off the main thread. Only the bundler's own wrapper calls
 * are touched (before minification, where they carry the helper's name); an arrow and a function
 * differ only in `this` and `arguments`, which module code at its top level does not use.
 * @type {import('vite').Plugin}
 */
const eagerCommonJs = {
  name: 'servauto:eager-commonjs',
  apply: 'build',
  renderChunk(code) {
    if (!code.includes('__commonJSMin(((')) return null;
    return { code: code.replace(/__commonJSMin\(\(\(([\w$, ]*)\) => \{/g, '__commonJSMin((function($1) {'), map: null };
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
      // Nor are the pages of one customer or of staff, nor search results, which ask them not to index them.
      filter: (page) => !/\/(401|404|good|agreement|confirm|pages|pages-order|search|myorder-status(\/detail)?|console(\/[a-z-]+)?)\/?$/.test(new URL(page).pathname),
    }),
  ],
  vite: { plugins: [tailwindcss(), eagerCommonJs] },
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
