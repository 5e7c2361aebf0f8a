// @ts-check
import { glob, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Two things Astro and React write into the built pages that HTML does not allow or the
 * validator (html-validate, `npm test`) refuses, put right once the pages are written:
 *
 * - Astro writes the islands' style (`astro-island{display:contents}`) just before the first
 *   island, inside the body, where a <style> may not stand: it moves to the head.
 * - React's server rendering writes some attribute names as its DOM properties
 *   (`maxLength`, `inputMode`, `autoComplete`, `fetchPriority`…). The HTML parser lowercases
 *   attribute names, so writing them lowercase changes nothing in the page's DOM (nor React's
 *   hydration of it).
 */

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** React's HTML attributes written in camelCase (react-dom's possibleStandardNames). */
const CAMEL_CASE_ATTRIBUTES = [
  'acceptCharset', 'accessKey', 'allowFullScreen', 'autoCapitalize', 'autoComplete', 'autoCorrect', 'autoFocus', 'autoPlay', 'autoSave',
  'cellPadding', 'cellSpacing', 'charSet', 'colSpan', 'contentEditable', 'contextMenu', 'controlsList', 'crossOrigin', 'dateTime', 'encType',
  'enterKeyHint', 'fetchPriority', 'formAction', 'formEncType', 'formMethod', 'formNoValidate', 'formTarget', 'frameBorder', 'hrefLang',
  'httpEquiv', 'imageSizes', 'imageSrcSet', 'inputMode', 'itemID', 'itemProp', 'itemRef', 'itemScope', 'itemType', 'marginHeight',
  'marginWidth', 'maxLength', 'mediaGroup', 'minLength', 'noModule', 'noValidate', 'playsInline', 'popoverTarget', 'popoverTargetAction',
  'radioGroup', 'readOnly', 'referrerPolicy', 'rowSpan', 'spellCheck', 'srcDoc', 'srcLang', 'srcSet', 'tabIndex', 'useMap',
];
const CAMEL_CASE = new RegExp(`(\\s)(${CAMEL_CASE_ATTRIBUTES.join('|')})(?=[\\s=/>])`, 'g');

/** Scripts and styles are passed over as they are: only tags are rewritten. */
const RAW_TEXT = /(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>)/i;

/** @param {string} html */
export function validMarkup(html) {
  let page = html;
  if (page.includes(ISLAND_STYLE)) page = page.split(ISLAND_STYLE).join('').replace('</head>', `${ISLAND_STYLE}</head>`);
  return page
    .split(RAW_TEXT)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/<[a-zA-Z][^<>]*>/g, (tag) => tag.replace(CAMEL_CASE, (_, space, name) => space + name.toLowerCase()))))
    .join('');
}

/** @type {import('astro').AstroIntegration} */
export const validMarkupIntegration = {
  name: 'servauto:valid-markup',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const root = fileURLToPath(dir);
      for await (const page of glob('**/*.html', { cwd: root })) {
        const file = path.join(root, page);
        const html = await readFile(file, 'utf8');
        const valid = validMarkup(html);
        if (valid !== html) await writeFile(file, valid);
      }
    },
  },
};
