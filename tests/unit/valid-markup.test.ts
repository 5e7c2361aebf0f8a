import { describe, expect, test } from 'vitest';
import { validMarkup } from '../../src/integrations/valid-markup.mjs';

/** What the build does to every page so that its HTML is valid (npm run check:html checks the built pages). */
describe('the built pages’ markup', () => {
  const island = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

  test('the islands’ style moves from the body into the head', () => {
    const page = `<!DOCTYPE html><html><head><title>Home</title></head><body><div>${island}<script>(()=>{})()</script><astro-island></astro-island></div></body></html>`;
    expect(validMarkup(page)).toBe(
      `<!DOCTYPE html><html><head><title>Home</title>${island}</head><body><div><script>(()=>{})()</script><astro-island></astro-island></div></body></html>`,
    );
  });

  test('React’s camelCase attribute names are written lowercase; scripts, values, text and SVG names stay', () => {
    const page =
      '<body><img src="/a.webp" fetchPriority="high" alt=""/><input inputMode="numeric" autoComplete="postal-code" maxLength="10" readOnly=""/>' +
      '<p>maxLength="3" in words</p><svg viewBox="0 0 24 24"></svg><script>e.maxLength=5; a <b maxLength=1></script></body>';
    expect(validMarkup(page)).toBe(
      '<body><img src="/a.webp" fetchpriority="high" alt=""/><input inputmode="numeric" autocomplete="postal-code" maxlength="10" readonly=""/>' +
        '<p>maxLength="3" in words</p><svg viewBox="0 0 24 24"></svg><script>e.maxLength=5; a <b maxLength=1></script></body>',
    );
  });
});
