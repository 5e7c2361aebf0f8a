// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { contentChecksIntegration } from './src/integrations/content-checks.mjs';
import { adminBundleIntegration } from './src/integrations/admin-bundle.mjs';
import { validMarkupIntegration } from './src/integrations/valid-markup.mjs';
import { contentMarkdown } from './src/integrations/content-markdown.mjs';

/**
 * The site's dictionaries (src/i18n/{en,zh-cn,ms}.ts) are read only while prerendering: the
 * browser gets a page's words from the page (`dictionary()` in src/i18n/index.ts). Their
 * sentences shared with the server refer to its messages (`said['einvoice.nric']`), and the
 * bundler keeps a property read in case it has an effect, which would put every dictionary and
 * message into the scripts of every page. Declared free of effects, a dictionary nobody in the
 * browser uses is left out, with what it reads.
 * @type {import('vite').Plugin}
 */
const dictionariesWithoutEffects = {
  name: 'servauto:dictionaries-without-effects',
  apply: 'build',
  transform(code, id) {
    return /[\\/]src[\\/]i18n[\\/](?:en|zh-cn|ms)\.ts$/.test(id) ? { code, map: null, moduleSideEffects: false } : null;
  },
};

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

/**
 * What every page runs: React, the stores, the API client, the texts and the top bar's islands.
 * Left to itself the bundler cuts this into thirty-odd small chunks, one per set of pages that
 * shares them; each is compressed on its own, so the same names and class lists are paid for
 * again and again (about 7 KB gzip on every page). As one chunk they are compressed together
 * and fetched in one request. Dialogs loaded on opening (car picker, login) stay apart.
 */
const everyPage = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](nanostores|@nanostores|react|react-dom|scheduler)[\\/]`,
    String.raw`[\\/]src[\\/]stores[\\/](business|car|cart|persisted|product-choice|session-share|ui|user)\.ts$`,
    String.raw`[\\/]src[\\/]i18n[\\/](index|paths)\.ts$`,
    String.raw`[\\/]src[\\/]lib[\\/](api|endpoints|error-catalogue|device|staff-memory|car-check|money)\.ts$`,
    String.raw`[\\/]src[\\/]islands[\\/](ui|overlays|city|car-banner|cart)[\\/]`,
    String.raw`[\\/]src[\\/]islands[\\/]account[\\/]AccountMenu\.tsx$`,
    String.raw`[\\/]contract[\\/](codes|paths[\\/]shop|rules[\\/](language|phone|kl-calendar|money))\.ts$`,
  ].join('|'),
);

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://www.servauto.my',
  base: '/pc',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory' },
  // Content pages are Markdown only: HTML in them shows as written, never runs.
  markdown: { processor: contentMarkdown },
  i18n: {
    locales: ['en', 'zh-cn', 'ms'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    // First: content that would let readers down stops the build before anything is built.
    contentChecksIntegration,
    react(),
    clientIntent,
    validMarkupIntegration,
    adminBundleIntegration,
    sitemap({
      i18n: { defaultLocale: 'en', locales: { en: 'en-MY', 'zh-cn': 'zh-CN', ms: 'ms-MY' } },
      // Pages that only lead elsewhere or say something is missing are not for search engines.
      // Nor are the pages of one customer or of staff, nor search results, which ask them not to index them,
      // nor the content editor.
      filter: (page) => !/\/(401|404|good|agreement|confirm|pages|pages-order|pay\/duitnow|search|garage|my-data|myorder-status(\/detail|\/invoice)?|console(\/[a-z-]+)?|admin)\/?$/.test(new URL(page).pathname),
    }),
  ],
  vite: {
    plugins: [tailwindcss(), eagerCommonJs, dictionariesWithoutEffects],
    build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: everyPage }] } } } },
  },
  devToolbar: { enabled: false },
  server: { port: 4321 },
});
